"""The semantic index's files: the workspace's vectors (`.graphmind/vectors.db`: one row per embedded
definition, and which files are done) and the embeddings by text key that worktrees share (like the
extraction cache). Both are derived data with a version of their own: on a mismatch they start afresh.
Vectors are stored as float16 bytes; this module never interprets them."""
from __future__ import annotations

import logging
import time
from pathlib import Path

import apsw
import orjson

from graphmind import config, private
from graphmind.store.connect import (
    configure,
    open_database,
    open_read_only,
    remove_database,
    use_wal,
)

log = logging.getLogger(__name__)

VERSION = 1
VECTORS_FILE = "vectors.db"
BUSY_MS = 1000
_WORKSPACE = """
CREATE TABLE IF NOT EXISTS vectors (
    symbol_id INTEGER PRIMARY KEY,       -- symbols.id in the index when the file was embedded
    path      TEXT NOT NULL,
    qualname  TEXT NOT NULL,             -- checked against the index at query time
    key       BLOB NOT NULL,             -- the text's key (graphmind/semantic/texts.py)
    vec       BLOB NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS vectors_path ON vectors(path);
CREATE TABLE IF NOT EXISTS embedded (
    path   TEXT PRIMARY KEY,
    sha256 TEXT NOT NULL,                -- the content embedded
    ids    TEXT NOT NULL                 -- its symbols' ids then, as JSON: a re-index renumbers them
) STRICT;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
"""
_SHARED = """
CREATE TABLE IF NOT EXISTS embeddings (
    key     BLOB PRIMARY KEY,
    vec     BLOB NOT NULL,
    used_at REAL NOT NULL
) STRICT;
"""


def vectors_path(root: Path) -> Path:
    """Where a workspace's vectors live: beside its index."""
    return root / config.INDEX_DIR / VECTORS_FILE


def _open(path: Path, ddl: str, mode: int) -> apsw.Connection:
    for attempt in (1, 2):
        conn = open_database(path, mode)
        try:
            configure(conn, BUSY_MS)
            if conn.execute("PRAGMA user_version").fetchone()[0] != VERSION:
                for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
                    conn.execute(f"DROP TABLE IF EXISTS {name}")
                conn.execute(f"PRAGMA user_version = {VERSION}")
            use_wal(conn, BUSY_MS)
            conn.execute(ddl)
            return conn
        except (apsw.NotADBError, apsw.CorruptError) as exc:     # derived data: start it afresh
            conn.close()
            if attempt == 2:
                raise
            log.warning("vector file %s unreadable (%s): starting it afresh", path, exc)
            remove_database(path)
    raise AssertionError("unreachable")


