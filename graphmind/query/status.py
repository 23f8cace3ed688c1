"""What the index holds and how old it is: `graphmind status`."""
from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

import apsw

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.places import cache_path
from graphmind.query.edges import json_list
from graphmind.languages import level
from graphmind.store import index_path, open_read_only


def failing_files(conn: apsw.Connection, shown: int = 50) -> dict:
    """Files not indexed whole (status partial or error, with the reason): their total and the first few."""
    total = conn.execute("SELECT count(*) FROM files WHERE status != 'ok'").fetchone()[0]
    files = [{"file": p, "status": s, "error": e} for p, s, e in conn.execute(
        "SELECT path, status, error FROM files WHERE status != 'ok' ORDER BY path LIMIT ?", (shown,))]
    return {"total": total, "files": files}


def recovered_files(conn: apsw.Connection, shown: int = 20) -> dict:
    """Files indexed whole only after the constructs the grammar rejects were blanked (what was, where)."""
    where = "status = 'ok' AND error LIKE 'blanked to parse:%'"
    total = conn.execute(f"SELECT count(*) FROM files WHERE {where}").fetchone()[0]
    files = [{"file": p, "blanked": e} for p, e in conn.execute(
        f"SELECT path, error FROM files WHERE {where} ORDER BY path LIMIT ?", (shown,))]
    return {"total": total, "files": files}


def index_status(conn: apsw.Connection, root: Path) -> dict:
    """Counts by language, by file status and by edge resolution; index age and size; failing files."""
    q = conn.execute
    languages = {lang: {"files": n, "symbols": s} for lang, n, s in q(
        "SELECT f.language, count(DISTINCT f.id), count(s.id) FROM files f"
        " LEFT JOIN symbols s ON s.file_id = f.id AND s.kind != 'module' GROUP BY f.language ORDER BY 2 DESC")}
    for lang, counts in languages.items():
        counts["level"] = language_level(lang)
    statuses = dict(q("SELECT status, count(*) FROM files GROUP BY status ORDER BY status"))
    calls_only = sql_in(CALL_KINDS)
    resolutions = dict(q(f"SELECT resolution, count(*) FROM calls WHERE {calls_only} GROUP BY resolution ORDER BY 2 DESC"))
    edge_kinds = dict(q("SELECT kind, count(*) FROM calls WHERE target_id IS NOT NULL AND resolution != 'possible'"
                        " GROUP BY kind ORDER BY 2 DESC").fetchall()
                      + q("SELECT 'inherit', count(*) FROM inherits WHERE target_id IS NOT NULL").fetchall())
    problems = failing_files(conn)["files"]
    indexed_at = q("SELECT value FROM meta WHERE key='indexed_at'").fetchone()
    skipped = q("SELECT value FROM meta WHERE key='skipped'").fetchone()
    db = index_path(root)
    size = sum(os.path.getsize(str(db) + s) for s in ("", "-wal") if os.path.exists(str(db) + s))
    files = sum(v["files"] for v in languages.values())
    return {
        "root": str(root),
        "files": files,
        "symbols": q("SELECT count(*) FROM symbols WHERE kind != 'module'").fetchone()[0],
        "call_sites": q("SELECT count(DISTINCT file_id || ':' || line || ':' || col) FROM calls"
                        f" WHERE {calls_only}").fetchone()[0],
        "resolved_edges": q("SELECT count(*) FROM calls WHERE target_id IS NOT NULL AND resolution != 'possible'"
                            f" AND {calls_only}").fetchone()[0],
        "edges_by_kind": edge_kinds,
        "imports": q("SELECT count(*) FROM imports").fetchone()[0],
        "inherits": q("SELECT count(*) FROM inherits").fetchone()[0],
        "languages": languages,
        "file_status": statuses,
        "resolutions": resolutions,
        "problems": problems,
        "recovered": recovered_files(conn),
        "indexed_at": float(indexed_at[0]) if indexed_at else None,
        "age_seconds": round(time.time() - float(indexed_at[0]), 1) if indexed_at else None,
        "db_bytes": size,
        **search_index_sizes(conn),
        "reuse": reuse_status(conn, root),
        "skipped": json.loads(skipped[0]) if skipped else None,
    }


def language_level(language: str) -> str:
    """How deeply a language is indexed (graphmind/languages.py keeps one line per language)."""
    return level(language)


def search_index_sizes(conn: apsw.Connection) -> dict:
    """Bytes per table (indexes and FTS5 shadow tables folded in), and what the lexical search index holds."""
    try:
        pages = conn.execute("SELECT name, pgsize FROM dbstat WHERE aggregate=TRUE").fetchall()
    except apsw.SQLError:              # an SQLite built without dbstat: sizes unknown
        pages = []
    master = conn.execute("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master").fetchall()
    virtual = [n for typ, n, _, sql in master if typ == "table" and sql.upper().startswith("CREATE VIRTUAL")]
    owner = {n: next((v for v in virtual if n.startswith(v + "_")), tbl) for _, n, tbl, _ in master}
    tables: dict[str, int] = {}
    for name, size in pages:
        table = owner.get(name, name)
        tables[table] = tables.get(table, 0) + size
    search = {k: v for k, v in tables.items() if k.startswith("search_")}
    has = "search_text" in virtual
    return {"table_bytes": dict(sorted(tables.items(), key=lambda kv: -kv[1])),
            "search_index": {"rows": conn.execute("SELECT count(*) FROM search_text").fetchone()[0] if has else 0,
                             "bytes": sum(search.values()), "tables": search}}


def stale_paths(conn: apsw.Connection, root: Path, paths: set[str]) -> set[str]:
    """Which of these indexed files differ on disk from what was indexed (size, else content when only
    the mtime moved: a touched file is not stale)."""
    stale = set()
    for path, size, mtime, sha in conn.execute(
            "SELECT path, size, mtime_ns, sha256 FROM files WHERE path IN (SELECT value FROM json_each(?))",
            (json_list(sorted(paths)),)):
        try:
            st = os.stat(root / path)
        except OSError:
            stale.add(path)
            continue
        if st.st_size != size or (st.st_mtime_ns != mtime and _content_sha(root / path) != sha):
            stale.add(path)
    return stale


def mark_stale(conn: apsw.Connection, root: Path, results: list, known: set[str] = frozenset()) -> list:
    """The results (anything with `.file` and `.stale`), each marked stale when its file differs on disk
    from what was indexed or is among the files the asker already knows are stale."""
    files = {r.file for r in results}
    stale = stale_paths(conn, root, files) | (set(known) & files)
    for r in results:
        r.stale = r.file in stale
    return results


def _content_sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def reuse_status(conn: apsw.Connection, root: Path) -> dict:
    """The daemon's content-addressed extraction cache: where it is, entries kept (by every worktree
    sharing it), and the share of extractions it served instead of a parse (counted by this
    workspace's daemon, recorded in meta)."""
    path = cache_path(root)
    entries = 0
    if path.is_file():
        try:
            cache = open_read_only(path)
            try:
                entries = cache.execute("SELECT count(*) FROM extractions").fetchone()[0]
            finally:
                cache.close()
        except apsw.Error:                 # being created, or from another version
            entries = 0
    meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('reuse_reused', 'reuse_parsed')"))
    reused, parsed = int(meta.get("reuse_reused", 0)), int(meta.get("reuse_parsed", 0))
    return {"cached_extractions": entries, "cache_file": str(path),
            "reused": reused, "parsed": parsed,
            "share": round(reused / (reused + parsed), 3) if reused + parsed else None}
