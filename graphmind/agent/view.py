"""What a tool reads from: the workspace root, a read-only connection to an index made current first
(through the daemon the server keeps, else by re-indexing changed files), the files known stale."""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import apsw

from graphmind.agent import progress
from graphmind.live import freshness
from graphmind.live.keeper import Keeper, snapshot

_root: list[Path] = [Path.cwd()]
_keeper: list[Keeper | None] = [None]          # set by serving(): keeps a daemon serving the workspace
_refresh_lock = threading.Lock()


@dataclass
class IndexView:
    """What a tool reads from: the workspace root, a read-only index connection, files known stale."""
    root: Path
    conn: apsw.Connection
    stale: set[str]
    fresh: freshness.Freshness


@contextlib.contextmanager
def serving(root: Path, keeper: Keeper | None) -> Iterator[None]:
    """Serve `root` (keeping its daemon through `keeper`, or refreshing in-process when None) until
    the server stops; then a daemon run in this process stops too."""
    _root[0], _keeper[0] = root, keeper
    try:
        yield
    finally:
        if keeper is not None:
            keeper.close()


@contextlib.contextmanager
def index_view() -> Iterator[IndexView]:
    """A fresh index to answer from: through the daemon (attached, or run in this process; a first
    index is waited for with progress notifications), else re-indexing changed files here."""
    root = _root[0]
    with snapshot(root, _keeper[0], _refresh_lock, progress.report) as (conn, fresh):
        yield IndexView(root, conn, set(getattr(fresh, "stale", []) or []), fresh)