class VectorFile:
    """The writer of a workspace's vectors and of the shared embeddings (one writer: the index lock's
    holder; readers open vectors.db read-only)."""

    def __init__(self, root: Path, shared: Path | None):
        """shared: the embeddings file by key (None: none; it is advisory, so one that fails is left out)."""
        folder_mode, file_mode = private.modes_for(root)
        private.index_dir(root)
        self.conn = _open(vectors_path(root), _WORKSPACE, file_mode)
        self.shared = None
        if shared is not None:
            try:
                private.own_dir(shared.parent, folder_mode, file_mode)
                self.shared = _open(shared, _SHARED, file_mode)
            except (OSError, apsw.Error) as exc:                 # advisory: work without it
                log.info("shared embeddings %s not usable (%s)", shared, exc)

    def meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta"))

    def set_meta(self, values: dict[str, str]) -> None:
        with self.conn:
            if self.meta() != values:          # another model or token cap: every vector is stale
                self.conn.execute("DELETE FROM vectors")
                self.conn.execute("DELETE FROM embedded")
                self.conn.execute("DELETE FROM meta")
                self.conn.executemany("INSERT INTO meta VALUES (?, ?)", list(values.items()))

    def embedded(self) -> dict[str, tuple[str, str]]:
        """path -> (sha256, ids as JSON) of every file whose definitions are all embedded."""
        return {p: (s, i) for p, s, i in self.conn.execute("SELECT path, sha256, ids FROM embedded")}

    def known(self, keys: list[bytes]) -> dict[bytes, bytes]:
        """The vectors already computed for these keys, here or in the shared file."""
        out: dict[bytes, bytes] = {}
        arg = orjson.dumps([k.hex() for k in keys]).decode()
        sql = "SELECT key, vec FROM {t} WHERE key IN (SELECT unhex(value) FROM json_each(?))"
        out.update(self.conn.execute(sql.format(t="vectors"), (arg,)).fetchall())
        if self.shared is not None and len(out) < len(keys):
            try:
                out.update(self.shared.execute(sql.format(t="embeddings"), (arg,)).fetchall())
            except apsw.BusyError:
                pass
        return out

    def write_files(self, files: list[tuple[str, str, list[int]]], rows: list[tuple[int, str, str, bytes, bytes]],
                    new: list[tuple[bytes, bytes]]) -> None:
        """Replace these files' vectors (path, sha256, symbol ids) with `rows` (symbol_id, path, qualname,
        key, vec) in one transaction; `new` vectors also go to the shared file."""
        with self.conn:
            self.conn.executemany("DELETE FROM vectors WHERE path = ?", [(p,) for p, _, _ in files])
            self.conn.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?, ?)", rows)
            self.conn.executemany("INSERT OR REPLACE INTO embedded VALUES (?, ?, ?)",
                                  [(p, s, orjson.dumps(ids).decode()) for p, s, ids in files])
        if self.shared is not None:
            now = time.time()
            try:
                with self.shared:
                    self.shared.executemany("INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
                                            [(k, v, now) for k, v in new])
                    self.shared.executemany("UPDATE embeddings SET used_at = ? WHERE key = ?",
                                            [(now, r[3]) for r in rows])
            except apsw.BusyError:
                log.info("shared embeddings busy: %d vectors not shared", len(new))

    def prune(self, keep: int) -> int:
        """Drop the least recently used shared embeddings beyond `keep` (the file does not grow with
        history); returns how many were dropped."""
        if self.shared is None:
            return 0
        try:
            with self.shared:
                return len(self.shared.execute(
                    "DELETE FROM embeddings WHERE key IN (SELECT key FROM embeddings ORDER BY used_at DESC"
                    " LIMIT -1 OFFSET ?) RETURNING 1", (keep,)).fetchall())
        except apsw.BusyError:
            return 0

    def count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM vectors").fetchone()[0]

    def drop_files(self, paths: list[str]) -> None:
        """Forget files no longer indexed."""
        with self.conn:
            self.conn.executemany("DELETE FROM vectors WHERE path = ?", [(p,) for p in paths])
            self.conn.executemany("DELETE FROM embedded WHERE path = ?", [(p,) for p in paths])

    def close(self) -> None:
        self.conn.close()
        if self.shared is not None:
            self.shared.close()


def read_vectors(root: Path) -> tuple[dict[str, str], list[tuple[int, str, bytes]]] | None:
    """(meta, [(symbol_id, qualname, vec)]) from a workspace's vector file, or None when it has none."""
    path = vectors_path(root)
    if not path.is_file():
        return None
    conn = open_read_only(path)
    try:
        conn.set_busy_timeout(BUSY_MS)
        if conn.execute("PRAGMA user_version").fetchone()[0] != VERSION:
            return None
        return (dict(conn.execute("SELECT key, value FROM meta")),
                conn.execute("SELECT symbol_id, qualname, vec FROM vectors ORDER BY symbol_id").fetchall())
    except apsw.SQLError:               # created, tables not yet there
        return None
    finally:
        conn.close()


def vectors_stamp(root: Path) -> tuple[int, ...] | None:
    """A cheap token that changes when the vector file is written: size and mtime of it and of its WAL.
    An empty WAL counts as none: SQLite makes one when a connection opens the file and removes it when
    the last closes, so a pass that wrote nothing (the daemon makes one after every update) would
    otherwise make every process read all the vectors again."""
    path = vectors_path(root)
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    out = [st.st_size, st.st_mtime_ns]
    try:
        wal = path.with_name(path.name + "-wal").stat()
    except FileNotFoundError:
        return tuple(out)
    return tuple(out + [wal.st_size, wal.st_mtime_ns] if wal.st_size else out)


def count_vectors(root: Path) -> int:
    """How many definitions a workspace has vectors for (0 without a vector file)."""
    path = vectors_path(root)
    if not path.is_file():
        return 0
    conn = open_read_only(path)
    try:
        conn.set_busy_timeout(BUSY_MS)
        return conn.execute("SELECT count(*) FROM vectors").fetchone()[0]
    except apsw.SQLError:
        return 0
    finally:
        conn.close()
