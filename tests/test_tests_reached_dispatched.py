"""An override reached through `self.convert(...)` runs only on instances of its class: the tests reaching it
through the dispatch are named when they also build or name that class (or a subclass); a test reaching the
base method but building another subclass is not. A class built at the top level of a library module may be
used by anyone: nothing is narrowed for it."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "src/params/__init__.py": "",
    "src/params/types.py": '''
        class ParamType:
            def process(self, value):
                return self.convert(value)

            def convert(self, value):
                return value


        class Choice(ParamType):
            def __init__(self, choices):
                self.choices = choices

            def convert(self, value):
                if value not in self.choices:
                    raise ValueError(value)
                return value


        class Number(ParamType):
            def convert(self, value):
                return int(value)


        class Flag(ParamType):
            def convert(self, value):
                return value == "yes"


        FLAG = Flag()
    ''',
    "src/params/core.py": '''
        from params.types import ParamType


        def parse(kind: ParamType, value):
            return kind.process(value)
    ''',
    "tests/test_parse.py": '''
        from params.core import parse
        from params.types import FLAG, Choice, Number


        def test_choice():
            assert parse(Choice(["a", "b"]), "a") == "a"


        def test_number():
            assert parse(Number(), "1") == 1


        def test_flag():
            assert parse(FLAG, "yes") is True
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("dispatched") / "proj", FILES)


def test_an_override_names_the_tests_building_its_class(proj):
    doc = impact(proj, "src/params/types.py", "if value not in self.choices", "--no-coverage")
    assert set(how(doc)) == {"tests/test_parse.py::test_choice"}
    doc = impact(proj, "src/params/types.py", "return int(value)", "--no-coverage")
    assert set(how(doc)) == {"tests/test_parse.py::test_number"}


def test_the_base_method_keeps_every_test_reaching_it(proj):
    doc = impact(proj, "src/params/types.py", "return self.convert(value)", "--no-coverage")
    assert set(how(doc)) == {f"tests/test_parse.py::test_{n}" for n in ("choice", "number", "flag")}


def test_a_class_built_at_the_top_of_a_library_module_is_not_narrowed(proj):
    doc = impact(proj, "src/params/types.py", 'return value == "yes"', "--no-coverage")
    assert set(how(doc)) == {f"tests/test_parse.py::test_{n}" for n in ("choice", "number", "flag")}


@pytest.fixture(scope="module")
def reexported(tmp_path_factory) -> Path:
    files = {**FILES, "src/params/__init__.py": "from params.types import Choice, Flag, Number, ParamType\n"}
    return indexed(tmp_path_factory.mktemp("reexported") / "proj", files)


def test_a_package_importing_its_classes_to_export_them_still_narrows(reexported):
    doc = impact(reexported, "src/params/types.py", "if value not in self.choices", "--no-coverage")
    assert set(how(doc)) == {"tests/test_parse.py::test_choice"}
    doc = impact(reexported, "src/params/types.py", 'return value == "yes"', "--no-coverage")
    assert set(how(doc)) == {f"tests/test_parse.py::test_{n}" for n in ("choice", "number", "flag")}
