"""Pending changes between the watcher and the writer: debounced and coalesced per path.

Each path seen changing waits until it has been quiet for DEBOUNCE_S (or pending for MAX_DELAY_S
while it keeps changing); then the writer takes every due path in one batch. A full reconcile
(start-up, queue overflow, a folder or an ignore file changed) is the key FULL and takes everything.
Every change carries a sequence number; `wait_settled(seq)` returns once no change numbered up to
seq is pending or being written, which is what `wait_fresh` answers.
While the writer waits for paths to go quiet, `take` can hand them to it to read ahead (`meanwhile`):
the debounce is idle time, and a save's parse done in it is not done again once the path is due.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

DEBOUNCE_S = 0.05          # quiet time that ends a burst of events on one path
MAX_DELAY_S = 1.0          # a path that never goes quiet is written anyway after this
AHEAD_MAX_PATHS = 4        # more paths waiting than this are parsed when due (in workers, if many)
FULL = "*"                 # the key of a full reconcile


@dataclass
class Pending:
    first_seq: int         # the oldest change not yet written
    first_at: float
    last_at: float
    retried: bool = False  # already waited once for a missing file to come back
    offered_at: float = -1.0   # last_at when it was last handed to `meanwhile`


@dataclass
class Batch:
    """What the writer takes: paths (relative), whether to reconcile everything, and when."""
    paths: dict[str, Pending] = field(default_factory=dict)
    full: bool = False
    taken_at: float = 0.0
    flushed: bool = False  # someone is waiting for it: no grace for missing files

    @property
    def last_event_at(self) -> float:
        return max((p.last_at for p in self.paths.values()), default=self.taken_at)


class ChangeQueue:
    """Thread-safe: the watcher adds, the writer takes and marks done, waiters wait."""

    def __init__(self, debounce: float = DEBOUNCE_S, max_delay: float = MAX_DELAY_S):
        self.debounce, self.max_delay = debounce, max_delay
        self._cond = threading.Condition()
        self._pending: dict[str, Pending] = {}
        self._inflight: dict[str, int] = {}        # key -> first_seq of what is being written
        self._seq = 0
        self._flush_seq = 0                        # changes up to this one are due now
        self._closed = False
        self.events = 0

    @property
    def seq(self) -> int:
        with self._cond:
            return self._seq

    def add(self, key: str, now: float | None = None) -> None:
        """Record a change to a relative path (or FULL)."""
        now = time.monotonic() if now is None else now
        with self._cond:
            self._seq += 1
            self.events += 1
            p = self._pending.get(key)
            if p is None:
                self._pending[key] = Pending(self._seq, now, now)
            else:
                p.last_at = now
            self._cond.notify_all()

    def retry(self, key: str, pending: Pending, delay: float) -> None:
        """Put a taken path back, due after `delay` (a file missing mid-save may come back)."""
        with self._cond:
            cur = self._pending.get(key)
            if cur is None:
                now = time.monotonic()
                self._pending[key] = Pending(pending.first_seq, now, now + delay - self.debounce, True)
            else:
                cur.first_seq = min(cur.first_seq, pending.first_seq)
            self._cond.notify_all()

    def _due(self, p: Pending, now: float) -> bool:
        return (p.first_seq <= self._flush_seq or now - p.last_at >= self.debounce
                or now - p.first_at >= self.max_delay)

    def take(self, timeout: float, meanwhile: Callable[[list[str]], None] | None = None) -> Batch | None:
        """The due changes, waiting up to `timeout` for some; None when there are none (or closed).
        While waiting, `meanwhile` gets the paths that changed since it last got them (at most
        AHEAD_MAX_PATHS waiting, no reconcile), called without the lock: the watcher keeps adding."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._closed:
                now = time.monotonic()
                due = [k for k, p in self._pending.items() if self._due(p, now)]
                if not due and meanwhile is not None:
                    fresh = self._not_offered()
                    if fresh:
                        self._cond.release()
                        try:
                            meanwhile(fresh)
                        finally:
                            self._cond.acquire()
                        continue
                if due:
                    batch = Batch(taken_at=now)
                    if FULL in due:
                        due = list(self._pending)
                        batch.full = True
                    for k in due:
                        p = self._pending.pop(k)
                        batch.flushed = batch.flushed or p.first_seq <= self._flush_seq
                        self._inflight[k] = min(self._inflight.get(k, p.first_seq), p.first_seq)
                        if k != FULL:
                            batch.paths[k] = p
                    return batch
                if now >= deadline:
                    return None
                soonest = min((min(p.last_at + self.debounce, p.first_at + self.max_delay)
                               for p in self._pending.values()), default=deadline)
                self._cond.wait(max(0.001, min(deadline, soonest) - now))
            return None

    def _not_offered(self) -> list[str]:
        """Pending paths changed since `meanwhile` last got them, marked as offered now (the lock held)."""
        if FULL in self._pending or len(self._pending) > AHEAD_MAX_PATHS:
            return []
        fresh = [k for k, p in self._pending.items() if p.last_at > p.offered_at]
        for k in fresh:
            self._pending[k].offered_at = self._pending[k].last_at
        return fresh

    def done(self, batch: Batch) -> None:
        """The writer committed (or gave up on) a batch."""
        with self._cond:
            for k in list(batch.paths) + ([FULL] if batch.full else []):
                self._inflight.pop(k, None)
            self._cond.notify_all()

    def flush(self, upto: int) -> None:
        """Make every change numbered up to `upto` due now (someone waits for it)."""
        with self._cond:
            self._flush_seq = max(self._flush_seq, upto)
            self._cond.notify_all()

    def _settled(self, upto: int) -> bool:
        return (all(p.first_seq > upto for p in self._pending.values())
                and all(s > upto for s in self._inflight.values()))

    def wait_settled(self, upto: int, timeout: float) -> bool:
        """Wait until every change numbered up to `upto` is written; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._settled(upto):
                left = deadline - time.monotonic()
                if left <= 0 or self._closed:
                    return self._settled(upto)
                self._cond.wait(left)
            return True

    def pending_paths(self, limit: int = 50) -> list[str]:
        """Paths changed but not yet written (FULL means a reconcile is pending)."""
        with self._cond:
            keys = list(self._pending) + [k for k in self._inflight if k not in self._pending]
        return sorted(keys)[:limit]

    def pending_count(self) -> int:
        with self._cond:
            return len(set(self._pending) | set(self._inflight))

    def close(self) -> None:
        """Wake every waiter: the daemon is stopping."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
