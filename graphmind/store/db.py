"""The one writer of the SQLite index: schema, connections, and every INSERT/UPDATE/DELETE."""
from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import time
from pathlib import Path

import apsw
import orjson

from graphmind import config
from graphmind.resolve import interface
from graphmind.store import searchindex
from graphmind.errors import NoIndexError
from graphmind.languages import family_members
from graphmind.models import Delta, Extraction, FileInfo, FileResult
from graphmind.resources import read_text

log = logging.getLogger(__name__)

_INDEX_MARKER = "-- indexes:"
_CACHE_MARKER = "-- extraction cache:"
FEW_NAMES = 16        # up to this many names, call texts are pre-filtered in SQL (cost: rows x names)
BUSY_TIMEOUT_MS = 5000
CACHE_BUSY_MS = 1000        # the extraction cache is advisory: a writer does not wait long for it


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


def _schema_parts() -> tuple[str, str, int]:
    text = read_text("schema.sql").partition(_CACHE_MARKER)[0]
    tables, _, indexes = text.partition(_INDEX_MARKER)
    version = int(text.split("user_version", 1)[1].split("=", 1)[1].split(";", 1)[0])
    return tables, indexes.split("\n", 1)[1] if indexes else "", version


def _cache_schema() -> str:
    return read_text("schema.sql").partition(_CACHE_MARKER)[2].split("\n", 1)[1]


def graph_version(conn: apsw.Connection) -> str:
    """meta.graph_version: bumped by every write of the graph, by any process."""
    row = conn.execute("SELECT value FROM meta WHERE key='graph_version'").fetchone()
    return row[0] if row else "0"


def _use_wal(conn: apsw.Connection, busy_ms: int) -> None:
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


def _configure(conn: apsw.Connection, busy_ms: int = BUSY_TIMEOUT_MS) -> None:
    conn.set_busy_timeout(busy_ms)
    conn.execute("PRAGMA synchronous=NORMAL")


def open_reader(root: Path) -> apsw.Connection:
    """A read-only connection to a workspace's index; raises NoIndexError when there is none."""
    path = index_path(root)
    if not path.is_file():
        raise NoIndexError()
    conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    tables, _, version = _schema_parts()
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found != version:
        raise NoIndexError(f"(the index was built by another graphmind version: {found} != {version})")
    return conn


