"""What the daemon's writer is doing now and the last update that failed: `daemon status` shows both,
so a failing or waiting writer is never just a growing count of pending changes."""
from __future__ import annotations

import threading
import time

from graphmind import logs
from graphmind.errors import StoppedError


class WriterState:
    """Set by the writer thread, read by status requests (each value is replaced whole, never mutated)."""

    def __init__(self, stopping: threading.Event) -> None:
        self.stopping = stopping
        self.now: dict = {}
        self.last_error: dict | None = None
        self._before: dict | None = None
        self.set("starting", "loading the resolver's tables")

    def set(self, state: str, detail: str = "") -> None:
        """starting | idle | updating | reconciling | waiting | retrying, and what it is about."""
        self.now = {"state": state, "detail": detail, "since": time.time()}

    def updating(self, full: bool, paths: list[str]) -> None:
        if full:
            self.set("reconciling", "comparing the whole workspace with the index")
        else:
            self.set("updating", f"{len(paths)} file(s): " + ", ".join(logs.escape(p) for p in paths[:3])
                     + (" …" if len(paths) > 3 else ""))

    def progress(self, phase: str, done: int, total: int) -> None:
        """index_files' progress (parse, resolve, indexes), shown by status while a long update runs:
        the MCP server reports it to an agent waiting for a first index. Also where a long update
        (a first reconcile: a whole cold index) notices that the daemon is stopping: StoppedError
        unwinds it, its transaction rolls back, and the next start resumes from what was committed."""
        if self.stopping.is_set():
            raise StoppedError(f"during the {phase} phase ({done} of {total})")
        self.now = {**self.now, "progress": {"phase": phase, "done": done, "total": total}}

    def lock_wait(self, waiting: bool) -> None:
        """write_lock's on_wait: another graphmind process is writing this index (a `graphmind index` run)."""
        if waiting:
            self._before = self.now
            self.set("waiting", "for .graphmind/write.lock: another graphmind process is writing this index")
        elif self._before is not None:
            self.now, self._before = {**self._before, "since": time.time()}, None

    def failed(self, exc: BaseException, full: bool, paths: list[str], retry_in: float) -> None:
        failing = self.last_error["failures"] if self.last_error else 0
        self.last_error = {"at": time.time(), "error": logs.escape(f"{type(exc).__name__}: {exc}"), "full": full,
                           "paths": paths[:20], "failures": failing + 1}
        self.set("retrying", f"a full reconcile in {retry_in:g}s")

    def succeeded(self) -> None:
        if self.last_error and self.last_error["failures"]:
            self.last_error = {**self.last_error, "failures": 0}

    def as_json(self) -> dict:
        return {"writer": self.now, "last_error": self.last_error}
