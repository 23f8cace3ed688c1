"""Early cutoff in argument flow: a save that adds call sites passing what a function's parameters
already hold does not send that function (nor the functions it passes them on to) back to be
resolved; one that changes what they hold does, as far as the value travels."""
from __future__ import annotations

from pathlib import Path

import pytest

from graphmind.index.indexer import index_workspace
from graphmind.query.export import call_graph
from graphmind.store import Store

from langcases import assert_equals_clean, indexed_workspace

THINGS = '''class Alpha:
    def run(self):
        return 1


class Beta:
    def run(self):
        return 2
'''

CHAIN = '''def first(x):
    x.run()
    return second(x)


def second(y):
    y.run()
    return third(y)


def third(z):
    return z.run()
'''

MAIN = '''from chain import first
from things import Alpha, Beta


def main():
    return first(Alpha())
'''


def _calls_in(work: Path, scope: str) -> int:
    """The call rows of one function, or of one file (all new after the save that added it)."""
    store = Store(work)
    try:
        return store.conn.execute("SELECT count(*) FROM calls c JOIN symbols s ON s.id = c.caller_id"
                                  " JOIN files f ON f.id = c.file_id WHERE ? IN (s.qualname, f.path)",
                                  (scope,)).fetchone()[0]
    finally:
        store.close()


def _append(work: Path, name: str, text: str) -> int:
    """Append to a file, index again; the number of call sites the run resolved."""
    path = work / name
    path.write_text(path.read_text() + text)
    return index_workspace(work).resolved


def test_a_site_passing_what_the_parameter_already_holds_reopens_nothing_downstream(tmp_path):
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "chain.py": CHAIN, "main.py": MAIN})
    assert call_graph(work)["chain.third"] == ["things.Alpha.run"]
    resolved = _append(work, "main.py", "\n\ndef again():\n    return first(Alpha())\n")
    assert resolved == _calls_in(work, "main.again")        # none of chain.py's `x.run()`, `y.run()`, `z.run()`
    assert call_graph(work)["chain.third"] == ["things.Alpha.run"]
    assert_equals_clean(work, tmp_path)


def test_a_site_passing_something_new_reopens_the_chain_to_its_far_end(tmp_path):
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "chain.py": CHAIN, "main.py": MAIN})
    resolved = _append(work, "main.py", "\n\ndef other():\n    return first(Beta())\n")
    assert resolved == _calls_in(work, "main.other") + 3    # and first's, second's and third's `.run()`
    graph = call_graph(work)
    assert graph["chain.third"] == ["things.Alpha.run", "things.Beta.run"]
    assert "things.Beta.run" in graph["chain.first"] and "things.Beta.run" in graph["chain.second"]
    assert_equals_clean(work, tmp_path)


def test_a_site_removed_is_followed(tmp_path):
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "chain.py": CHAIN,
                                        "main.py": MAIN + "\n\ndef other():\n    return first(Beta())\n"})
    path = work / "main.py"
    path.write_text(path.read_text().replace("first(Beta())", "None"))
    index_workspace(work)
    assert call_graph(work)["chain.third"] == ["things.Alpha.run"]
    assert_equals_clean(work, tmp_path)


def test_a_new_file_adding_a_site_of_the_same_value_reopens_nothing_downstream(tmp_path):
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "chain.py": CHAIN, "main.py": MAIN})
    (work / "more.py").write_text("from chain import first\nfrom things import Alpha\n\n\n"
                                  "def more():\n    return first(Alpha())\n")
    resolved = index_workspace(work).resolved
    # its rows, and calls of the names it imports re-opened by name (main.py's): not the chain's
    assert resolved <= _calls_in(work, "more.py") + _calls_in(work, "main.py")
    assert_equals_clean(work, tmp_path)


SPLIT = '''def first(x, n):
    x.run()
    return second(n)


def second(y):
    y.run()
    return third(y)


def third(z):
    return z.run()
'''


def test_the_follow_stops_where_what_is_passed_on_is_unchanged(tmp_path):
    """`first` is passed something new for `x`, not for `n`, which is all it passes on: `first` is
    re-opened, `second` and `third` are not."""
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "chain.py": SPLIT,
                                        "main.py": MAIN.replace("first(Alpha())", "first(Alpha(), Alpha())")})
    resolved = _append(work, "main.py", "\n\ndef other():\n    return first(Beta(), Alpha())\n")
    assert resolved == _calls_in(work, "main.other") + 1     # and first's `x.run()`
    graph = call_graph(work)
    assert graph["chain.first"] == ["chain.second", "things.Alpha.run", "things.Beta.run"]
    assert graph["chain.third"] == ["things.Alpha.run"]
    assert_equals_clean(work, tmp_path)


