"""The tests a change reaches, at any depth, nearest first: over resolved edges ("reaches"), then also
over `possible` edges ("may reach"), with what the test runner adds (fixtures, setUp: query/fixtures.py)
and test methods inherited by subclasses; when no path is found, the tests in files that import the
changed module, directly or not ("imports"), so an empty answer is never silent."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import apsw

from graphmind import config
from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import json_list
from graphmind.query.selection.fixtures import Runner
from graphmind.query.testids import TestHit, runnable_tests, runner_of

REACHES, MAY_REACH, IMPORTS = "reaches", "may reach", "imports"
NODE_CAP = 50_000            # symbols visited per walk
TEST_CAP = 2_000             # tests named
_KINDS = sql_in(CALL_KINDS, "c.kind")


@dataclass
class TestReach:
    """The tests found and how complete the search was."""
    tests: list[TestHit] = field(default_factory=list)
    truncated: str | None = None          # None | 'limit' | 'time'
    fallback: bool = False                # no path found: the tests come from imports


def _callers(conn: apsw.Connection, ids: list[int], possible: bool) -> list[int]:
    skip = "('pending')" if possible else "('pending', 'possible')"
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT c.caller_id FROM json_each(?1) j CROSS JOIN calls c ON c.target_id = j.value"
        f" WHERE c.resolution NOT IN {skip} AND {_KINDS}", (json_list(ids),))]


def _walk(conn: apsw.Connection, runner: Runner, ids: list[int], possible: bool,
          deadline: float) -> tuple[dict[int, int], str | None]:
    """Every symbol from which a path leads to ids, at its nearest depth (breadth first, bounded)."""
    depth_of = {i: 0 for i in ids}
    frontier, depth = list(ids), 0
    while frontier:
        if time.monotonic() > deadline:
            return depth_of, "time"
        depth += 1
        nxt = _callers(conn, frontier, possible)
        for group in (runner.requesters(frontier), runner.setup_tests(frontier)):
            for got in group.values():
                nxt.extend(got)
        frontier = []
        for sid in nxt:
            if sid not in depth_of:
                depth_of[sid] = depth
                frontier.append(sid)
        if len(depth_of) > NODE_CAP:
            return depth_of, "limit"
    return depth_of, None


def _hits(conn: apsw.Connection, depth_of: dict[int, int], how: str) -> list[tuple]:
    rows = conn.execute(
        "SELECT s.id, f.path, s.start_line, s.end_line FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN files f ON f.id = s.file_id", (json_list(list(depth_of)),)).fetchall()
    return [(path, start, end, depth_of[sid], how) for sid, path, start, end in rows if runner_of(path)]


def _inherited(conn: apsw.Connection, depth_of: dict[int, int], how: str) -> list[tuple]:
    """Test methods reached in a class, as the subclasses in test files run them (unless they override)."""
    methods = conn.execute(
        "SELECT s.id, s.name, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols p ON p.id = s.parent_id WHERE s.kind = 'method' AND s.name LIKE 'test%' AND p.kind = 'class'",
        (json_list(list(depth_of)),)).fetchall()
    out = []
    for sid, name, cls in methods:
        for path, sub_start, sub_end in conn.execute(
                "WITH RECURSIVE sub(id) AS (SELECT ?1 UNION SELECT i.class_id FROM sub JOIN inherits i"
                " ON i.target_id = sub.id LIMIT 2000) SELECT f.path, s.start_line, s.end_line FROM sub"
                " JOIN symbols s ON s.id = sub.id JOIN files f ON f.id = s.file_id WHERE sub.id != ?1"
                " AND NOT EXISTS (SELECT 1 FROM symbols m WHERE m.parent_id = s.id AND m.name = ?2)", (cls, name)):
            if runner_of(path):
                # the subclass's own span stands for the inherited method: its ID is Sub::name
                out.append((path, sub_start, sub_end, depth_of[sid], how, name))
    return out


def importing_tests(conn: apsw.Connection, files: list[str]) -> list[tuple]:
    """Every test in a test file that imports one of files' modules, directly or through other modules."""
    modules = {r[0]: r[1] for r in conn.execute(
        "SELECT s.qualname, f.path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind = 'module'")}
    importers: dict[str, set[str]] = {}
    for path, mod, name in conn.execute("SELECT DISTINCT f.path, i.resolved, i.symbol FROM imports i"
                                        " JOIN files f ON f.id = i.file_id WHERE i.resolved IS NOT NULL"):
        parts = mod.split(".") + ([name] if name and name != "*" else [])    # `from pkg import mod`
        for n in range(len(parts), 0, -1):           # `a.b.C` imports module a.b; a package imports its modules
            target = modules.get(".".join(parts[:n]))
            if target:
                importers.setdefault(target, set()).add(path)
                break
    seen, todo = set(files), list(files)
    while todo:
        for path in importers.get(todo.pop(), ()):
            if path not in seen:
                seen.add(path)
                todo.append(path)
    tests = sorted(p for p in seen if runner_of(p) and p not in files)
    return [(path, start, end, 1, IMPORTS) for path in tests for start, end in conn.execute(
        "SELECT s.start_line, s.end_line FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ?"
        " AND s.kind IN ('function', 'method') AND s.name LIKE 'test%'", (path,))]


def tests_reached(conn: apsw.Connection, ids: list[int], changed: list[tuple[str, int, int]],
                  time_limit: float = config.QUERY_TIME_LIMIT_S * 3) -> TestReach:
    """The tests reaching the symbols `ids` (and enclosing the changed (file, start, end) spans), nearest first."""
    out = TestReach()
    deadline = time.monotonic() + time_limit
    runner = Runner(conn)
    hits = [(file, start, end, 0, REACHES) for file, start, end in changed]
    if ids:
        sure, out.truncated = _walk(conn, runner, ids, False, deadline)
        hits += _hits(conn, sure, REACHES) + _inherited(conn, sure, REACHES)
        if out.truncated is None:
            maybe, out.truncated = _walk(conn, runner, ids, True, deadline)
            maybe = {k: d for k, d in maybe.items() if k not in sure}
            hits += _hits(conn, maybe, MAY_REACH) + _inherited(conn, maybe, MAY_REACH)
    out.tests = runnable_tests(conn, hits)
    if not out.tests:
        out.fallback = True
        out.tests = runnable_tests(conn, importing_tests(conn, sorted({c[0] for c in changed})))
    if len(out.tests) > TEST_CAP:
        out.tests, out.truncated = out.tests[:TEST_CAP], out.truncated or "limit"
    return out
