"""A long-lived writer (the daemon) keeps what calls through parameters reach (`def run(cb): cb(x)`,
resolve/python/arguments.through_parameters) between updates: a save that re-opens none of those calls
keeps their answers, and every save that changes what they reach leaves the rows of a clean index."""
from __future__ import annotations

from pathlib import Path

import pytest

from graphmind.index import workspace
from graphmind.index.indexer import index_files
from graphmind.query.export import call_graph
from graphmind.resolve.session import ResolveSession
from graphmind.store import Store

from langcases import assert_equals_clean, indexed_workspace
from test_parameter_calls import MAIN, RUNNER, STEPS

PLUS = "\n\ndef unrelated():\n    return len('x')\n"


def _save(store: Store, session: ResolveSession, work: Path, name: str, old: str | None, new: str) -> None:
    """Replace `old` by `new` in a file (append `new` when old is None) and update as the daemon does."""
    path = work / name
    text = path.read_text()
    assert old is None or old in text
    path.write_text(text + new if old is None else text.replace(old, new))
    index_files(store, workspace.walk(work), [], complete=True, session=session)


def _scope(store: Store, qualname: str) -> int:
    return store.conn.execute("SELECT id FROM symbols WHERE qualname = ?", (qualname,)).fetchone()[0]


def test_a_save_elsewhere_keeps_what_calls_through_parameters_reach(tmp_path):
    work = indexed_workspace(tmp_path, {"runner.py": RUNNER, "steps.py": STEPS, "main.py": MAIN,
                                        "other.py": "def lone():\n    return 1\n"})
    store, session = Store(work), ResolveSession()
    try:
        session.warm(store.conn, work)
        scope = _scope(store, "runner.run_pipeline")
        kept = session.through[scope]
        assert [targets for _, targets in kept] == [(_scope(store, "steps.apply_then"),)]
        _save(store, session, work, "other.py", None, PLUS)
        assert session.through[scope] is kept           # not evaluated again
        _save(store, session, work, "main.py", "run_pipeline(apply_then", "run_pipeline(apply_twice")
        assert [targets for _, targets in session.through.get(scope, ())] in ([], [(_scope(store, "steps.apply_twice"),)])
        assert call_graph(work)["steps.apply_twice"] == ["steps.finish"]
    finally:
        store.close()
    assert_equals_clean(work, tmp_path)


EDITS = {
    # what flows into the parameter changes: the site naming run_pipeline is re-opened
    "the site's argument": [("main.py", "run_pipeline(apply_then", "run_pipeline(apply_twice")],
    # a site added passing something new (the early cutoff's case: sites only added)
    "a site added": [("main.py", None, "\n\ndef more():\n    run_pipeline(apply_twice, other)\n")],
    # a site added passing what the parameter already held, then one passing something new
    "the same, then new": [("main.py", None, "\n\ndef same():\n    run_pipeline(apply_then, finish)\n"),
                           ("main.py", None, "\n\ndef more():\n    run_pipeline(apply_twice, other)\n")],
    # the call through the parameter itself changes, then the function it reaches
    "the call, then its target": [("runner.py", "return first(then)", "first(then)\n    return then()"),
                                  ("steps.py", "return then()\n\n\ndef apply_twice", "return other()\n\n\ndef apply_twice")],
    # the function passed is renamed in its own file: the site naming run_pipeline reads the same text
    "the function passed renamed": [("steps.py", "def apply_then(", "def apply_later(")],
    # the site passes a function through a local bound in its scope, rebound
    "through a local": [("main.py", "    run_pipeline(apply_then, finish)\n",
                         "    step = apply_then\n    run_pipeline(step, finish)\n"),
                        ("main.py", "step = apply_then", "step = apply_twice")],
    # a file removed and brought back
    "a site removed": [("main.py", "    run_pipeline(apply_then, finish)\n", "    return None\n"),
                       ("main.py", "    return None\n", "    run_pipeline(apply_then, finish)\n")],
}


@pytest.mark.parametrize("case", sorted(EDITS))
def test_saves_with_kept_targets_equal_a_clean_index(tmp_path, case):
    work = indexed_workspace(tmp_path, {"runner.py": RUNNER, "steps.py": STEPS, "main.py": MAIN,
                                        "other.py": "def lone():\n    return 1\n"})
    store, session = Store(work), ResolveSession()
    try:
        session.warm(store.conn, work)
        for name, old, new in [("other.py", None, PLUS)] + EDITS[case]:
            _save(store, session, work, name, old, new)
    finally:
        store.close()
    assert_equals_clean(work, tmp_path)
