"""The tests a change reaches (impact's `tests`): at any depth, through pytest fixtures, unittest setUp and
inherited test methods, through `possible` edges ("may reach"), by imports when no path is found, and from
a real per-test coverage run (pytest-cov --cov-context=test) joined with the static paths."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import run_cli
from graphmind.query.selection.fixtures import parameters

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": '''
        class Engine:
            def __init__(self):
                self.ready = True

            def frobnicate_once(self):
                return 1


        class Relay:
            def relay_twice(self, other):
                return other.frobnicate_once()


        def deep1():
            return 1


        def deep2():
            return deep1()


        def deep3():
            return deep2()


        def deep4():
            return deep3()


        def deep5():
            return deep4()


        def prepare():
            return {}


        def env_setup():
            return 0
    ''',
    "pkg/deco.py": '''
        def with_logging(f):
            def wrapper(*args):
                return f(*args)
            return wrapper


        def make_box():
            class Box(dict):
                def __missing__(self, key):
                    return key
            return Box()


        class Plugin:
            registry = []

            def __init_subclass__(cls, **kwargs):
                Plugin.registry.append(cls)
    ''',
    "pkg/plugin.py": '''
        def hook():
            return "loaded by name at run time"
    ''',
    "tests/__init__.py": "",
    "tests/conftest.py": '''
        import pytest

        from pkg.core import Engine, env_setup


        @pytest.fixture(autouse=True)
        def _environment():
            env_setup()
            yield


        @pytest.fixture
        def engine():
            return Engine()


        @pytest.fixture
        def started(engine):
            yield engine
    ''',
    "tests/test_core.py": '''
        import unittest

        from pkg.core import deep5, prepare


        def test_deep():
            assert deep5() == 1


        def test_deep_later():
            if deep5 is None:           # never true: it does not run deep2
                deep5()


        def test_started(started):
            assert started.ready


        def test_maybe(thing=None):
            if thing is not None:
                thing.frobnicate_once()


        def test_engine_fixture(engine):
            assert engine.frobnicate_once() == 1


        def test_two_unknown_receivers(thing=None):
            if thing is not None:
                thing.relay_twice(thing)


        class TestBase(unittest.TestCase):
            def setUp(self):
                self.state = prepare()

            def test_state(self):
                assert self.state == {}
    ''',
    "tests/test_sub.py": '''
        from tests.test_core import TestBase


        class TestSub(TestBase):
            def test_more(self):
                assert True
    ''',
    "tests/test_deco.py": '''
        from pkg.deco import make_box, with_logging


        def test_decorated():
            handlers = {"size": with_logging(len)}
            assert [h("ab") for h in handlers.values()] == [2]


        def test_other():
            assert with_logging


        def test_box():
            assert make_box()["k"] == "k"


        def test_plugin_class():
            from pkg.deco import Plugin

            class Mine(Plugin):
                pass
            assert Mine in Plugin.registry
    ''',
    "tests/test_plugin.py": '''
        from pkg import plugin


        def test_plugin_module():
            assert plugin
    ''',
}


def indexed(root: Path, files: dict[str, str]) -> Path:
    """A project written from {path: text} and indexed."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    run_cli("index", "--root", str(root), cwd=root, check=True)
    return root


@pytest.fixture
def project(tmp_path) -> Path:
    return indexed(tmp_path / "proj", FILES)


def line_of(root: Path, rel: str, text: str) -> int:
    return next(n for n, line in enumerate((root / rel).read_text().splitlines(), 1) if text in line)


def impact(root: Path, rel: str, text: str, *extra: str) -> dict:
    proc = run_cli("impact", f"{rel}:{line_of(root, rel, text)}", "--json", "--root", str(root), *extra,
                   cwd=root, check=True)
    return json.loads(proc.stdout)


def how(doc: dict) -> dict[str, str]:
    return {t["id"]: t["how"] for t in doc["test_runs"]}


def test_a_test_five_calls_away_is_found_beyond_the_listed_depth(project):
    doc = impact(project, "pkg/core.py", "def deep1", "--no-coverage")
    assert "tests/test_core.py::test_deep" in doc["tests"]                 # a plain ID: a resolved path
    assert {t["id"]: t["depth"] for t in doc["test_runs"]}["tests/test_core.py::test_deep"] == 5
    assert doc["depth"] == 3 and doc["tests_fallback"] is False


def test_fixtures_link_tests_to_what_they_build_through_conftest_and_other_fixtures(project):
    found = how(impact(project, "pkg/core.py", "self.ready = True", "--no-coverage"))
    # Engine.__init__ <- fixture engine <- fixture started <- test_started
    assert found["tests/test_core.py::test_started"] == "reaches"
    assert "tests/test_core.py::test_deep" not in found


def test_an_autouse_fixture_reaches_every_test_in_its_scope(project):
    found = how(impact(project, "pkg/core.py", "return 0", "--no-coverage"))
    for test in ("tests/test_core.py::test_deep", "tests/test_core.py::test_started",
                 "tests/test_plugin.py::test_plugin_module", "tests/test_sub.py::TestSub::test_more"):
        assert found[test] == "reaches"


