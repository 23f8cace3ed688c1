"""Where an index lives and how it is opened: path, run lock, schema text, WAL, read-only connections."""
from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable
from pathlib import Path

import apsw

from graphmind import config, private
from graphmind.errors import NoIndexError
from graphmind.resources import read_text

_INDEX_MARKER = "-- indexes:"
_CACHE_MARKER = "-- extraction cache:"
BUSY_TIMEOUT_MS = 5000


@contextlib.contextmanager
def write_lock(root: Path, on_wait: Callable[[bool], None] | None = None):
    """Hold the workspace's index-run lock (`.graphmind/write.lock`): the cold path writes in
    several transactions, so two runs on an empty index must not interleave. on_wait(True) is
    called when another process holds it, on_wait(False) once it is ours (the daemon's status)."""
    fd = private.open_own(private.index_dir(root) / "write.lock", os.O_RDWR | os.O_CREAT)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if on_wait is not None:
                on_wait(True)
            fcntl.flock(fd, fcntl.LOCK_EX)
            if on_wait is not None:
                on_wait(False)
        yield
    finally:
        os.close(fd)                                # releases the lock


def index_path(root: Path) -> Path:
    """Where a workspace's index lives."""
    return root / config.INDEX_DIR / config.INDEX_FILE


def schema_parts() -> tuple[str, str, int]:
    """schema.sql's table statements, its index statements and its user_version."""
    text = read_text("schema.sql").partition(_CACHE_MARKER)[0]
    tables, _, indexes = text.partition(_INDEX_MARKER)
    version = int(text.split("user_version", 1)[1].split("=", 1)[1].split(";", 1)[0])
    return tables, indexes.split("\n", 1)[1] if indexes else "", version


def cache_schema() -> str:
    """schema.sql's statements for the extraction cache's own file."""
    return read_text("schema.sql").partition(_CACHE_MARKER)[2].split("\n", 1)[1]


def graph_version(conn: apsw.Connection) -> str:
    """meta.graph_version: bumped by every write of the graph, by any process."""
    row = conn.execute("SELECT value FROM meta WHERE key='graph_version'").fetchone()
    return row[0] if row else "0"


def use_wal(conn: apsw.Connection, busy_ms: int) -> None:
    """Switch a database to WAL. On a new file this needs it alone, and SQLite answers busy at once
    rather than waiting (two first runs starting together): retry until busy_ms has passed."""
    deadline = time.monotonic() + busy_ms / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except apsw.BusyError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def configure(conn: apsw.Connection, busy_ms: int = BUSY_TIMEOUT_MS) -> None:
    """Set a write connection's busy timeout and sync level."""
    conn.set_busy_timeout(busy_ms)
    conn.execute("PRAGMA synchronous=NORMAL")


def remove_database(path: Path) -> None:
    """Delete a database file and its WAL and shared-memory files (derived data, rebuilt afresh)."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.unlink(str(path) + suffix)
        except FileNotFoundError:
            pass


def _unlinked(path: Path) -> str:
    """path with its folder's links resolved: SQLite's NOFOLLOW refuses a link anywhere in the path, and
    a workspace may live under one (/tmp -> /private/tmp); the file itself must not be one."""
    return os.path.join(os.path.realpath(path.parent), path.name)


def open_database(path: Path, file_mode: int) -> apsw.Connection:
    """A read-write connection to a database file of graphmind's, made with file_mode when missing (its
    WAL and shared-memory files take the same mode); SQLite follows no link to it."""
    private.create_own(path, file_mode)
    return apsw.Connection(_unlinked(path), flags=apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE
                           | apsw.SQLITE_OPEN_NOFOLLOW)


def open_read_only(path: Path) -> apsw.Connection:
    """A read-only connection to a database file of graphmind's, never through a link."""
    return apsw.Connection(_unlinked(path), flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_NOFOLLOW)


def open_reader(root: Path) -> apsw.Connection:
    """A read-only connection to a workspace's index; raises NoIndexError when there is none."""
    path = private.index_dir(root, create=False) / config.INDEX_FILE
    if not path.is_file():
        raise NoIndexError()
    conn = open_read_only(path)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    version = schema_parts()[2]
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found != version:
        raise NoIndexError(f"(the index was built by another graphmind version: {found} != {version})")
    return conn
