"""Resolver properties that the corpus scores alone would not show."""
from __future__ import annotations

import shutil
from pathlib import Path

from graphmind.resolve import resolver
from graphmind.resolve.tables import load_tables
from graphmind.index.indexer import index_workspace
from graphmind.resolve.pyexpr import parse_chain, split_top
from graphmind.store import open_reader

CASES = Path(__file__).parent / "callgraph" / "cases"


def test_resolution_does_not_depend_on_order(tmp_path):
    """Memoized type evaluation must give the same answer whichever call is resolved first."""
    root = tmp_path / "all"
    for case in sorted(p for p in CASES.iterdir() if p.is_dir()):
        shutil.copytree(case, root / case.name.replace("__", "_"), ignore=shutil.ignore_patterns("expected.json"))
    index_workspace(root)
    conn = open_reader(root)
    sites = conn.execute("SELECT DISTINCT caller_id, callee, name, implicit FROM calls").fetchall()
    assert len(sites) > 500
    forward = resolver.Resolver(load_tables(conn))
    backward = resolver.Resolver(load_tables(conn))
    a = {s: forward.resolve_call(s[0], s[1], s[2], s[3]) for s in sites}
    b = {s: backward.resolve_call(s[0], s[1], s[2], s[3]) for s in reversed(sites)}
    assert a == b


def test_chain_parsing():
    assert parse_chain("a.b(x, (1, 2))[0].c") == (("name", "a"), ("attr", "b"), ("call", "x, (1, 2)"),
                                                   ("sub", "0"), ("attr", "c"))
    assert parse_chain("a + b") is None and parse_chain("1.5") is None
    assert split_top("f(a, b), {'k': (1, 2)}, 'x,y'", ",") == ["f(a, b)", "{'k': (1, 2)}", "'x,y'"]


def test_parameters_shadow_outer_definitions(tmp_path):
    (tmp_path / "m.py").write_text(
        "def open(path):\n    return path\n\n\n"
        "def run(open, callback):\n    open('x')\n    return callback()\n\n\n"
        "def callback():\n    pass\n\n\n"
        "def main():\n    open('y')\n")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    rows = dict(conn.execute(
        "SELECT s.qualname || ':' || c.callee, c.resolution || ' ' || coalesce(t.qualname, '-') FROM calls c"
        " JOIN symbols s ON s.id = c.caller_id LEFT JOIN symbols t ON t.id = c.target_id"))
    assert rows["m.main:open"] == "local m.open"         # the module's own open, not the builtin
    # parameters: unknown values, so only possible candidates by name, never a resolved edge
    assert rows["m.run:open"] == "possible m.open"
    assert rows["m.run:callback"] == "possible m.callback"
