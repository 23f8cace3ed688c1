"""Python lambdas as definitions of their own (graphmind/index/python/lambdas.py): their names, the
scope that makes them, the walks through them, and saves that move them (incremental = clean)."""
from __future__ import annotations

import json

from conftest import run_cli
from graphmind.index.indexer import index_workspace
from graphmind.query.export import dependency_edges
from graphmind.store import open_reader

from langcases import assert_equals_clean, indexed_workspace

APP = '''def score(x):
    return x


def handler(xs):
    return sorted(xs, key=lambda x: score(x))


def main():
    return handler([2, 1])
'''
RUNNER = '''def run(cb):
    return cb()


def twice(cb, x):
    return cb(cb(x))
'''
USER = '''from app import score
from runner import run, twice


def job():
    return run(lambda: score(1))


def other():
    return twice(lambda v: score(v), 2)
'''


def _edges(root) -> set[tuple[str, str, str]]:
    conn = open_reader(root)
    try:
        return {(r["caller"], r["callee"], r["kind"]) for r in dependency_edges(conn)}
    finally:
        conn.close()


def _ids(root) -> dict[str, int]:
    conn = open_reader(root)
    try:
        return {q: i for i, q in conn.execute("SELECT id, qualname FROM symbols")}
    finally:
        conn.close()


def test_a_lambda_is_a_definition_whose_calls_are_its_own(tmp_path):
    work = indexed_workspace(tmp_path, {"app.py": APP, "runner.py": RUNNER, "user.py": USER})
    edges = _edges(work)
    assert ("app.handler.<lambda1>", "app.score", "call") in edges
    assert ("app.handler", "app.score", "call") not in edges
    # the scope making a lambda depends on it, outside the strict call graph
    assert ("app.handler", "app.handler.<lambda1>", "implicit") in edges
    # a lambda passed to a workspace function is called there, across files
    assert ("runner.run", "user.job.<lambda1>", "call") in edges
    assert ("runner.twice", "user.other.<lambda1>", "call") in edges
    assert ("user.other.<lambda1>", "app.score", "call") in edges


def test_blast_radius_walks_through_a_lambda_to_the_function_making_it(tmp_path):
    work = indexed_workspace(tmp_path, {"app.py": APP})
    proc = run_cli("blast-radius", "app.score", "--json", cwd=work, check=True)
    found = {c["symbol"]: (c["depth"], c["kinds"]) for c in json.loads(proc.stdout)["callers"]}
    assert found == {"app.handler.<lambda1>": (1, ["call"]), "app.handler": (2, ["implicit"]),
                     "app.main": (3, ["call"])}
    proc = run_cli("callers", "app.handler.<lambda1>", "--json", cwd=work, check=True)
    assert [c["symbol"] for c in json.loads(proc.stdout)["callers"]] == ["app.handler"]


def test_names_hold_through_edits_elsewhere_in_the_file(tmp_path):
    work = indexed_workspace(tmp_path, {"app.py": APP})
    before = _ids(work)["app.handler.<lambda1>"]
    text = (work / "app.py").read_text()
    (work / "app.py").write_text("\n\ndef first(f=lambda: 0):\n    return [lambda: f()]\n\n" + text.replace(
        "def main():\n", "def main():\n    sorted([], key=lambda y: y)\n"))
    index_workspace(work)
    ids = _ids(work)
    assert ids["app.handler.<lambda1>"] == before
    assert {"app.<lambda1>", "app.first.<lambda1>", "app.main.<lambda1>"} <= set(ids)
    assert_equals_clean(work, tmp_path)


def test_saves_that_add_move_and_remove_lambdas_equal_a_clean_index(tmp_path):
    work = indexed_workspace(tmp_path, {"app.py": APP, "runner.py": RUNNER, "user.py": USER})
    user = work / "user.py"
    steps = [
        # a lambda added before the one passed to run: that one is `<lambda2>` now
        (lambda t: t.replace("    return run(lambda: score(1))", "    key = sorted([], key=lambda a: a)\n"
                             "    return run(lambda: score(1))"), ("runner.run", "user.job.<lambda2>", "call")),
        # the lambda passed to run moves to other(), which has one already
        (lambda t: t.replace("    return run(lambda: score(1))", "    return None").replace(
            "    return twice(lambda v: score(v), 2)", "    run(lambda: score(3))\n    return twice(lambda v: score(v), 2)"),
         ("runner.run", "user.other.<lambda1>", "call")),
        # its body calls something else; then a lambda in a default of a new function
        (lambda t: t.replace("run(lambda: score(3))", "run(lambda: job())") + "\n\ndef late(f=lambda: job()):\n"
         "    return run(f)\n", ("user.<lambda1>", "user.job", "call")),
        # every lambda gone
        (lambda t: t.replace("lambda: job()", "job").replace("lambda v: score(v)", "score").replace(
            "key=lambda a: a", "key=None"), ("runner.twice", "app.score", "call")),
    ]
    for step, edge in steps:
        user.write_text(step(user.read_text()))
        index_workspace(work)
        assert edge in _edges(work)
        assert_equals_clean(work, tmp_path)
    (work / "runner.py").write_text(RUNNER.replace("return cb()", "return cb"))    # the callee changes
    index_workspace(work)
    assert_equals_clean(work, tmp_path)
