"""Test packages imported as pytest puts them on sys.path (PyHamcrest's layout): tests/ holds no
`__init__.py`, so pytest's default `prepend` import mode inserts tests/ itself, and a test module imports
its base class as `from hamcrest_unit_test.matcher_test import MatcherTest` (tests/hamcrest_unit_test/
matcher_test.py). Tests named `*_test.py`, classes not named Test* but unittest.TestCase subclasses
through that base, methods named testCamelCase. Read as an outside module, none of the suite's tests was
named for 27 of 40 functions (scripts/score_tests_reached.py --setup pyhamcrest)."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from daemonkit import assert_equals_clean
from langcases import indexed_workspace
from test_tests_reached import how, impact, indexed

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

FILES = {
    "pyproject.toml": "[project]\nname = 'matchers'\n",
    "src/matchers/__init__.py": "",
    "src/matchers/core.py": '''
        class IsEqual:
            def __init__(self, value):
                self.value = value

            def matches(self, item):
                return item == self.value


        def equal_to(value):
            return IsEqual(value)


        def empty():
            return IsEqual([])
    ''',
    "tests/matchers_unit/__init__.py": "",
    "tests/matchers_unit/matcher_test.py": '''
        import unittest


        class MatcherTest(unittest.TestCase):
            def assert_matches(self, message, matcher, arg):
                assert_matches(matcher, arg, message)


        def assert_matches(matcher, arg, message):
            assert matcher.matches(arg), message
    ''',
    "tests/matchers_unit/core/__init__.py": "",
    "tests/matchers_unit/core/isequal_test.py": '''
        from matchers.core import equal_to
        from matchers_unit.matcher_test import MatcherTest


        class IsEqualTest(MatcherTest):
            def testComparesObjectsUsingEquality(self):
                self.assert_matches("equal numbers", equal_to(1), 1)
    ''',
    "tests/matchers_unit/core/isempty_test.py": '''
        import os

        from matchers.core import empty
        from matchers_unit.matcher_test import MatcherTest


        class EmptyTest(MatcherTest):
            def testMatchesEmptyList(self):
                self.assert_matches("empty", empty(), [])
                os.getcwd()
    ''',
    "scripts/helper.py": "def run():\n    return 1\n",
    "src/matchers/runner.py": "def run():\n    return 2\n",           # another `run`: no single-name guess
    "scripts/tool.py": "import helper\n\n\ndef main():\n    return helper.run()\n",
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("syspath") / "proj", FILES)


def test_a_test_class_based_on_a_test_case_imported_from_the_sys_path_folder_is_collected(proj):
    found = how(impact(proj, "src/matchers/core.py", "return IsEqual([])", "--no-coverage"))
    assert found == {"tests/matchers_unit/core/isempty_test.py::EmptyTest::testMatchesEmptyList": "reaches"}


def test_a_method_called_through_that_base_reaches_the_change(proj):
    found = how(impact(proj, "src/matchers/core.py", "return item == self.value", "--no-coverage"))
    assert set(found) == {"tests/matchers_unit/core/isequal_test.py::IsEqualTest::testComparesObjectsUsingEquality",
                          "tests/matchers_unit/core/isempty_test.py::EmptyTest::testMatchesEmptyList"}


def test_imports_from_the_sys_path_folder_resolve_and_outside_ones_stay_outside(proj):
    conn = open_reader(proj)
    rows = dict(conn.execute(
        "SELECT c.callee, coalesce(t.qualname, c.resolution) FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname IN"
        " ('tests.matchers_unit.core.isempty_test.EmptyTest.testMatchesEmptyList', 'scripts.tool.main')"))
    assert rows["self.assert_matches"] == "tests.matchers_unit.matcher_test.MatcherTest.assert_matches"
    assert rows["helper.run"] == "scripts.helper.run"           # `python scripts/tool.py`: scripts/ first on sys.path
    assert rows["os.getcwd"] == "external"


def test_a_module_added_and_removed_below_the_sys_path_folder_equals_clean(tmp_path):
    """An incremental index that gains, and then loses, the module such an import names equals a clean
    index each time: the importers below that folder are read again (store/reopen.py)."""
    files = {k: textwrap.dedent(v).lstrip() for k, v in FILES.items()}
    base = files.pop("tests/matchers_unit/matcher_test.py")
    work = indexed_workspace(tmp_path, files)
    added = work / "tests/matchers_unit/matcher_test.py"
    added.write_text(base)
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "a", "matcher_test.py added")
    added.unlink()
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "b", "matcher_test.py removed")
