"""Code in a class body runs when the class statement runs (at import), not each time the class is built: a
constructor called in a class body (`_pattern = Pattern("...")`) does not make the tests that build the holding
class reach it; the tests calling the constructor themselves do, and a changed class still leads to its
builders, and so does a class body building an object whose class has a `__new__` (construction deferred
to the instances, as WTForms' fields do)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "check/__init__.py": '''
        class Pattern:
            def __init__(self, text):
                self.text = text


        class URL:
            _pattern = Pattern("https?://")
            kind = "url"

            def matches(self, value):
                return value.startswith("http")


        class Field:
            def __new__(cls, *args, **kwargs):
                return super().__new__(cls)

            def __init__(self, label):
                self.label = label


        class Form:
            name = Field("name")
    ''',
    "tests/test_check.py": '''
        from check import URL, Form, Pattern


        def test_url():
            assert URL().matches("http://x")


        def test_pattern():
            assert Pattern("a").text == "a"


        def test_form():
            assert Form().name
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("classbody") / "proj", FILES)


def test_a_constructor_called_in_a_class_body_is_not_reached_by_building_that_class(proj):
    found = how(impact(proj, "check/__init__.py", "def __init__(self, text)", "--no-coverage"))
    assert "tests/test_check.py::test_pattern" in found
    assert "tests/test_check.py::test_url" not in found


def test_a_changed_class_body_still_leads_to_the_tests_building_the_class(proj):
    found = how(impact(proj, "check/__init__.py", 'kind = "url"', "--no-coverage"))
    assert "tests/test_check.py::test_url" in found


def test_a_class_body_building_an_object_with_a_new_still_leads_to_the_builders(proj):
    found = how(impact(proj, "check/__init__.py", "def __init__(self, label)", "--no-coverage"))
    assert "tests/test_check.py::test_form" in found
