"""A damaged or foreign index file: told apart from a healthy one, moved aside, rebuilt.

The index is derived data, so a file that is not a whole SQLite database (text, a bad header, a
truncated file, pages overwritten) is renamed to `index.db.damaged` -- nothing of the user's is
deleted -- and the next writer builds a fresh index in its place."""
from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import apsw

log = logging.getLogger(__name__)

DAMAGED = (apsw.CorruptError, apsw.NotADBError)     # what SQLite raises on such a file, at any statement
DISK = (apsw.FullError, apsw.IOError)               # what SQLite raises when the disk is full or fails
FULL_BELOW_MB = 1.0      # an I/O error with less free than this is a full disk (tmpfs: the -shm cannot grow)
_MAGIC = b"SQLite format 3\x00"


def header_damage(path: Path) -> str | None:
    """Why a file cannot be a whole SQLite database, from its 100-byte header and its size; None when
    it looks whole (or is missing or empty: a new index). Cheap enough for every open."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None                          # not opened here: the connection refuses it by name
        with open(path, "rb") as fh:
            head = fh.read(100)
            size = os.fstat(fh.fileno()).st_size
    except FileNotFoundError:
        return None
    if size == 0:
        return None
    if len(head) < 100 or not head.startswith(_MAGIC):
        return "not an SQLite database"
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        return "its header is damaged"
    pages = int.from_bytes(head[28:32], "big")
    if head[24:28] == head[92:96] and pages * page > size:        # the page count is valid: compare
        return f"truncated ({size} of {pages * page} bytes)"
    return None


def confirmed(path: Path, why: str | None) -> str | None:
    """`why` when SQLite agrees the file is damaged (a checkpoint in progress can make a whole file
    look short for a moment: a consistent read of it settles that), else None."""
    if why is None:
        return None
    try:
        conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
        try:
            conn.set_busy_timeout(5000)
            result = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
        finally:
            conn.close()
    except DAMAGED:
        return why
    except apsw.Error:                           # busy, locked, unreadable: not proof of damage
        return None
    return None if result == "ok" else why


def move_aside(path: Path, why: str) -> Path:
    """Rename a damaged index (and its WAL) to `<name>.damaged`, replacing an older one; log one line."""
    aside = path.with_name(path.name + ".damaged")
    for suffix in ("", "-wal", "-shm"):
        try:
            os.replace(str(path) + suffix, str(aside) + suffix)
        except FileNotFoundError:
            pass
    log.warning("%s is damaged (%s): moved aside to %s; the index is rebuilt", path, why, aside.name)
    return aside


def disk_error(folder: Path, exc: BaseException):
    """The error a user reads for SQLite's full-disk or I/O error (or ENOSPC) on the index in `folder`:
    DiskFullError with the space left when the disk is (nearly) full, else DiskIOError."""
    import errno

    from graphmind.errors import DiskFullError, DiskIOError
    try:
        st = os.statvfs(folder if folder.exists() else folder.parent)
        free = st.f_bavail * st.f_frsize / 1e6
    except OSError:
        free = None
    full = isinstance(exc, apsw.FullError) or getattr(exc, "errno", None) == errno.ENOSPC
    if full or (free is not None and free < FULL_BELOW_MB):
        return DiskFullError(free, f"{folder}/")
    return DiskIOError(f"({exc})")
