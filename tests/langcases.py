"""Helpers for the per-language fixture projects: index a copy, ask for definitions, blast radius
(graph.walk up) and resolved edges, by qualified name."""
from __future__ import annotations

import shutil
from pathlib import Path

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query import graph
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

REPOS = Path(__file__).parent / "fixtures" / "repos"


def index_fixture(tmp_path: Path, name: str, base: Path = REPOS):
    """A fresh indexed copy of tests/fixtures/repos/<name> (or base/<name>), as a read-only connection."""
    root = tmp_path / name
    shutil.copytree(base / name, root)
    index_workspace(root)
    return open_reader(root)


def definitions(conn) -> set[str]:
    return {q for (q,) in conn.execute("SELECT qualname FROM symbols WHERE kind != 'module'")}


def blast_radius(conn, qualname: str, depth: int = 8) -> set[str]:
    """Every caller of a definition, transitively, over resolved edges."""
    targets = [t for t in graph.resolve_targets(conn, qualname, take_all=True) if t.qualname == qualname]
    assert targets, f"{qualname} is not defined"
    return {h.symbol for h in graph.walk(conn, targets, "up", depth=depth, limit=500).hits}


def edges(conn, resolved: bool = True) -> set[tuple[str, str]]:
    """(caller, target) pairs of resolved call edges (or of possible ones)."""
    cond = "c.resolution NOT IN ('possible', 'pending')" if resolved else "c.resolution = 'possible'"
    cond += " AND " + sql_in(CALL_KINDS, "c.kind")
    return set(conn.execute(
        "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        f" JOIN symbols t ON t.id = c.target_id WHERE {cond}"))


def resolution(conn, caller: str, callee: str) -> set[tuple[str, str | None]]:
    """How the call sites `callee` (as written) in `caller` were resolved: {(resolution, target)}."""
    return set(conn.execute(
        "SELECT c.resolution, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = ?", (caller, callee)))


def snapshot(root: Path) -> dict:
    """Every call row as content (no ids), so two indexes can be compared."""
    conn = open_reader(root)
    rows = conn.execute(
        "SELECT f.path, s.qualname, c.callee, c.line, c.col, t.qualname, c.resolution, c.candidates, c.implicit"
        " FROM calls c JOIN files f ON f.id = c.file_id JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id").fetchall()
    bases = conn.execute("SELECT s.qualname, i.base, t.qualname FROM inherits i JOIN symbols s ON s.id = i.class_id"
                         " LEFT JOIN symbols t ON t.id = i.target_id").fetchall()
    return {"calls": sorted(rows, key=repr), "bases": sorted(bases, key=repr)}


def assert_equals_clean(work: Path, tmp_path: Path) -> None:
    """A clean index of a copy of the tree (made afresh each time) has the same rows as `work`'s."""
    clean = tmp_path / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


def indexed_workspace(tmp_path: Path, files: dict[str, str]) -> Path:
    """`tmp_path/work` holding these files (name -> text), indexed."""
    work = tmp_path / "work"
    work.mkdir()
    for name, text in files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    index_workspace(work)
    return work


def reached(conn, caller: str, name: str) -> list[set[tuple[str, str, int]]]:
    """Per call line of `name` in the caller: its (`possible` or resolved, target, target's first line) rows."""
    rows: dict[int, set] = {}
    for line, how, qual, start in conn.execute(
            "SELECT c.line, c.resolution, t.qualname, t.start_line FROM calls c"
            " JOIN symbols s ON s.id = c.caller_id JOIN symbols t ON t.id = c.target_id"
            " WHERE s.qualname = ? AND c.callee LIKE ? AND c.implicit = 0 AND c.kind = 'call'",
            (caller, f"%{name}")):
        rows.setdefault(line, set()).add(("possible" if how == "possible" else "resolved", qual, start))
    return [rows[k] for k in sorted(rows)]


def call_targets(work: Path, path: str, callee: str) -> set[tuple[str, str | None, int | None]]:
    """(resolution, target's file, target's first line) of the `call` rows of a callee text in a file."""
    return {tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, tf.path, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = ? AND c.callee = ? AND c.kind = 'call'", (path, callee))}
