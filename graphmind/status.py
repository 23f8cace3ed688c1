"""What the index holds and how old it is: `graphmind status`."""
from __future__ import annotations

import os
import time
from pathlib import Path

import apsw
import orjson

from graphmind.store import index_path


def index_status(conn: apsw.Connection, root: Path) -> dict:
    """Counts by language, by file status and by edge resolution; index age and size; failing files."""
    q = conn.execute
    languages = {lang: {"files": n, "symbols": s} for lang, n, s in q(
        "SELECT f.language, count(DISTINCT f.id), count(s.id) FROM files f"
        " LEFT JOIN symbols s ON s.file_id = f.id AND s.kind != 'module' GROUP BY f.language ORDER BY 2 DESC")}
    statuses = dict(q("SELECT status, count(*) FROM files GROUP BY status ORDER BY status"))
    resolutions = dict(q("SELECT resolution, count(*) FROM calls GROUP BY resolution ORDER BY 2 DESC"))
    problems = [{"file": p, "status": s, "error": e} for p, s, e in q(
        "SELECT path, status, error FROM files WHERE status != 'ok' ORDER BY path LIMIT 50")]
    indexed_at = q("SELECT value FROM meta WHERE key='indexed_at'").fetchone()
    db = index_path(root)
    size = sum(os.path.getsize(str(db) + s) for s in ("", "-wal") if os.path.exists(str(db) + s))
    files = sum(v["files"] for v in languages.values())
    return {
        "root": str(root),
        "files": files,
        "symbols": q("SELECT count(*) FROM symbols WHERE kind != 'module'").fetchone()[0],
        "call_sites": q("SELECT count(DISTINCT file_id || ':' || line || ':' || col) FROM calls").fetchone()[0],
        "resolved_edges": q("SELECT count(*) FROM calls WHERE target_id IS NOT NULL AND resolution != 'possible'").fetchone()[0],
        "imports": q("SELECT count(*) FROM imports").fetchone()[0],
        "inherits": q("SELECT count(*) FROM inherits").fetchone()[0],
        "languages": languages,
        "file_status": statuses,
        "resolutions": resolutions,
        "problems": problems,
        "indexed_at": float(indexed_at[0]) if indexed_at else None,
        "age_seconds": round(time.time() - float(indexed_at[0]), 1) if indexed_at else None,
        "db_bytes": size,
    }


def stale_paths(conn: apsw.Connection, root: Path, paths: set[str]) -> set[str]:
    """Which of these indexed files differ on disk (size or mtime) from what was indexed."""
    stale = set()
    for path, size, mtime in conn.execute(
            "SELECT path, size, mtime_ns FROM files WHERE path IN (SELECT value FROM json_each(?))",
            (orjson.dumps(sorted(paths)).decode(),)):
        try:
            st = os.stat(root / path)
        except OSError:
            stale.add(path)
            continue
        if st.st_size != size or st.st_mtime_ns != mtime:
            stale.add(path)
    return stale
