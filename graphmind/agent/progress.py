"""MCP progress notifications from a tool running in the SDK's worker thread: the tool's request
context is kept for the thread while the tool runs, and reports go back to the event loop."""
from __future__ import annotations

import contextlib
import logging
import threading

import anyio.from_thread

log = logging.getLogger(__name__)

# Where each phase of a first index falls on a 0..1 scale: one progress value that only grows.
SPANS = {"starting": (0.0, 0.02), "parse": (0.02, 0.6), "resolve": (0.6, 0.95), "indexes": (0.95, 1.0)}
WORDS = {"parse": "parsing {done}/{total} files", "resolve": "resolving {done}/{total} call sites",
         "indexes": "building the indexes"}

_local = threading.local()


@contextlib.contextmanager
def reporting(ctx):
    """While a tool runs in this thread, progress goes to the request `ctx` (an MCP Context)."""
    _local.ctx, _local.last = ctx, -1.0
    try:
        yield
    finally:
        _local.ctx = None


def report(phase: str, done: int, total: int) -> None:
    """Send one progress notification for the current tool call (no-op outside one, or when the
    value would not grow, as the protocol requires)."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        return
    lo, hi = SPANS.get(phase, SPANS["starting"])
    value = round(lo + (hi - lo) * (done / total if total else 0.0), 4)
    if value <= _local.last:
        return
    _local.last = value
    message = "indexing the workspace: " + WORDS.get(phase, phase).format(done=done, total=total)
    try:
        anyio.from_thread.run(ctx.report_progress, value, 1.0, message)
    except Exception as exc:                   # the client went away meanwhile: the answer will not reach it either
        log.debug("progress not sent: %s", exc)
