"""Fault suite, arguments: what a user types never reaches SQLite or Python's int limits as a
traceback (`FILE:` with a 30-digit line: OverflowError; a 60 kB name: apsw.SQLError), but one
`error: …` line and exit 1; a line past every file is simply not found."""
from __future__ import annotations

import pytest

from conftest import run_cli
from graphmind.errors import GraphmindError
from graphmind.index.indexer import index_workspace
from graphmind.query import graph
from graphmind.query.impact import range_changes
from graphmind.query.lookup import list_symbols, symbol_refs
from graphmind.query.search import search
from graphmind.store import open_reader

HUGE = "9" * 30


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("args")
    (root / "ok.py").write_text("def f():\n    return g()\n\n\ndef g():\n    pass\n")
    index_workspace(root)
    return root


@pytest.fixture
def conn(workspace):
    c = open_reader(workspace)
    yield c
    c.close()


def _walk(conn, symbol, **bounds):
    return graph.walk(conn, graph.resolve_targets(conn, symbol), **bounds)


@pytest.mark.parametrize("call", [
    lambda c: symbol_refs(c, f"ok.py:{HUGE}"),
    lambda c: symbol_refs(c, "ok.py:" + "9" * 5000),          # past Python's limit on digits in int()
    lambda c: symbol_refs(c, "a" * 60_000),
    lambda c: symbol_refs(c, "a." * 30_000),
    lambda c: _walk(c, "g", limit=int(HUGE)),
    lambda c: _walk(c, "g", depth=int(HUGE)),
    lambda c: _walk(c, "g", depth=-1),
    lambda c: list_symbols(c, "a*" * 30_000, None, None, 20),
    lambda c: list_symbols(c, None, None, None, int(HUGE)),
    lambda c: search(c, "a " * 30_000),
    lambda c: search(c, "g", limit=int(HUGE)),
], ids=["line", "line-5000-digits", "name-60k", "dotted-60k", "limit", "depth", "depth-negative", "glob-60k",
        "symbols-limit", "search-60k", "search-limit"])
def test_a_bad_argument_is_a_graphmind_error(conn, call):
    with pytest.raises(GraphmindError) as err:
        call(conn)
    assert len(err.value.message) < 300


def test_lines_past_the_end_are_a_short_error(workspace, conn):
    for spec in (f"ok.py:{HUGE}", "ok.py:" + "9" * 5000):
        with pytest.raises(GraphmindError) as err:
            range_changes(workspace, [spec])
        assert "past the end of ok.py" in err.value.message and len(err.value.message) < 300
    (change,) = range_changes(workspace, [f"ok.py:1-{HUGE}"])
    assert change.start == 1 and change.end == len((workspace / "ok.py").read_text().splitlines())


@pytest.mark.parametrize("args", [("callers", f"ok.py:{HUGE}"), ("callers", "a" * 60_000),
                                  ("blast-radius", "g", "--depth", HUGE)], ids=["line", "name", "depth"])
def test_the_cli_prints_one_error_line(workspace, args):
    proc = run_cli(*args, cwd=workspace)
    assert proc.returncode == (3 if args[1].startswith("ok.py") else 1), proc.stderr[-500:]   # 3: not found
    assert proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr and len(proc.stderr) < 400


def test_impact_of_lines_past_the_end_answers(workspace):
    proc = run_cli("impact", f"ok.py:1-{HUGE}", cwd=workspace)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-500:]
