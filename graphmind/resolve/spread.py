"""Resolution spread over the cores, for a cold index: the tables and the resolver are built once,
forked worker processes inherit them and resolve disjoint chunks of pending rows, and the one writer
writes each chunk's results as soon as it is done, whatever its place: one slow chunk (an evaluation
that takes minutes) never idles the other workers. The rows equal those of one process resolving
alone (only the ids of a multi-target site's extra rows differ, and nothing reads an order in them):
a site's edges depend only on the tables (the evaluators' memo answers the same whatever was asked
first), never on which process asked or when its chunk was written, since a chunk's writes touch
only its own rows (tests/test_spread.py compares whole exports).

Each worker goes through its own contiguous segment of the id ranges (ids follow file paths), so its
memo serves the files that follow, and then helps with what others have left (`claim`).
A worker takes a range of ids, not the rows: it reads the pending rows of its range itself, through
a read-only connection of its own, so the writer neither reads them nor pickles them (on Django,
370k rows: about a second of the writer's time that the workers waited for). Workers read committed
rows only, so a pass inside an open transaction is not spread."""
from __future__ import annotations

import gc
import multiprocessing
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import apsw

from graphmind import edgekinds as K
from graphmind.edgekinds import site_kind
from graphmind.pools import as_done, started_safely, watch_owner
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.python.narrowing import narrowed_rows
from graphmind.resolve.sites import resolve_site
from graphmind.store import BUSY_TIMEOUT_MS, open_read_only

RESOLVE_CHUNK = 20_000      # pending call rows resolved and written per step
SPREAD_MIN_SITES = 25_000   # fewer pending rows than this are resolved in the writer's process
IN_FLIGHT = 2               # chunks per worker in flight (one running, one queued)
MAX_ANSWERS = 300_000       # answers a cold pass's resolver holds at most between chunks (~0.4 kB each)

_LAST_ID = 2 ** 63 - 1

Resolved = tuple[list, list, list, int]      # updates, inserts, deletes, rows read


class _Shared:
    """What forked workers inherit (set in the writer before the pool starts), and a worker's own state."""

    def __init__(self) -> None:
        self.resolver: Resolver | None = None
        self.spans: list[tuple[int, int]] = []        # the id ranges to resolve
        self.bounds = None                            # shared: next place and end of each worker's segment
        self.started = None                           # shared: workers started (each takes the next segment)
        self.home = 0                                 # in a worker: its segment
        self.reader: apsw.Connection | None = None    # in a worker: its read connection, opened at its first range


_shared = _Shared()


def pending_ranges(conn: apsw.Connection) -> Iterator[tuple[int, int]]:
    """Id ranges (after, upto] of RESOLVE_CHUNK pending call rows each (the last may hold fewer), in id
    order; computed as they are taken, so rows resolved meanwhile are not counted again."""
    last = 0
    while True:
        row = conn.execute("SELECT id FROM calls WHERE resolution='pending' AND id > ? ORDER BY id LIMIT 1 OFFSET ?",
                           (last, RESOLVE_CHUNK - 1)).fetchone()
        if row is None:
            if conn.execute("SELECT 1 FROM calls WHERE resolution='pending' AND id > ?", (last,)).fetchone():
                yield last, _LAST_ID
            return
        yield last, row[0]
        last = row[0]


def pending_rows(conn: apsw.Connection, span: tuple[int, int]) -> list[tuple]:
    """The pending call rows of an id range (after, upto], in id order."""
    return conn.execute(
        "SELECT id, file_id, caller_id, callee, name, line, col, implicit, kind, arity, args FROM calls"
        " WHERE resolution='pending' AND id > ? AND id <= ? ORDER BY id", span).fetchall()


def pending_chunks(conn: apsw.Connection) -> Iterator[list[tuple]]:
    """The pending call rows, RESOLVE_CHUNK at a time, in id order (rows written meanwhile are not pending)."""
    return (pending_rows(conn, span) for span in pending_ranges(conn))


