"""Where an index lives and how it is opened: path, run lock, schema text, WAL, read-only connections."""
from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import apsw

from graphmind import config, private
from graphmind.pools import process_alive  # noqa: F401  (callers take it from the store)
from graphmind.errors import DamagedIndexError, NoIndexError
from graphmind.resources import read_text
from graphmind.store.damage import DAMAGED, confirmed, header_damage

_INDEX_MARKER = "-- indexes:"
_CACHE_MARKER = "-- extraction cache:"
BUSY_TIMEOUT_MS = 5000
LOCK_POLL_S = 0.05        # how often a waiting run tries the write lock again

log = logging.getLogger(__name__)


_HELD: set[int] = set()          # write-lock fds this process holds: closed in forked children


def _forget_held_locks() -> None:
    """In a forked child (a parser worker): drop the inherited write-lock fds, so a worker that
    outlives its parent never keeps the lock (an flock belongs to every process sharing the fd)."""
    for fd in list(_HELD):
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


os.register_at_fork(after_in_child=_forget_held_locks)


@contextlib.contextmanager
def write_lock(root: Path, on_wait: Callable[[bool], None] | None = None):
    """Hold the workspace's index-run lock (`.graphmind/write.lock`): the cold path writes in
    several transactions, so two runs on an empty index must not interleave. on_wait(True) is
    called when another process holds it, on_wait(False) once it is ours (the daemon's status).

    The holder writes its pid in the file. A lock that stays busy while that pid is gone is stale
    (a process that inherited it outlived the writer): it is taken over, with a log line, by
    locking a fresh file put in its place."""
    path = private.index_dir(root) / "write.lock"
    fd = _take_lock(path, on_wait)
    _HELD.add(fd)
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        _HELD.discard(fd)
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _take_lock(path: Path, on_wait: Callable[[bool], None] | None = None) -> int:
    """An fd of `path` holding its flock: waits while a live process holds it, replaces a stale one."""
    waiting = False
    while True:
        fd = private.open_own(path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            if not waiting and on_wait is not None:
                on_wait(True)
            waiting = True
            if holder is not None and not process_alive(holder):
                log.warning("write.lock was held for pid %s, which is gone (a process it started kept the"
                            " lock): taken over", holder)
                fresh = path.with_name(f"write.lock.{os.getpid()}")
                os.close(private.open_own(fresh, os.O_RDWR | os.O_CREAT | os.O_TRUNC))
                os.replace(fresh, path)
            else:
                time.sleep(LOCK_POLL_S)
            continue
        if _same_file(fd, path):                  # not replaced by a takeover between open and flock
            if waiting and on_wait is not None:
                on_wait(False)
            return fd
        os.close(fd)


def _holder(fd: int) -> int | None:
    text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    return int(text) if text.isdigit() and len(text) < 12 else None


def _same_file(fd: int, path: Path) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    own = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (own.st_dev, own.st_ino)


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


def _plain_files(path: Path) -> None:
    """A database file and its WAL and shared-memory files, each a plain file or missing: SQLite opens
    them by name and would wait forever reading a FIFO planted there."""
    for suffix in ("", "-wal", "-shm"):
        private.plain_or_missing(f"{path}{suffix}")


def open_database(path: Path, file_mode: int) -> apsw.Connection:
    """A read-write connection to a database file of graphmind's, made with file_mode when missing (its
    WAL and shared-memory files take the same mode); SQLite follows no link to it."""
    _plain_files(path)
    private.create_own(path, file_mode)
    return apsw.Connection(_unlinked(path), flags=apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE
                           | apsw.SQLITE_OPEN_NOFOLLOW)


def open_read_only(path: Path) -> apsw.Connection:
    """A read-only connection to a database file of graphmind's, never through a link."""
    _plain_files(path)
    return apsw.Connection(_unlinked(path), flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_NOFOLLOW)


def open_reader(root: Path) -> apsw.Connection:
    """A read-only connection to a workspace's index; raises NoIndexError when there is none."""
    path = private.index_dir(root, create=False) / config.INDEX_FILE
    if not path.is_file():
        raise NoIndexError()
    why = confirmed(path, header_damage(path))     # a checkpoint under way can make it look short
    if why is not None:
        raise DamagedIndexError(f"({why})")
    conn = open_read_only(path)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    version = schema_parts()[2]
    try:
        found = conn.execute("PRAGMA user_version").fetchone()[0]
    except DAMAGED as exc:
        conn.close()
        raise DamagedIndexError(f"({exc})") from exc
    except apsw.CantOpenError:
        conn.close()
        if os.access(path.parent, os.W_OK):
            raise
        conn = _read_only_folder(path)
        found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found != version:
        raise NoIndexError(f"(the index was built by another graphmind version: {found} != {version})")
    return conn


def _read_only_folder(path: Path) -> apsw.Connection:
    """The index in a folder nobody can write: WAL readers cannot make their -shm file there and
    nobody can write the index either, so it is read as it stands (immutable). When a writer was
    killed after committing, its last transactions are only in the -wal file, which an immutable
    reader never looks at: then the database and its WAL are copied to a private temporary folder
    and read from there (SQLite replays the WAL), so a query sees every committed change."""
    wal = Path(f"{path}-wal")
    if not wal.is_file() or wal.stat().st_size == 0:
        return apsw.Connection(f"file:{quote(_unlinked(path))}?immutable=1",
                               flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI | apsw.SQLITE_OPEN_NOFOLLOW)
    import atexit
    import shutil
    import tempfile
    copy = Path(tempfile.mkdtemp(prefix="graphmind-ro-")) / path.name
    atexit.register(shutil.rmtree, copy.parent, True)
    shutil.copyfile(path, copy, follow_symlinks=False)
    shutil.copyfile(wal, f"{copy}-wal", follow_symlinks=False)
    log.info("the index folder is read-only and holds an unmerged WAL: reading a private copy")
    conn = apsw.Connection(str(copy), flags=apsw.SQLITE_OPEN_READWRITE)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    return conn
