"""Answers must be about the code as it is on disk: bring the index up to date before reading.

With a daemon serving the workspace, it is the only writer: ask it to wait until what changed is
committed. Without one, re-index changed files in-process; when nothing changed that costs one walk (a stat per folder and
per file) and one read of the files table (graphmind/index/scan.py).
"""
from __future__ import annotations

import errno
import logging
from dataclasses import asdict, dataclass, field
from pathlib import Path

import apsw

from graphmind import config
from graphmind.live import client
from graphmind.store.damage import DISK, disk_error
from graphmind.errors import DaemonError, DaemonNotRunningError, GraphmindError, UnsafeFolderError

log = logging.getLogger(__name__)


@dataclass
class Freshness:
    """How current the index was made before an answer."""
    source: str                    # 'daemon' (a running daemon said it is current) | 'refreshed' | 'none'
    changed: int = 0               # files re-indexed to answer
    stale: list[str] = field(default_factory=list)   # files known to differ from the index
    fresh: bool = True             # False: changes may be missing (a wait timed out, or no refresh was done)
    note: str | None = None        # why it is not fresh

    def as_json(self) -> dict:
        return asdict(self)


def _refresh_in_process(root: Path) -> Freshness:
    from graphmind.index import scan, workspace
    try:
        files = workspace.walk(root)
        if scan.matches_index(root, files):     # nothing changed: no writer, no parser imported
            return Freshness("refreshed")
        from graphmind.index.indexer import index_workspace      # heavy: only when something changed
        summary = index_workspace(root, files=files)
    except UnsafeFolderError:                  # nothing can be read from such a folder either: say it once
        raise
    except (GraphmindError, apsw.Error, OSError) as exc:
        if isinstance(exc, DISK) or getattr(exc, "errno", None) == errno.ENOSPC:
            exc = disk_error(root / config.INDEX_DIR, exc)            # the cause, not SQLite's words for it
        log.warning("could not refresh the index: %s", exc)
        return Freshness("none", fresh=False, note=f"not refreshed: {exc}")
    return Freshness("refreshed", summary.changed + summary.removed)


def ensure_fresh(root: Path, timeout: float = 5.0) -> Freshness:
    """Make the index current: wait for a running daemon, else re-index changed files in-process."""
    try:
        reply = client.wait_fresh(root, timeout)
    except DaemonError as exc:             # a daemon runs but did not answer: do not write beside it
        return Freshness("daemon", fresh=False, note=f"the daemon did not answer: {exc}")
    if reply is None:
        if client.lock_held(root):         # starting up, socket not bound yet: it reconciles itself
            return Freshness("daemon", fresh=False, note="the daemon is starting")
        return _refresh_in_process(root)
    pending = reply.get("pending", [])
    if reply.get("fresh"):
        return Freshness("daemon")
    note = f"the daemon had not committed every change after {timeout:g}s"
    return Freshness("daemon", stale=pending, fresh=False, note=note + (" (reconciling)" if reply.get("reconciling") else ""))


def current(root: Path, wait: float | None = None, refresh: bool = True) -> Freshness:
    """Freshness for a query. With a daemon: wait up to `wait` seconds for pending changes when asked,
    else report what is pending. Without one: refresh in-process (unless refresh is False)."""
    try:
        st = client.request(root, "status", io_timeout=2.0)
    except DaemonNotRunningError:
        if client.lock_held(root):
            return Freshness("daemon", fresh=False, note="the daemon is starting")
        return _refresh_in_process(root) if refresh else _not_refreshed()
    except DaemonError as exc:
        return Freshness("daemon", fresh=False, note=f"the daemon did not answer: {exc}")
    if wait is not None:
        return ensure_fresh(root, wait)
    if st.get("pending"):
        return Freshness("daemon", stale=[p for p in st.get("pending_paths", []) if p != "*"], fresh=False,
                         note="changes not yet committed (--wait-fresh waits for them)")
    return Freshness("daemon")


def _not_refreshed() -> Freshness:
    return Freshness("none", fresh=False, note="not refreshed (--no-refresh): files changed on disk may be missed")