class Store:
    """The write connection of one index. One Store per process that writes; readers use open_reader."""

    def __init__(self, root: Path, busy_ms: int = BUSY_TIMEOUT_MS):
        """busy_ms: how long to wait for another writer's lock (short for optional writes: the repo map's)."""
        self.root = root
        self._busy_ms = busy_ms
        self.path = index_path(root)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        gitignore = self.path.parent / ".gitignore"
        if not gitignore.exists():
            gitignore.write_text("*\n")
        self.conn = self._open()
        self.version_at_begin: str | None = None    # graph_version when the current transaction began

    def _open(self) -> apsw.Connection:
        tables, self._indexes, version = _schema_parts()
        conn = apsw.Connection(str(self.path))
        _configure(conn, self._busy_ms)
        # one statement, one snapshot: another process creating the index meanwhile sets the version
        # before its tables, so tables without the version are never seen half-made
        found, has_tables = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version()),"
            " (SELECT count(*) FROM sqlite_master WHERE type='table')").fetchone()
        if has_tables and found != version:
            log.warning("index schema version %s differs from %s: rebuilding the index", found, version)
            conn.close()
            for suffix in ("", "-wal", "-shm"):
                try:
                    os.unlink(str(self.path) + suffix)
                except FileNotFoundError:
                    pass
            conn = apsw.Connection(str(self.path))
            _configure(conn)
        _use_wal(conn, self._busy_ms)
        conn.execute(tables)
        if not self.is_empty(conn):
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
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def graph_version(self) -> str:
        return graph_version(self.conn)

    @staticmethod
    def is_empty(conn: apsw.Connection) -> bool:
        return conn.execute("SELECT NOT EXISTS (SELECT 1 FROM files)").fetchone()[0] == 1

    # -- bulk-load helpers -------------------------------------------------------------------
    def drop_indexes(self) -> None:
        """Drop secondary indexes before a cold load (the load is ~2.5x faster without them)."""
        for (name,) in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL").fetchall():
            self.conn.execute(f"DROP INDEX {name}")

    def create_indexes(self) -> None:
        """Build the secondary indexes (after a cold load, or if they are missing)."""
        self.conn.execute(self._indexes)
        searchindex.optimize(self.conn)         # merge the lexical tables' segments (graphmind/store/searchindex.py)
        self.conn.execute("ANALYZE")

    def optimize(self) -> None:
        """Refresh planner statistics that went stale (an index that grew from a few files to many
        would otherwise plan walks as table scans)."""
        self.conn.execute("PRAGMA optimize=0x10002")

    def checkpoint(self) -> None:
        """Fold the WAL back into the database while idle, so readers never pay for it."""
        try:
            self.conn.wal_checkpoint(mode=apsw.SQLITE_CHECKPOINT_PASSIVE)
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

    # -- writes -------------------------------------------------------------------------------
    def write_results(self, results: list[FileResult]) -> Delta:
        """Record a batch of processed files in one transaction: every file whole, or none. What
        it changed for calls elsewhere is returned, for `reopen` once the last batch is written."""
        delta = Delta()
        with self.transaction():
            next_id = self.conn.execute("SELECT coalesce(max(id), 0) + 1 FROM symbols").fetchone()[0]
            for res in results:
                if res.unchanged:
                    self.conn.execute("UPDATE files SET size=?, mtime_ns=? WHERE path=?",
                                      (res.info.size, res.info.mtime_ns, res.info.path))
                    continue
                next_id, is_wide = self._replace_file(res.info, res.sha256, res.extraction, next_id, delta)
                delta.languages.add(res.info.language)
                (delta.wide_modules if is_wide else delta.modules).add(res.extraction.module)
            if any(not res.unchanged for res in results):
                self._bump_graph_version()
        return delta

    def _replace_file(self, info: FileInfo, sha: str, ext: Extraction, next_id: int,
                      delta: Delta) -> tuple[int, bool]:
        """Replace one file's rows, keeping the ids of definitions that survive (graphmind/resolve/interface.py);
        adds to `delta` what calls elsewhere may now resolve differently by. Returns the next free
        symbol id and whether importers of the file must be resolved again."""
        c = self.conn
        row = c.execute("SELECT id FROM files WHERE path=?", (info.path,)).fetchone()
        # no hash (the file could not be read): record mtime -1 so the next run tries it again
        mtime = info.mtime_ns if sha or ext.status != "error" else -1
        values = (info.language, ext.module, info.size, mtime, sha, ext.status, ext.error, time.time())
        stored = ext.status != "skipped" and not (ext.status == "error" and not ext.symbols)
        new = interface.of_extraction(ext if stored else Extraction(module=ext.module))
        reuse: dict[tuple, list[tuple]] = {}
        hashes = [searchindex.text_hash(info.path, sym) for sym in ext.symbols] if stored else []
        same_text: set[int] = set()          # kept symbols whose lexical rows stay as they are
        if row is None:
            file_id = c.execute(
                "INSERT INTO files(path, language, module, size, mtime_ns, sha256, status, error, indexed_at)"
                " VALUES (?,?,?,?,?,?,?,?,?) RETURNING id", (info.path, *values)).fetchone()[0]
            kept: list[int | None] = [None] * len(new.keys)
            wide = True                              # a new module: what imported it may resolve now
            delta.names.update(new.names)
            delta.names.update(new.aliases())
        else:
            file_id = row[0]
            old, old_ids, old_hashes = interface.of_rows(c, file_id)
            kept = interface.keep_ids(old, old_ids, new)
            change = interface.compare(old, new)
            wide = change.wide
            delta.names.update(change.names)
            if wide:                                 # every name the file defines or binds, before and after
                delta.wide = True
                delta.names.update(old.names, new.names)
                delta.names.update(old.aliases() | new.aliases())
            else:
                reuse = self._old_resolutions(file_id, interface.unchanged_scopes(old, new), change.names)
            delta.gone |= set(old_ids) - {k for k in kept if k is not None}
            same_text = {k for k, h in zip(kept, hashes) if k is not None and old_hashes.get(k) == h}
            self._clear_file(file_id, same_text, every_text_kept=len(same_text) == len(old_ids))
            c.execute("UPDATE files SET language=?, module=?, size=?, mtime_ns=?, sha256=?, status=?, error=?,"
                      " indexed_at=? WHERE id=?", (*values, file_id))
        delta.files.add(file_id)
        if not stored:
            delta.fresh.add(file_id)
            return next_id, wide
        ids = []
        for k in kept:
            if k is None:
                k, next_id = next_id, next_id + 1
            ids.append(k)
        c.executemany(
            "INSERT INTO symbols(id, file_id, qualname, name, kind, start_line, end_line, start_byte, end_byte,"
            " signature, parent_id, text_hash) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [(ids[i], file_id, s.qualname, s.name, s.kind, s.start_line, s.end_line, s.start_byte, s.end_byte,
              s.signature, None if s.parent is None else ids[s.parent], hashes[i]) for i, s in enumerate(ext.symbols)])
        searchindex.add_file(c, file_id, info.path, ids, ext.symbols, skip=same_text)
        pending, resolved = [], []
        for k in ext.calls:
            rows = reuse.get((ids[k.caller], k.callee, k.name, k.implicit)) if reuse else None
            if rows is None:
                pending.append((file_id, ids[k.caller], k.callee, k.name, k.line, k.col, k.implicit))
            else:                                    # resolved as before: the same rows at the new position
                resolved.extend((file_id, ids[k.caller], k.callee, k.name, k.line, k.col, *r, k.implicit) for r in rows)
        c.executemany(
            "INSERT INTO calls(file_id, caller_id, callee, name, line, col, resolution, implicit)"
            " VALUES (?,?,?,?,?,?,'pending',?)", pending)
        c.executemany(
            "INSERT INTO calls(file_id, caller_id, callee, name, line, col, target_id, resolution, candidates,"
            " implicit) VALUES (?,?,?,?,?,?,?,?,?,?)", resolved)
        if not resolved:                             # one pending row per site: nothing to collapse later
            delta.fresh.add(file_id)
        c.executemany(
            "INSERT INTO bindings(file_id, scope_id, name, kind, value, line) VALUES (?,?,?,?,?,?)",
            [(file_id, ids[b.scope], b.name, b.kind, b.value, b.line) for b in ext.bindings])
        c.executemany(
            "INSERT INTO imports(file_id, scope_id, module, symbol, alias, resolved, line) VALUES (?,?,?,?,?,?,?)",
            [(file_id, ids[m.scope], m.module, m.symbol, m.alias, m.resolved, m.line) for m in ext.imports])
        c.executemany(
            "INSERT INTO inherits(file_id, class_id, base, position) VALUES (?,?,?,?)",
            [(file_id, ids[h.cls], h.base, h.position) for h in ext.inherits])
        return next_id, wide

    def _old_resolutions(self, file_id: int, scopes: set[str], names: set[str]) -> dict[tuple, list[tuple]]:
        """The resolved rows of one site per (caller id, callee, name, implicit) in unchanged scopes,
        for calls that mention none of `names` (graphmind/resolve/interface.py says why they still hold)."""
        out: dict[tuple, list[tuple]] = {}
        if not scopes:
            return out
        sites: dict[tuple, tuple] = {}
        for caller, qual, callee, name, implicit, line, col, target, how, cands in self.conn.execute(
                "SELECT c.caller_id, s.qualname, c.callee, c.name, c.implicit, c.line, c.col, c.target_id,"
                " c.resolution, c.candidates FROM calls c JOIN symbols s ON s.id = c.caller_id WHERE c.file_id=?"
                " AND c.resolution != 'pending' ORDER BY c.id", (file_id,)):
            if qual not in scopes or (names and not names.isdisjoint(interface.IDENT.findall(callee))):
                continue
            key = (caller, callee, name, implicit)
            if sites.setdefault(key, (line, col)) == (line, col):
                out.setdefault(key, []).append((target, how, cands))
        return out

    def _clear_file(self, file_id: int, same_text: set[int] | None = None, every_text_kept: bool = False) -> None:
        """Delete a file's rows (calls elsewhere that reached one of its definitions: see `reopen`);
        `same_text`: the file stays, and these symbols' lexical rows are kept (their texts did not change)."""
        c = self.conn
        searchindex.delete_file(c, file_id, same_text, every_text_kept)
        for table in ("calls", "imports", "inherits", "bindings", "symbols"):
            c.execute(f"DELETE FROM {table} WHERE file_id=?", (file_id,))

    def _reopen_by_name(self, names: set[str], languages: set[str]) -> None:
        """Calls naming a definition or import binding that appeared or vanished may resolve differently
        (only in the changed files' language families: names never resolve across them)."""
        if names and languages:
            langs = sorted({m for lang in languages for m in family_members(lang)})
            self.conn.execute(
                "UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution != 'pending'"
                " AND name IN (SELECT value FROM json_each(?1)) AND file_id IN"
                " (SELECT id FROM files WHERE language IN (SELECT value FROM json_each(?2)))",
                (orjson.dumps(sorted(names)).decode(), orjson.dumps(langs).decode()))

    def reopen(self, delta: Delta) -> None:
        """Send back to pending the calls elsewhere that the written changes may resolve differently:
        by the names that appeared or vanished (and what they are imported as), calls typed through
        a module whose interface changed, and chains mentioning a new or vanished name there."""
        with self.transaction():
            if delta.gone:                          # calls that reached a definition now gone
                self.conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE target_id IN"
                                  " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(delta.gone)).decode(),))
            delta.names = self._aliases_of(delta.names)
            self._reopen_by_name(delta.names, delta.languages)
            self._reopen_importers(delta.wide_modules)
            self._reopen_importers(delta.modules - delta.wide_modules, delta.names)

    def _aliases_of(self, names: set[str]) -> set[str]:
        """The names, and every name they are imported as (`from a import Base as B`), transitively."""
        found, frontier = set(names), set(names)
        while frontier:
            frontier = {alias for (alias,) in self.conn.execute(
                "SELECT DISTINCT alias FROM imports WHERE symbol IN (SELECT value FROM json_each(?))",
                (orjson.dumps(sorted(frontier)).decode(),))} - found
            found |= frontier
        return found

    def _reopen_importers(self, modules: set[str], mentioning: set[str] | None = None) -> None:
        """Calls in files importing changed modules may have been typed through them: resolve them again
        (only those whose text mentions one of `mentioning`, when given: `obj.added().run()`)."""
        if not modules or (mentioning is not None and not mentioning):
            return
        files: set[int] = set()
        for module in sorted(modules):
            package, _, last = module.rpartition(".")
            files.update(f for (f,) in self.conn.execute(
                "SELECT file_id FROM imports WHERE resolved = ? UNION SELECT file_id FROM imports"
                " WHERE resolved = ? AND symbol = ?", (module, package, last)))
        if mentioning is not None and files:
            # a chain through a name calls it on the way (`obj.added().run` comes with `obj.added`):
            # only files with a call of that name can hold one
            files &= {f for (f,) in self.conn.execute(
                "SELECT DISTINCT file_id FROM calls WHERE name IN (SELECT value FROM json_each(?))",
                (orjson.dumps(sorted(mentioning)).decode(),))}
        if not files:
            return
        sql = ("SELECT c.id, c.callee FROM json_each(?1) f JOIN calls c ON c.file_id = f.value WHERE c.resolution IN"
               " ('inferred', 'self', 'possible', 'unresolved', 'external')")
        args = [orjson.dumps(sorted(files)).decode()]
        if mentioning is not None:
            # names and bare calls were re-opened by name: here only chains (`obj.added().run`)
            sql += " AND instr(c.callee, '.') > 0"
            if len(mentioning) <= FEW_NAMES:         # a substring test in SQL first, then whole identifiers
                sql += " AND EXISTS (SELECT 1 FROM json_each(?2) WHERE instr(c.callee, value) > 0)"
                args.append(orjson.dumps(sorted(mentioning)).decode())
        rows = self.conn.execute(sql, args)
        ids = [cid for cid, callee in rows if mentioning is None or not mentioning.isdisjoint(interface.IDENT.findall(callee))]
        self._reopen_ids(ids)

    def _reopen_ids(self, ids: list[int]) -> None:
        if ids:
            self.conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE id IN"
                              " (SELECT value FROM json_each(?))", (orjson.dumps(ids).decode(),))

    def delete_files(self, paths: list[str]) -> Delta:
        """Remove files that no longer exist, in one transaction (then `reopen` what they changed)."""
        delta = Delta()
        with self.transaction():
            for path in paths:
                row = self.conn.execute("SELECT id, module, language FROM files WHERE path=?", (path,)).fetchone()
                if row:
                    file_id, module, language = row
                    old, old_ids, _ = interface.of_rows(self.conn, file_id)
                    names = set(old.names) | old.aliases()
                    delta.removed.add(file_id)
                    delta.gone.update(old_ids)
                    delta.names |= names
                    delta.languages.add(language)
                    delta.wide_modules.add(module)
                    self._clear_file(file_id)
                    self.conn.execute("DELETE FROM files WHERE id=?", (file_id,))
                    self._bump_graph_version()
        return delta

    def write_resolutions(self, updates: list[tuple], inserts: list[tuple], deletes: list[tuple],
                          inherit_targets: list[tuple[int, int | None]]) -> None:
        """Record resolutions: pending rows updated in place (target, resolution, candidates, id),
        extra candidate rows inserted, implicit calls that reached nothing deleted."""
        c = self.conn
        with self.transaction():
            c.executemany("UPDATE calls SET target_id=?, resolution=?, candidates=? WHERE id=?", updates)
            c.executemany(
                "INSERT INTO calls(file_id, caller_id, callee, name, line, col, target_id, resolution, candidates,"
                " implicit) VALUES (?,?,?,?,?,?,?,?,?,?)", inserts)
            c.executemany("DELETE FROM calls WHERE id=?", deletes)
            c.executemany("UPDATE inherits SET target_id=? WHERE id=?", [(t, i) for i, t in inherit_targets])
            self._bump_graph_version()

    def reset_pending_sites(self, fresh: set[int] = frozenset()) -> None:
        """Collapse every call site with a pending row back to one pending row (drops stale candidates).
        `fresh`: files whose call rows were all just written (pending, one per site): skipped."""
        c = self.conn
        with self.transaction():
            pending = c.execute("SELECT id, file_id, line, col, caller_id, callee FROM calls"
                                " WHERE resolution='pending' ORDER BY id").fetchall()
            keep: dict[tuple, int] = {}
            drop = []
            for cid, *site in pending:
                if site[0] in fresh:
                    continue
                key = tuple(site)
                if key in keep:
                    drop.append((cid,))
                else:
                    keep[key] = cid
            # the other rows of those sites (candidates or targets resolved before): found by file and line
            for fid, line in sorted({(k[0], k[1]) for k in keep}):
                for cid, col, caller, callee, how in c.execute(
                        "SELECT id, col, caller_id, callee, resolution FROM calls WHERE file_id=? AND line=?",
                        (fid, line)):
                    if how != "pending" and (fid, line, col, caller, callee) in keep:
                        drop.append((cid,))
            c.executemany("DELETE FROM calls WHERE id=?", drop)
            self._bump_graph_version()

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


class ExtractionFile:
    """The content-addressed extraction cache (graphmind/index/reuse.py), a SQLite file of its own that the
    daemons of several worktrees may share. Advisory: a write that finds it busy is skipped."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self.conn = self._open()
        except (apsw.NotADBError, apsw.CorruptError) as exc:     # derived data: start it afresh
            log.warning("extraction cache %s unreadable (%s): starting it afresh", path, exc)
            for suffix in ("", "-wal", "-shm"):
                try:
                    os.unlink(str(path) + suffix)
                except FileNotFoundError:
                    pass
            self.conn = self._open()

    def _open(self) -> apsw.Connection:
        conn = apsw.Connection(str(self.path))
        try:
            _configure(conn, CACHE_BUSY_MS)
            version = _schema_parts()[2]
            if conn.execute("PRAGMA user_version").fetchone()[0] != version:
                conn.execute("DROP TABLE IF EXISTS extractions")      # written by another version
                conn.execute(f"PRAGMA user_version = {version}")
            _use_wal(conn, CACHE_BUSY_MS)
            conn.execute(_cache_schema())
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
