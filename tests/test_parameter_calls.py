"""Calls through a parameter (`def run(first, then): first(then)`) pass their arguments on to what the
parameter holds; edits to the call, to what flows into the parameter and to the function reached
leave the same rows as a clean index."""
from __future__ import annotations

from pathlib import Path

import pytest

from graphmind.index.indexer import index_workspace
from graphmind.config import MAX_FLOW_SITES
from graphmind.query.export import call_graph
from graphmind.store import Store
from graphmind.store.flows import through_file

from langcases import assert_equals_clean, indexed_workspace

RUNNER = '''def run_pipeline(first, then):
    return first(then)
'''

STEPS = '''def apply_then(then):
    return then()


def apply_twice(then):
    then()
    return then()


def finish():
    return "done"


def other():
    return "other"
'''

MAIN = '''from runner import run_pipeline
from steps import apply_then, apply_twice, finish, other


def main():
    run_pipeline(apply_then, finish)
'''


def _workspace(tmp_path: Path) -> Path:
    return indexed_workspace(tmp_path, {"runner.py": RUNNER, "steps.py": STEPS, "main.py": MAIN})


def _edit(work: Path, name: str, old: str, new: str) -> None:
    path = work / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    index_workspace(work)


def test_the_arguments_of_a_call_through_a_parameter_reach_what_it_holds(tmp_path):
    graph = call_graph(_workspace(tmp_path))
    assert graph["runner.run_pipeline"] == ["steps.apply_then"]
    assert graph["steps.apply_then"] == ["steps.finish"]


def test_what_flows_into_the_parameter_is_followed_incrementally(tmp_path):
    work = _workspace(tmp_path)
    _edit(work, "main.py", "run_pipeline(apply_then, finish)", "run_pipeline(apply_then, other)")
    assert call_graph(work)["steps.apply_then"] == ["steps.other"]
    assert_equals_clean(work, tmp_path)


def test_the_function_reached_changing_is_followed_incrementally(tmp_path):
    work = _workspace(tmp_path)
    _edit(work, "main.py", "run_pipeline(apply_then, finish)", "run_pipeline(apply_twice, finish)")
    graph = call_graph(work)
    assert graph["steps.apply_twice"] == ["steps.finish"] and "steps.apply_then" not in graph
    assert_equals_clean(work, tmp_path)


def test_the_call_through_the_parameter_changing_is_followed_incrementally(tmp_path):
    work = _workspace(tmp_path)
    _edit(work, "runner.py", "return first(then)", "return first(None)")
    assert "steps.apply_then" not in call_graph(work)
    assert_equals_clean(work, tmp_path)
    _edit(work, "runner.py", "return first(None)", "return first(then)")
    assert call_graph(work)["steps.apply_then"] == ["steps.finish"]
    assert_equals_clean(work, tmp_path)
    (work / "runner.py").unlink()
    index_workspace(work)
    assert "steps.apply_then" not in call_graph(work)
    assert_equals_clean(work, tmp_path)


def test_a_write_does_not_reopen_the_flow_of_a_function_called_from_too_many_places(tmp_path):
    """A function called from more than MAX_FLOW_SITES places holds nothing from its callers, before
    and after any write: a file whose call through a parameter reaches it does not send its scopes
    (and whatever they pass their parameters to) back to be resolved again. (On a million-line
    workspace, a file reaching every `__new__` re-opened the whole of SymPy for one save.)"""
    hub_sites = "\n".join(f"def site_{i}():\n    hub(finish)\n" for i in range(MAX_FLOW_SITES + 5))
    files = {"runner.py": RUNNER, "steps.py": STEPS + "\n\ndef hub(then):\n    return then()\n",
             "sites.py": "from steps import hub, finish\n\n" + hub_sites,
             "main.py": MAIN.replace("apply_twice, finish", "apply_twice, finish, hub")
             + "    run_pipeline(hub, finish)\n"}
    work = indexed_workspace(tmp_path, files)
    store = Store(work)
    try:
        (runner,) = store.conn.execute("SELECT id FROM files WHERE path = 'runner.py'").fetchone()
        assert through_file(store.conn, runner) == {"(apply_then"}
    finally:
        store.close()
    _edit(work, "runner.py", "return first(then)", "return first(then)\n\n\ndef unrelated():\n    return 1")
    assert call_graph(work)["runner.run_pipeline"] == ["steps.apply_then", "steps.hub"]
    assert_equals_clean(work, tmp_path)


PASSING = {
    "imported by name": MAIN,
    "imported under another name": MAIN.replace("apply_then, apply_twice", "apply_then as then_, apply_twice")
    .replace("run_pipeline(apply_then,", "run_pipeline(then_,"),
    "read as a member of its module": "import steps\n" + MAIN.replace("run_pipeline(apply_then,", "run_pipeline(steps.apply_then,"),
    "imported with a star": MAIN.replace("from steps import apply_then, apply_twice, finish, other", "from steps import *"),
}


@pytest.mark.parametrize("main", PASSING.values(), ids=PASSING.keys())
def test_the_function_passed_renamed_away_and_back_is_reached_again(tmp_path, main):
    """`apply_then` renamed to `apply_later` leaves the file passing it (not written) with a name that
    reaches nothing, so `first(then)` reaches nothing; renamed back, the definition reappears and the
    call through the parameter that reaches it must be resolved again, as a clean index resolves it."""
    work = indexed_workspace(tmp_path, {"runner.py": RUNNER, "steps.py": STEPS, "main.py": main})
    assert call_graph(work)["runner.run_pipeline"] == ["steps.apply_then"]
    _edit(work, "steps.py", "def apply_then(", "def apply_later(")
    assert "steps.apply_then" not in call_graph(work)
    assert_equals_clean(work, tmp_path)
    _edit(work, "steps.py", "def apply_later(", "def apply_then(")
    assert call_graph(work)["runner.run_pipeline"] == ["steps.apply_then"]
    assert_equals_clean(work, tmp_path)
