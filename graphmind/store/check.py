"""SQLite's own check of an index (`graphmind status --check`, and the daemon once a day when idle).

Damage in pages no query reads (the full-text search tables' shadow tables, the repo map's tables)
never shows in an answer and would stay for good; `PRAGMA quick_check` reads every page. Every table
of the index is derived data, so a damaged file is moved aside (`index.db.damaged`, one log line) and
built afresh by the caller: rebuilding one derived table would need texts (docstrings) that only the
search rows hold, so a fresh index is the one repair that equals a clean index."""
from __future__ import annotations

import time
from pathlib import Path

import apsw

from graphmind.store.connect import index_path, open_read_only, write_lock
from graphmind.store.damage import DAMAGED, move_aside

CHECK_EVERY_S = 86_400.0        # the daemon checks its index once a day, when idle
_LINES = 5                      # quick_check's findings kept for the log line


def quick_check(conn: apsw.Connection) -> str | None:
    """None when SQLite's quick_check finds the database whole, else what it found (its first lines,
    with the names of the tables whose pages are damaged when the schema still says)."""
    try:
        rows = [r[0] for r in conn.execute(f"PRAGMA quick_check({_LINES})")]
    except DAMAGED as exc:
        return str(exc)
    if rows == ["ok"]:
        return None
    return "; ".join(_named(conn, rows)[:_LINES])


def _named(conn: apsw.Connection, rows: list[str]) -> list[str]:
    """quick_check's lines, `Tree N` followed by the table that b-tree belongs to."""
    try:
        roots = {str(page): name for name, page in conn.execute("SELECT name, rootpage FROM sqlite_schema")}
    except apsw.Error:
        roots = {}
    out = []
    for row in (line for text in rows for line in text.splitlines() if not line.startswith("***")):
        words = row.split()
        if len(words) > 1 and words[0] == "Tree" and words[1] in roots:
            row = f"{row} [{roots[words[1]]}]"
        out.append(row)
    return out


def check_file(path: Path) -> str | None:
    """quick_check of an index file through a read-only connection (None: whole, or no index)."""
    if not path.is_file():
        return None
    try:
        conn = open_read_only(path)
    except DAMAGED as exc:
        return str(exc)
    try:
        conn.set_busy_timeout(5000)
        return quick_check(conn)
    finally:
        conn.close()


def check_and_set_aside(root: Path) -> str | None:
    """Check a workspace's index; when damaged, move it aside under the write lock (the caller then
    indexes afresh) and say what was found; None when it is whole."""
    path = index_path(root)
    why = check_file(path)
    if why is None:
        return None
    with write_lock(root):
        why = check_file(path)               # another run may have replaced it meanwhile
        if why is not None:
            move_aside(path, f"SQLite's quick_check: {why}")
    return why


def due(last: float | None, now: float | None = None) -> bool:
    """Whether a check last made at `last` (time.time(); None: never) is due again."""
    return last is None or (now or time.time()) - last >= CHECK_EVERY_S
