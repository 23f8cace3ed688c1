"""The content-addressed extraction cache: a SQLite file of its own, shared by worktrees' daemons."""
from __future__ import annotations

import logging
import time
from pathlib import Path

import apsw

from graphmind import private
from graphmind.store.connect import cache_schema, configure, open_database, remove_database, schema_parts, use_wal

log = logging.getLogger(__name__)

CACHE_BUSY_MS = 1000        # the extraction cache is advisory: a writer does not wait long for it


class ExtractionFile:
    """The content-addressed extraction cache (graphmind/index/reuse.py), a SQLite file of its own that the
    daemons of several worktrees may share. Advisory: a write that finds it busy is skipped."""

    def __init__(self, path: Path, folder_mode: int = 0o700):
        private.own_dir(path.parent, folder_mode, folder_mode & 0o666)
        self.path, self._file_mode = path, folder_mode & 0o666
        try:
            self.conn = self._open()
        except (apsw.NotADBError, apsw.CorruptError) as exc:     # derived data: start it afresh
            log.warning("extraction cache %s unreadable (%s): starting it afresh", path, exc)
            remove_database(path)
            self.conn = self._open()

    def _open(self) -> apsw.Connection:
        conn = open_database(self.path, self._file_mode)
        try:
            configure(conn, CACHE_BUSY_MS)
            version = schema_parts()[2]
            if conn.execute("PRAGMA user_version").fetchone()[0] != version:
                conn.execute("DROP TABLE IF EXISTS extractions")      # written by another version
                conn.execute(f"PRAGMA user_version = {version}")
            use_wal(conn, CACHE_BUSY_MS)
            conn.execute(cache_schema())
        except BaseException:
            conn.close()
            raise
        return conn

    def get(self, sha: str, variant: str) -> bytes | None:
        """The stored extraction of this content, or None when never seen."""
        row = self.conn.execute("SELECT data FROM extractions WHERE sha256=? AND variant=?", (sha, variant)).fetchone()
        return row[0] if row else None

    def put(self, rows: list[tuple[str, str, bytes]], used: list[tuple[str, str]]) -> bool:
        """Store extractions by (sha256, variant) and mark the `used` ones as used now; False if busy."""
        now = time.time()
        try:
            with self.conn:
                self.conn.executemany("INSERT OR REPLACE INTO extractions(sha256, variant, data, used_at)"
                                      " VALUES (?,?,?,?)", [(*r, now) for r in rows])
                self.conn.executemany("UPDATE extractions SET used_at=? WHERE sha256=? AND variant=?",
                                      [(now, *u) for u in used])
        except apsw.BusyError:
            log.info("extraction cache %s busy: %d new entries not kept", self.path, len(rows))
            return False
        return True

    def prune(self, keep: int) -> int:
        """Drop the least recently used extractions beyond `keep`; returns how many were dropped."""
        try:
            with self.conn:
                return len(self.conn.execute(
                    "DELETE FROM extractions WHERE (sha256, variant) IN (SELECT sha256, variant FROM extractions"
                    " ORDER BY used_at DESC LIMIT -1 OFFSET ?) RETURNING 1", (keep,)).fetchall())
        except apsw.BusyError:
            return 0

    def count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM extractions").fetchone()[0]

    def close(self) -> None:
        self.conn.close()