def resolve_chunk(r: Resolver, pending: list[tuple]) -> Resolved:
    """The writes that resolve a chunk of pending rows: rows updated in place, extra rows of multi-target
    sites, implicit calls that reached nothing deleted."""
    seen: dict[tuple, list] = {}             # the same call text in the same scope resolves alike
    updates, inserts, deletes = [], [], []
    for cid, fid, caller, callee, name, line, col, implicit, kind, arity, args in pending:
        site = site_kind(kind)
        at = r.types.point(caller, line)         # where order matters in the caller: which part of its body
        key = (caller, callee, name, implicit, site, arity, args, at)
        rows = seen.get(key)
        if rows is None:
            rows = seen[key] = resolve_site(r, caller, callee, name, implicit, site, arity, args, at)
        if not implicit and site == K.CALL and "." in callee and "?" + callee.partition(".")[0] in \
                r.t.bindings.get(caller, ()):          # inside an isinstance check's block
            rows = narrowed_rows(r, caller, callee, line, at) or rows
        if not rows:
            deletes.append((cid,))
            continue
        updates.append((*rows[0], cid))
        inserts.extend((fid, caller, callee, name, line, col, *row, implicit, arity, args) for row in rows[1:])
    return updates, inserts, deletes, len(pending)


def resolve_bounded(r: Resolver, pending: list[tuple], most: int = MAX_ANSWERS) -> Resolved:
    """resolve_chunk, then the resolver's answers dropped if it holds more than `most` (an answer asked
    again is computed again, equal: rows do not change, only the time they take). Without a bound a
    worker of the million-line workspace holds ~750k answers, ~300 MB beside the ~290 MB it inherits."""
    out = resolve_chunk(r, pending)
    if r.answers() > most:
        r.forget()
    return out


def claim(bounds, home: int) -> int:
    """The place of the next range a worker resolves: the first left of its own segment (bounds[2k],
    bounds[2k+1]: next place and end of segment k), else the last of the segment with the most left
    (taken from its far end, away from the worker working through it). Each worker thus goes through
    files of one part of the tree, and its memo serves its next ranges; the caller holds the lock."""
    segment = home
    if bounds[2 * home] >= bounds[2 * home + 1]:
        segment = max(range(len(bounds) // 2), key=lambda k: bounds[2 * k + 1] - bounds[2 * k])
        if bounds[2 * segment] >= bounds[2 * segment + 1]:
            raise IndexError("no range left to claim")
        bounds[2 * segment + 1] -= 1
        return bounds[2 * segment + 1]
    bounds[2 * segment] += 1
    return bounds[2 * segment] - 1


def segments(n: int, jobs: int) -> list[int]:
    """n places cut into `jobs` contiguous segments: [next, end] of each, flat."""
    cuts = [n * k // jobs for k in range(jobs + 1)]
    return [x for k in range(jobs) for x in (cuts[k], cuts[k + 1])]


def _start(owner: int) -> None:
    watch_owner(owner)
    with _shared.bounds.get_lock():                       # the worker's segment: in the order they start
        _shared.home = _shared.started.value % (len(_shared.bounds) // 2)
        _shared.started.value += 1


def _work(path: str) -> Resolved:
    if _shared.reader is None:
        _shared.reader = open_read_only(Path(path))
        _shared.reader.set_busy_timeout(BUSY_TIMEOUT_MS)
    with _shared.bounds.get_lock():
        place = claim(_shared.bounds, _shared.home)
    return resolve_bounded(_shared.resolver, pending_rows(_shared.reader, _shared.spans[place]))


def can_spread(conn: apsw.Connection, jobs: int, todo: int) -> bool:
    """Whether workers pay off and may be forked (several cores, enough rows, no other thread whose
    locks a fork would copy mid-use: the daemon resolves in its own process) and can read the rows
    (committed: no transaction open)."""
    return jobs > 1 and todo >= SPREAD_MIN_SITES and threading.active_count() == 1 and not conn.in_transaction


def resolved_chunks(r: Resolver, path: Path, spans: list[tuple[int, int]], jobs: int) -> Iterator[Resolved]:
    """resolve_chunk over the pending rows of every id range of the database at `path`, in forked
    workers that inherit `r`, results as they finish: one task per range, each worker claiming the
    next range of its own segment of the list (`claim`)."""
    context = multiprocessing.get_context("fork")
    _shared.resolver, _shared.spans = r, spans
    _shared.bounds, _shared.started = context.Array("q", segments(len(spans), jobs)), context.RawValue("q", 0)
    gc.freeze()                              # the inherited tables stay shared: no collector writes to them
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start, initargs=(os.getpid(),))
    try:
        started_safely(pool)
        yield from as_done(pool, _work, [str(path)] * len(spans), IN_FLIGHT * jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _shared.__init__()
        gc.unfreeze()
