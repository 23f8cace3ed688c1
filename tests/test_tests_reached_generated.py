"""Test classes whose tests are made at run time (mistune's idiom): a base class's `load_fixtures` sets one
test per fixture entry on its class with `setattr` in a loop, and a module builds such classes in a function
it calls at module level, publishing each under a name it computes (`globals()["TestPlugin_" + name]`).
pytest collects them under those names; their tests are named by class ID, which pytest runs whole."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "md/__init__.py": '''
        from md.core import Markdown


        def create_markdown(plugins=None) -> Markdown:
            return Markdown(plugins or [])


        html = create_markdown()
    ''',
    "md/core.py": '''
        import importlib


        class BlockParser:
            rules = ("paragraph",)

            def __init__(self):
                self.methods = {name: getattr(self, "parse_" + name) for name in self.rules}

            def parse_paragraph(self, text):
                return "<p>" + text + "</p>"


        class Markdown:
            def __init__(self, plugins):
                self.block = BlockParser()
                self.rules = dict(self.block.methods)
                for name in plugins:
                    importlib.import_module("md.plugins." + name).plugin(self)

            def __call__(self, text):
                return "".join(rule(text) for rule in self.rules.values())
    ''',
    "md/plugins/__init__.py": "",
    "md/plugins/strike.py": '''
        def parse_strike(text):
            return text.replace("~~", "<del>")


        def plugin(md):
            md.rules["strike"] = parse_strike
    ''',
    "md/plugins/mark.py": '''
        def parse_mark(text):
            return text.replace("==", "<mark>")


        def plugin(md):
            md.rules["mark"] = parse_mark
    ''',
    "tests/__init__.py": '''
        from unittest import TestCase

        CASES = {"basic.txt": [("a", "a", "<p>a</p>")]}


        class BaseTestCase(TestCase):
            @classmethod
            def load_fixtures(cls, case_file):
                def attach_case(n, text, expected):
                    def method(self):
                        self.assert_case(n, text, expected)

                    name = 'test_{}'.format(n)
                    method.__name__ = name
                    setattr(cls, name, method)

                for n, text, expected in CASES.get(case_file, []):
                    attach_case(n, text, expected)

            def assert_case(self, name, text, expected):
                self.assertEqual(self.parse(text), expected)
    ''',
    "tests/test_plugins.py": '''
        from md import create_markdown
        from tests import BaseTestCase


        def load_plugin(plugin_name):
            md = create_markdown(plugins=[plugin_name])

            class TestPlugin(BaseTestCase):
                parse = md

            TestPlugin.load_fixtures(plugin_name + ".txt")
            globals()["TestPlugin_" + plugin_name] = TestPlugin


        load_plugin("strike")
        load_plugin("mark")
    ''',
    "tests/test_syntax.py": '''
        import md
        from tests import BaseTestCase


        class TestSyntax(BaseTestCase):
            def assert_case(self, n, text, expected):
                self.assertEqual(md.html(text), expected)


        TestSyntax.load_fixtures("basic.txt")
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("generated") / "proj", FILES)


def test_a_plugin_chosen_by_name_is_reached_by_the_class_built_for_it(proj):
    found = how(impact(proj, "md/plugins/strike.py", "def parse_strike", "--no-coverage"))
    assert found.get("tests/test_plugins.py::TestPlugin_strike") == "may reach"
    assert "tests/test_plugins.py::TestPlugin_mark" not in found


def test_code_every_parser_runs_names_the_generated_classes(proj):
    found = how(impact(proj, "md/core.py", "def parse_paragraph", "--no-coverage"))
    assert "tests/test_syntax.py::TestSyntax" in found
    assert "tests/test_plugins.py::TestPlugin_strike" in found
    assert "tests/test_plugins.py::TestPlugin_mark" in found
