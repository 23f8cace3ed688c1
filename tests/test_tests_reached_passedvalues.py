"""An object built as a keyword argument and called back under the keyword's name (WTForms' idiom): a test
makes a form class from keyword fields (`make_form(a=SelectField(...))`, a class made with `type`) and calls
`form.a()`, which runs the field's `__call__` through an attribute set at run time that no edge records."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "forms/__init__.py": "",
    "forms/fields.py": '''
        class Field:
            def __init__(self, label=None):
                self.label = label

            def __call__(self, **kwargs):
                return self.render(**kwargs)

            def render(self, **kwargs):
                return "<input>"


        class SelectField(Field):
            def render(self, **kwargs):
                return "<select></select>"


        class BaseForm:
            def __init__(self, data=None):
                self.data = data or {}
    ''',
    "tests/__init__.py": "",
    "tests/test_select.py": '''
        from forms.fields import BaseForm, SelectField


        def make_form(**fields):
            return type("F", (BaseForm,), fields)


        def test_render():
            F = make_form(a=SelectField(label="A"))
            form = F()
            assert form.a() == "<select></select>"


        def test_data_only():
            F = make_form(a=SelectField(label="A"))
            form = F({"a": 1})
            assert form.data == {"a": 1}
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("passedvalues") / "proj", FILES)


def test_a_field_passed_as_a_keyword_and_called_by_that_name_runs_its_call(proj):
    found = how(impact(proj, "forms/fields.py", 'return "<select></select>"', "--no-coverage"))
    assert found.get("tests/test_select.py::test_render") == "may reach"
    assert "tests/test_select.py::test_data_only" not in found
