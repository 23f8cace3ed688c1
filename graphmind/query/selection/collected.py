"""The tests among the symbols a search reached: the test functions themselves, the test methods that
collected subclasses inherit, the classes where only their fixtures reach (Runner.found_at), and the
test files where pytest collects a Test* class again because they import it by name."""
from __future__ import annotations

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.fixtures import Runner
from graphmind.query.testids import TestHit, runner_of


def _hits(conn: apsw.Connection, depth_of: dict[int, int], how: str) -> list[tuple]:
    rows = conn.execute(
        "SELECT s.id, f.path, s.start_line, s.end_line FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN files f ON f.id = s.file_id", (json_list(list(depth_of)),)).fetchall()
    return [(path, start, end, depth_of[sid], how) for sid, path, start, end in rows if runner_of(path)]


def _inherited(conn: apsw.Connection, runner: Runner, depth_of: dict[int, int], how: str) -> tuple[list[tuple], list[TestHit]]:
    """Test methods reached in a class, as the collected subclasses in test files run them (unless they
    override), and as pytest collects those subclasses again where they are imported."""
    out, again = [], []
    for sid in depth_of:
        cls = runner.owner.get(sid)
        name = runner.names.get(sid, "")
        if cls is None or not name.startswith("test"):
            continue
        for ctx in runner.scopes.contexts(cls):
            sub_name, path, start, end = runner.scopes.classes[ctx]
            if ctx == cls or runner.runs(ctx, name) != sid:
                continue
            # the subclass's own span stands for the inherited method: its ID is Sub::name
            out.append((path, start, end, depth_of[sid], how, name))
            again += [TestHit(f"{other}::{sub_name}::{name}", "pytest", f"{sub_name}.{name}", other, start, end, "",
                              depth_of[sid], how=how) for other in _importers(conn, ctx, sub_name)]
    return out, again


def _importers(conn: apsw.Connection, cls: int, name: str) -> list[str]:
    """The test files other than its own that import a module-level Test* class by name: pytest collects its
    tests there too (`from tests.test_core import TestBase` in tests/test_sub.py)."""
    return [path for (path,) in conn.execute(
        "SELECT DISTINCT f.path FROM imports i JOIN files f ON f.id = i.file_id JOIN symbols c ON c.id = ?1"
        " JOIN symbols m ON m.file_id = c.file_id AND m.kind = 'module' AND c.parent_id = m.id"
        " WHERE i.symbol = ?2 AND i.alias = ?2 AND (i.resolved = m.qualname OR ('.' || m.qualname) LIKE ('%.' || i.module))",
        (cls, name))
        if runner_of(path) == "pytest" and name.startswith("Test")]


def _imported_classes(conn: apsw.Connection, depth_of: dict[int, int], how: str) -> list[TestHit]:
    """Test methods reached in a Test* class, as pytest collects them again in each test file that imports
    the class by name."""
    out = []
    for sid, name, cls_id, cls, qual, sig, start, end in conn.execute(
            "SELECT s.id, s.name, p.id, p.name, s.qualname, s.signature, s.start_line, s.end_line FROM json_each(?1) j"
            " CROSS JOIN symbols s ON s.id = j.value JOIN symbols p ON p.id = s.parent_id"
            " WHERE s.kind = 'method' AND s.name LIKE 'test%' AND p.kind = 'class'", (json_list(list(depth_of)),)):
        out += [TestHit(f"{path}::{cls}::{name}", "pytest", qual, path, start, end, sig, depth_of[sid], how=how)
                for path in _importers(conn, cls_id, cls)]
    return out


def _in_classes(conn: apsw.Connection, runner: Runner, how: str) -> tuple[list[tuple], list[TestHit]]:
    """The test methods reached only in some of the collected classes that run them (runner.found_at), as hits
    in those classes and as tests where those classes are imported."""
    hits, again = [], []
    for (ctx, method), depth in runner.found_at.items():
        name, path, start, end = runner.scopes.classes[ctx]
        test = runner.names[method]
        hits.append((path, start, end, depth, how, test))
        again += [TestHit(f"{other}::{name}::{test}", "pytest", f"{name}.{test}", other, start, end, "", depth,
                          how=how) for other in _importers(conn, ctx, name)]
    runner.found_at.clear()
    return hits, again


def collect(conn: apsw.Connection, runner: Runner, reached: dict[int, int], how: str, hits: list[tuple],
             again: list[list[TestHit]]) -> None:
    """The tests among the reached symbols, in the subclasses that inherit them, in the classes where only their
    fixtures reach (runner.found_at), and where their classes are imported: into hits and again."""
    inherited, in_classes = _inherited(conn, runner, reached, how), _in_classes(conn, runner, how)
    hits += _hits(conn, reached, how) + inherited[0] + in_classes[0]
    again += [inherited[1], in_classes[1], _imported_classes(conn, reached, how)]
