"""Functions a template engine registers under a name in a dict literal (`FILTERS = {"upper": do_upper}`)
run from code it generates at run time: the tests whose template strings use the name as a filter or a
test may reach them, and so may reach what they call; a test naming no such filter does not."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import impact, indexed

FILES = {
    "src/tmpl/__init__.py": "",
    "src/tmpl/filters.py": '''
        def _capitalize_words(value):
            return " ".join(w[:1].upper() + w[1:] for w in value.split())


        def do_upper(value):
            return value.upper()


        def do_title(value):
            return _capitalize_words(value)


        FILTERS = {
            "upper": do_upper,
            "title": do_title,
        }
    ''',
    "src/tmpl/tests.py": '''
        def test_odd(value):
            return value % 2 == 1


        TESTS = {"odd": test_odd}
    ''',
    "src/tmpl/environment.py": '''
        from tmpl.filters import FILTERS
        from tmpl.tests import TESTS


        class Template:
            def __init__(self, code):
                self.code = code

            def render(self, **context):
                namespace = {}
                exec(self.code, namespace)
                return namespace["root"](context)


        class Environment:
            def __init__(self):
                self.filters = dict(FILTERS)
                self.tests = dict(TESTS)

            def from_string(self, source):
                return Template(self.compile(source))

            def compile(self, source):
                return "def root(context):\\n    return " + repr(source)
    ''',
    "tests/conftest.py": '''
        import pytest

        from tmpl.environment import Environment


        @pytest.fixture
        def env():
            return Environment()
    ''',
    "tests/test_filters.py": '''
        import pytest


        def test_upper(env):
            assert env.from_string("{{ 'foo'|upper }}").render() == "FOO"


        def test_title_block(env):
            tmpl = env.from_string("{% filter title %}a b{% endfilter %}")
            assert tmpl.render() == "A B"


        def test_plain(env):
            assert env.from_string("{{ 'upper' }}").render() == "upper"


        @pytest.mark.parametrize("source", ["{{ 3 is odd }}", "{{ 4 is not odd }}"])
        def test_oddness(env, source):
            assert env.from_string(source).render()
    ''',
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("tmpl") / "proj", FILES)


def named(root: Path, rel: str, text: str) -> dict[str, str]:
    return {t["id"]: t["how"] for t in impact(root, rel, text, "--no-coverage")["test_runs"]}


def test_a_filter_is_reached_by_the_tests_using_it_in_a_template(engine):
    got = named(engine, "src/tmpl/filters.py", "return value.upper()")
    assert got.get("tests/test_filters.py::test_upper") == "may reach"
    assert "tests/test_filters.py::test_plain" not in got
    assert "tests/test_filters.py::test_title_block" not in got


def test_what_a_filter_calls_is_reached_too(engine):
    got = named(engine, "src/tmpl/filters.py", "for w in value.split()")
    assert got.get("tests/test_filters.py::test_title_block") == "may reach"
    assert "tests/test_filters.py::test_upper" not in got


def test_a_template_test_is_reached_from_a_parametrized_value(engine):
    got = named(engine, "src/tmpl/tests.py", "return value % 2 == 1")
    assert got.get("tests/test_filters.py::test_oddness") == "may reach"
    assert "tests/test_filters.py::test_upper" not in got
