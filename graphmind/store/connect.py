"""Where an index lives and how it is opened: path, run lock, schema text, WAL, read-only connections."""
from __future__ import annotations

import contextlib
import fcntl
import os
import time
from pathlib import Path

import apsw

from graphmind import config
from graphmind.errors import NoIndexError
from graphmind.resources import read_text

_INDEX_MARKER = "-- indexes:"
_CACHE_MARKER = "-- extraction cache:"
BUSY_TIMEOUT_MS = 5000


@contextlib.contextmanager
def write_lock(root: Path):
    """Hold the workspace's index-run lock (`.graphmind/write.lock`): the cold path writes in
    several transactions, so two runs on an empty index must not interleave."""
    path = root / config.INDEX_DIR / "write.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


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


def open_reader(root: Path) -> apsw.Connection:
    """A read-only connection to a workspace's index; raises NoIndexError when there is none."""
    path = index_path(root)
    if not path.is_file():
        raise NoIndexError()
    conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    version = schema_parts()[2]
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found != version:
        raise NoIndexError(f"(the index was built by another graphmind version: {found} != {version})")
    return conn
