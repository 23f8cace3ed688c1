"""The Store: the one write connection of an index, its transactions, and every INSERT/UPDATE/DELETE."""
from __future__ import annotations

import contextlib
import logging
from pathlib import Path

import apsw
import orjson

from graphmind import private
from graphmind.edgekinds import CALL_KINDS, site_kind, sql_in
from graphmind.models import Delta, FileResult
from graphmind.store.connect import (
    BUSY_TIMEOUT_MS,
    configure,
    graph_version,
    index_path,
    open_database,
    remove_database,
    schema_parts,
    use_wal,
)
from graphmind.store.damage import DAMAGED, confirmed, header_damage, move_aside
from graphmind.store.files import delete_file, replace_file
from graphmind.store.plan import FilePlanner
from graphmind.store.reopen import reopen_calls
from graphmind.store.searchindex import add_files as add_search_rows
from graphmind.store.searchindex import optimize as optimize_search_rows

log = logging.getLogger(__name__)


class Store:
    """The write connection of one index. One Store per process that writes; readers use open_reader."""

    def __init__(self, root: Path, busy_ms: int = BUSY_TIMEOUT_MS):
        """busy_ms: how long to wait for another writer's lock (short for optional writes: the repo map's)."""
        self.root = root
        self._busy_ms = busy_ms
        self.path = index_path(root)
        private.index_dir(root)                         # checked: a real folder of ours, holding no links
        self._file_mode = private.modes_for(root)[1]
        private.create_own(self.path.parent / ".gitignore", self._file_mode, "*\n")
        why = confirmed(self.path, header_damage(self.path))
        if why is not None:
            move_aside(self.path, why)
        try:
            self.conn = self._open()
        except DAMAGED as exc:                  # damage the header did not show (pages overwritten)
            move_aside(self.path, str(exc))
            self.conn = self._open()
        self.version_at_begin: str | None = None    # graph_version when the current transaction began

    def _open(self) -> apsw.Connection:
        tables, self._indexes, version = schema_parts()
        conn = open_database(self.path, self._file_mode)
        configure(conn, self._busy_ms)
        # one snapshot; another process creates the version and its tables in one transaction (below)
        found, has_tables = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version()),"
            " (SELECT count(*) FROM sqlite_master WHERE type='table')").fetchone()
        if has_tables and found != version:
            log.warning("index schema version %s differs from %s: rebuilding the index", found, version)
            conn.close()
            remove_database(self.path)
            conn = open_database(self.path, self._file_mode)
            configure(conn)
        use_wal(conn, self._busy_ms)
        with conn:                  # one transaction: a reader sees the version with every table or neither
            conn.execute(tables)
        if not self.is_empty(conn) and self.filling(conn) is None:     # a cold load resumed drops them again
            conn.execute(self._indexes)
        return conn

    @contextlib.contextmanager
    def transaction(self):
        """A write transaction that takes the write lock up front (BEGIN IMMEDIATE), so it waits for
        another writer instead of failing when a read would have to be upgraded; nested: a savepoint."""
        if self.conn.in_transaction:
            with self.conn:
                yield
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self.version_at_begin = self.graph_version()
        try:
            yield
        except BaseException:
            if self.conn.in_transaction:      # SQLite rolls back by itself on a full disk or an I/O error:
                self.conn.execute("ROLLBACK")  # rolling back again would hide that cause under its own
            raise
        self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def graph_version(self) -> str:
        return graph_version(self.conn)

    @staticmethod
    def is_empty(conn: apsw.Connection) -> bool:
        return conn.execute("SELECT NOT EXISTS (SELECT 1 FROM files)").fetchone()[0] == 1

    @staticmethod
    def filling(conn: apsw.Connection) -> str | None:
        """The phase a cold index was in when it stopped ("load", "resolve"), None when none was cut short:
        the next run resumes it (graphmind/index/indexer.py)."""
        return next((v for (v,) in conn.execute("SELECT value FROM meta WHERE key = 'filling'")), None)

    def set_filling(self, phase: str | None) -> None:
        """Record the phase of the cold index in progress (None: it is done)."""
        with self.transaction():
            if phase is None:
                self.conn.execute("DELETE FROM meta WHERE key = 'filling'")
            else:
                self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('filling', ?)", (phase,))

    # -- bulk-load helpers -------------------------------------------------------------------
    def drop_indexes(self) -> None:
        """Drop secondary indexes before a cold load (the load is ~2.5x faster without them)."""
        for (name,) in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL").fetchall():
            self.conn.execute(f"DROP INDEX {name}")

    def create_indexes(self) -> None:
        """Build the secondary indexes (after a cold load, or if they are missing)."""
        self.conn.execute(self._indexes)
        optimize_search_rows(self.conn)         # merge the lexical tables' segments (graphmind/store/searchindex.py)
        self.conn.execute("ANALYZE")

    def optimize(self) -> None:
        """Refresh planner statistics that went stale (an index that grew from a few files to many
        would otherwise plan walks as table scans)."""
        self.conn.execute("PRAGMA optimize=0x10002")

    def checkpoint(self, truncate: bool = False) -> None:
        """Fold the WAL back into the database while idle, so readers never pay for it; `truncate`
        (a writer that stops) also empties the WAL file instead of leaving it at its largest size."""
        mode = apsw.SQLITE_CHECKPOINT_TRUNCATE if truncate else apsw.SQLITE_CHECKPOINT_PASSIVE
        try:
            self.conn.wal_checkpoint(mode=mode)
        except apsw.BusyError:                   # another writer holds the lock: it will checkpoint
            log.debug("checkpoint skipped: the index is busy")

    def has_pending(self) -> bool:
        """Whether call rows wait for resolution (a run was interrupted after writing them)."""
        return self.conn.execute("SELECT EXISTS (SELECT 1 FROM calls WHERE resolution='pending')").fetchone()[0] == 1

    # -- reads the writer needs --------------------------------------------------------------
    def file_states(self, paths: list[str] | None = None) -> dict[str, tuple[int, int, int, str]]:
        """Indexed files (every one, or those of `paths`): path -> (id, size, mtime_ns, sha256)."""
        if paths is None:
            rows = self.conn.execute("SELECT id, path, size, mtime_ns, sha256 FROM files")
        else:
            rows = self.conn.execute("SELECT id, path, size, mtime_ns, sha256 FROM files WHERE path IN"
                                     " (SELECT value FROM json_each(?))", (orjson.dumps(paths).decode(),))
        return {p: (i, s, m, h) for i, p, s, m, h in rows}

    def file_modules(self, language: str) -> dict[str, str]:
        """Indexed files of a language: path -> the module name they were indexed under."""
        return dict(self.conn.execute("SELECT path, module FROM files WHERE language = ?", (language,)))

    # -- writes -------------------------------------------------------------------------------
    def write_results(self, results: list[FileResult], planner: FilePlanner) -> Delta:
        """Record a batch of processed files in one transaction: every file whole, or none. What
        it changed for calls elsewhere is returned, for `reopen` once the last batch is written."""
        delta = Delta()
        with self.transaction():
            next_id = self.conn.execute("SELECT coalesce(max(id), 0) + 1 FROM symbols").fetchone()[0]
            lexical: list[tuple] = []
            for res in results:
                if res.unchanged:
                    self.conn.execute("UPDATE files SET size=?, mtime_ns=? WHERE path=?",
                                      (res.info.size, res.info.mtime_ns, res.info.path))
                    continue
                next_id, is_wide = replace_file(self.conn, res.info, res.sha256, res.extraction, next_id, delta,
                                                planner, lexical)
                delta.languages.add(res.info.language)
                (delta.wide_modules if is_wide else delta.modules).add(res.extraction.module)
            add_search_rows(self.conn, lexical)     # last: see add_files
            if any(not res.unchanged for res in results):
                self._bump_graph_version()
        return delta

    def reopen(self, delta: Delta, planner: FilePlanner) -> None:
        """Send back to pending the calls elsewhere that the written changes may resolve differently
        (graphmind/store/reopen.py)."""
        with self.transaction():
            reopen_calls(self.conn, delta, planner)

    def delete_files(self, paths: list[str], planner: FilePlanner) -> Delta:
        """Remove files that no longer exist, in one transaction (then `reopen` what they changed)."""
        delta = Delta()
        with self.transaction():
            for path in paths:
                if delete_file(self.conn, path, delta, planner):
                    self._bump_graph_version()
        return delta

    def write_resolutions(self, updates: list[tuple], inserts: list[tuple], deletes: list[tuple],
                          inherit_targets: list[tuple[int, int | None]]) -> None:
        """Record resolutions: pending rows updated in place (target, resolution, candidates, kind, id),
        extra rows of a site inserted, rows of sites that record nothing (a builtin type named) deleted."""
        c = self.conn
        with self.transaction():
            c.executemany("UPDATE calls SET target_id=?, resolution=?, candidates=?, kind=? WHERE id=?", updates)
            c.executemany(
                "INSERT INTO calls(file_id, caller_id, callee, name, line, col, target_id, resolution, candidates,"
                " kind, implicit, arity, args) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", inserts)
            c.executemany("DELETE FROM calls WHERE id=?", deletes)
            c.executemany("UPDATE inherits SET target_id=? WHERE id=?", [(t, i) for i, t in inherit_targets])
            self._bump_graph_version()

    def set_definitions(self, pairs: dict[int, int]) -> None:
        """symbols.definition_id: each C++ declaration's out-of-line definition; others cleared."""
        c = self.conn
        now = dict(c.execute("SELECT id, definition_id FROM symbols WHERE definition_id IS NOT NULL"))
        if now == pairs:
            return
        with self.transaction():
            c.executemany("UPDATE symbols SET definition_id = NULL WHERE id = ?", [(i,) for i in now if i not in pairs])
            c.executemany("UPDATE symbols SET definition_id = ? WHERE id = ?",
                          [(d, i) for i, d in pairs.items() if now.get(i) != d])
            self._bump_graph_version()

    def reset_pending_sites(self, fresh: set[int] = frozenset()) -> None:
        """Collapse every call site with a pending row back to one pending row (drops stale candidates).
        `fresh`: files whose call rows were all just written (pending, one per site): skipped.
        A site is its position, scope, text, implicit flag and site kind: a member read, a type named
        and a call can share a position and a text (`t.Any` read and named in one annotation)."""
        c = self.conn
        with self.transaction():
            pending = c.execute("SELECT id, file_id, line, col, caller_id, callee, implicit, kind FROM calls"
                                " WHERE resolution='pending' ORDER BY id").fetchall()
            keep: dict[tuple, int] = {}
            drop = []
            for cid, *site, kind in pending:
                if site[0] in fresh:
                    continue
                key = (*site, site_kind(kind))
                if key in keep:
                    drop.append((cid,))
                else:
                    keep[key] = cid
            # the other rows of those sites (candidates or targets resolved before): found by file and line
            # (a site is its position, caller, text and implicit flag: `isinstance(x, LIMIT)` holds a
            # type reference and a read of LIMIT at one position)
            for fid, line in sorted({(k[0], k[1]) for k in keep}):
                for cid, col, caller, callee, implicit, kind, how in c.execute(
                        "SELECT id, col, caller_id, callee, implicit, kind, resolution FROM calls"
                        " WHERE file_id=? AND line=?", (fid, line)):
                    if how != "pending" and (fid, line, col, caller, callee, implicit, site_kind(kind)) in keep:
                        drop.append((cid,))
            c.executemany("DELETE FROM calls WHERE id=?", drop)
            self._bump_graph_version()

    def meta(self, key: str) -> str | None:
        return next((v for (v,) in self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,))), None)

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # -- repo map (graphmind/query/maprank.py) --------------------------------------------------------
    def _bump_graph_version(self) -> None:
        """Say the graph changed (inside the caller's transaction): data derived from it is stale."""
        self.conn.execute("INSERT INTO meta(key, value) VALUES ('graph_version', '1') ON CONFLICT(key)"
                          " DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)")

    def write_map(self, version: str, graph: bytes, ranks: list[tuple[int, float]]) -> bool:
        """Store the repo map's graph and unfocused ranking computed at graph `version`; False if it moved."""
        with self.transaction():
            row = self.conn.execute("SELECT value FROM meta WHERE key='graph_version'").fetchone()
            if (row[0] if row else "0") != version:
                return False
            self.conn.execute("DELETE FROM map_ranks")
            self.conn.executemany("INSERT INTO map_ranks(position, symbol_id, score) VALUES (?,?,?)",
                                  [(i, sid, score) for i, (sid, score) in enumerate(ranks)])
            self.conn.execute("INSERT OR REPLACE INTO map_graph(id, data) VALUES (1, ?)", (graph,))
            self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('map_version', ?)", (version,))
        return True

    def totals(self) -> tuple[int, int]:
        """Symbols and resolved call edges. Counting them scans the calls table (0.3 s of a 0.4 s no-op run on
        Django), so the counts are kept in meta.totals with the graph_version they were read at (one
        statement, one snapshot) and taken from there while it is the same: every write of symbols or call
        rows bumps it in its own transaction."""
        kept, version = self.conn.execute("SELECT (SELECT value FROM meta WHERE key = 'totals'),"
                                          " (SELECT value FROM meta WHERE key = 'graph_version')").fetchone()
        if kept is not None:
            at, symbols, edges = kept.split()
            if at == str(version):
                return int(symbols), int(edges)
        version, symbols, edges = self.conn.execute(
            "SELECT (SELECT value FROM meta WHERE key = 'graph_version'),"
            " (SELECT count(*) FROM symbols WHERE kind != 'module'),"
            " (SELECT count(*) FROM calls WHERE target_id IS NOT NULL AND resolution != 'possible'"
            f" AND {sql_in(CALL_KINDS)})").fetchone()
        self.set_meta("totals", f"{version} {symbols} {edges}")
        return symbols, edges