METHODS = '''class Holder:
    def __init__(self, thing):
        self.thing = thing

    def use(self):
        return self.thing.run()
'''


def test_a_class_built_with_something_new_is_reopened_whole(tmp_path):
    """What `__init__` is passed reaches the other methods through `self.thing`."""
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "holder.py": METHODS,
                                        "main.py": "from holder import Holder\nfrom things import Alpha, Beta\n\n\n"
                                                   "def main():\n    return Holder(Alpha())\n"})
    _append(work, "main.py", "\n\ndef same():\n    return Holder(Alpha())\n")
    assert call_graph(work)["holder.Holder.use"] == ["things.Alpha.run"]
    _append(work, "main.py", "\n\ndef other():\n    return Holder(Beta())\n")
    assert call_graph(work)["holder.Holder.use"] == ["things.Alpha.run", "things.Beta.run"]
    assert_equals_clean(work, tmp_path)


def test_a_save_leaving_a_call_through_a_parameter_as_it_was_reopens_nothing_it_reaches(tmp_path):
    """`run_pipeline`'s `first(then)` is left as it was (its scope binds what it did): the functions
    it reaches are passed what they were, so appending a function to its file re-opens none of them."""
    from test_parameter_calls import MAIN as PIPELINE, RUNNER, STEPS
    work = indexed_workspace(tmp_path, {"runner.py": RUNNER, "steps.py": STEPS, "main.py": PIPELINE})
    assert call_graph(work)["steps.apply_then"] == ["steps.finish"]
    resolved = _append(work, "runner.py", "\n\ndef unrelated():\n    return len('x')\n")
    assert resolved == _calls_in(work, "runner.unrelated")       # not apply_then's `then()`
    assert call_graph(work)["steps.apply_then"] == ["steps.finish"]
    assert_equals_clean(work, tmp_path)



SINGLE = '''def first(x):
    return x.run()
'''
REBINDINGS = {
    # `first(x)` reads the same, but `x` holds a Beta now
    "a local rebound before the call": (
        {"main.py": "from chain import first\nfrom things import Alpha, Beta\n\n\n"
                    "def main():\n    x = Alpha()\n    first(x)\n"}, "main.py", "x = Alpha()", "x = Beta()", "chain.first", ["things.Alpha.run"], ["things.Beta.run"]),
    # the argument is a local bound from a local, itself from a module-level name
    "through locals and an enclosing scope": (
        {"main.py": "from chain import first\nfrom things import Alpha, Beta\n\nKIND = Alpha\n\n\n"
                    "def main():\n    made = KIND()\n    y = made\n    first(y)\n"}, "main.py", "KIND = Alpha", "KIND = Beta", "chain.first", ["things.Alpha.run"], ["things.Beta.run"]),
    # `obj.go(Alpha())` reads the same, but another class's `go` is passed the Alpha now
    "the receiver of the call rebound": (
        {"holders.py": "class One:\n    def go(self, v):\n        return v.run()\n\n\n"
                       "class Two:\n    def go(self, v):\n        return v.run()\n",
         "main.py": "from holders import One, Two\nfrom things import Alpha, Beta\n\n\n"
                    "def main():\n    obj = One()\n    obj.go(Alpha())\n"},
        "main.py", "obj = One()", "obj = Two()", "holders.Two.go", [], ["things.Alpha.run"]),
}


@pytest.mark.parametrize("case", sorted(REBINDINGS))
def test_a_rebinding_before_an_unchanged_call_reflows_what_it_passes(tmp_path, case):
    files, name, old, new, scope, before, after = REBINDINGS[case]
    work = indexed_workspace(tmp_path, {"things.py": THINGS, "chain.py": SINGLE, **files})
    assert call_graph(work).get(scope, []) == before
    path = work / name
    path.write_text(path.read_text().replace(old, new))
    index_workspace(work)
    assert call_graph(work).get(scope, []) == after
    assert_equals_clean(work, tmp_path)