def test_setup_reaches_the_class_tests_and_subclasses_inherit_them(project):
    found = how(impact(project, "pkg/core.py", "return {}", "--no-coverage"))
    assert found["tests/test_core.py::TestBase::test_state"] == "reaches"
    assert found["tests/test_sub.py::TestSub::test_state"] == "reaches"      # inherited, run by the subclass
    assert found["tests/test_sub.py::TestBase::test_state"] == "reaches"     # imported there: pytest collects it again
    assert "tests/test_sub.py::TestSub::test_more" not in found


def test_a_possible_edge_makes_a_test_that_may_reach(project):
    doc = impact(project, "pkg/core.py", "def frobnicate_once", "--no-coverage")
    assert {"id": "tests/test_core.py::test_maybe", "how": "may reach"} in doc["tests"]
    # a method called on a fixture parameter whose fixture builds that class: as sure as the fixture
    assert "tests/test_core.py::test_engine_fixture" in doc["tests"]
    # two `possible` edges on one path (relay_twice, then frobnicate_once on untyped receivers): not followed
    assert "tests/test_core.py::test_two_unknown_receivers" not in how(doc)


def test_a_nested_function_runs_where_its_enclosing_function_ran(project):
    # wrapper is returned by the decorator and called later, through a variable: it runs only after
    # with_logging built it, so the tests reaching with_logging reach it
    found = how(impact(project, "pkg/deco.py", "def wrapper", "--no-coverage"))
    assert found == {"tests/test_deco.py::test_decorated": "reaches"}
    # a method of a class built in a function (called by Python: d[k]) runs where that function ran
    assert how(impact(project, "pkg/deco.py", "def __missing__", "--no-coverage")) == {
        "tests/test_deco.py::test_box": "reaches"}


def test_init_subclass_runs_where_a_subclass_is_defined(project):
    assert how(impact(project, "pkg/deco.py", "def __init_subclass__", "--no-coverage")) == {
        "tests/test_deco.py::test_plugin_class": "reaches"}


def test_no_path_falls_back_to_the_tests_that_import_the_module_and_says_so(project):
    doc = impact(project, "pkg/plugin.py", "def hook", "--no-coverage")
    assert doc["tests_fallback"] is True
    assert doc["tests"] == [{"id": "tests/test_plugin.py::test_plugin_module", "how": "imports"}]
    text = run_cli("impact", f"pkg/plugin.py:{line_of(project, 'pkg/plugin.py', 'def hook')}", "--root",
                   str(project), "--no-coverage", cwd=project, check=True).stdout
    assert "no path from a test to the change was found" in text


def test_recorded_coverage_names_the_tests_that_ran_the_code_and_static_paths_the_changed_files(project):
    env = dict(os.environ, PYTHONPATH=str(project))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                          "--rootdir", str(project), "--cov=pkg", "--cov-context=test", "--cov-report=", "tests"],
                         cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (project / ".coverage").is_file()
    doc = impact(project, "pkg/core.py", "def deep2")   # .coverage read by default
    assert doc["coverage"]["changed_since"] == [] and doc["coverage"]["tests"] == 15     # TestBase is collected again where it is imported
    assert doc["tests"] == [{"id": "tests/test_core.py::test_deep", "how": "coverage"}]
    # changed after the run: the tests that ran it, plus the resolved paths from test files written since (a
    # new test); test_deep_later's path is older than the recording, which saw it not run deep2
    with open(project / "pkg" / "core.py", "a") as fh:
        fh.write("\n\ndef added():\n    return deep2()\n")
    (project / "tests" / "test_new.py").write_text("from pkg.core import added\n\n\ndef test_added():\n"
                                                   "    assert added() == 1\n")
    later = (project / ".coverage").stat().st_mtime + 10
    os.utime(project / "pkg" / "core.py", (later, later))
    doc = impact(project, "pkg/core.py", "def deep2")
    assert doc["coverage"]["changed_since"] == ["pkg/core.py"]
    assert doc["tests"] == [{"id": "tests/test_core.py::test_deep", "how": "coverage"}, "tests/test_new.py::test_added"]
    # the plugin's hook is never run by a test: the recorded data has nothing, the fallback says so
    assert how(impact(project, "pkg/plugin.py", "def hook")) == {"tests/test_plugin.py::test_plugin_module": "imports"}


def test_a_file_that_is_not_coverage_data_is_a_clear_error(project):
    (project / "bogus.coverage").write_text("not sqlite")
    proc = run_cli("impact", "pkg/core.py:1", "--coverage", str(project / "bogus.coverage"), "--root", str(project),
                   cwd=project)
    assert proc.returncode == 1 and "is not a coverage.py data file" in proc.stderr


def test_parameters_of_a_signature():
    assert parameters("def test_x(app, client: Client = None, *args, key=1, **kw)") == ["app", "client", "key"]
    assert parameters("async def f(self, /, a)") == ["self", "a"]
    assert parameters("class C(Base)") == []
