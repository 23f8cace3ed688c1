"""A class attribute that a base declares empty (`widget = None`) and its subclasses set to an instance
(`widget = FileInput()`): a call of it in the base (`self.widget(...)`, or `field.widget(field)` on a
parameter holding such an object) runs the `__call__` of the values the subclasses set, as a call of an
overridden method runs the overrides (the shape of WTForms' fields and widgets)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import impact, indexed

from graphmind.store import open_reader

FILES = {
    "forms/__init__.py": "",
    "forms/widgets.py": '''
        class TextInput:
            def __call__(self, field, **kwargs):
                return "<input type=text>"


        class FileInput:
            def __call__(self, field, **kwargs):
                return "<input type=file>"


        class Select:
            def __call__(self, field, **kwargs):
                return "<select>"
    ''',
    "forms/meta.py": '''
        class DefaultMeta:
            def render_field(self, field, render_kw):
                return field.widget(field, **render_kw)
    ''',
    "forms/fields.py": '''
        from forms import widgets
        from forms.meta import DefaultMeta


        class Field:
            widget = None

            def __init__(self, widget=None):
                self.meta = DefaultMeta()
                if widget is not None:
                    self.widget = widget

            def __call__(self, **kwargs):
                return self.meta.render_field(self, kwargs)

            def render_plain(self):
                return self.widget(self)


        class StringField(Field):
            widget = widgets.TextInput()


        class FileField(Field):
            widget = widgets.FileInput()


        class Opaque:
            widget = None

            def show(self):
                return self.widget(self)
    ''',
    "tests/test_fields.py": '''
        from forms.fields import FileField, StringField


        def test_file_field_renders():
            assert "file" in FileField()()


        def test_string_field_plain():
            assert StringField().render_plain()
    ''',
}


@pytest.fixture(scope="module")
def forms(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("attrs") / "proj", FILES)


def callers_of(root: Path, qualname: str) -> set[tuple[str, str]]:
    conn = open_reader(root)
    try:
        return set(conn.execute(
            "SELECT s.qualname, c.resolution FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
            " ON t.id = c.target_id WHERE t.qualname = ? AND c.resolution != 'possible'", (qualname,)))
    finally:
        conn.close()


def test_a_call_of_the_base_attribute_runs_what_each_subclass_sets(forms):
    for widget in ("TextInput", "FileInput"):
        got = {caller for caller, _ in callers_of(forms, f"forms.widgets.{widget}.__call__")}
        assert "forms.fields.Field.render_plain" in got, widget


def test_a_parameter_holding_the_base_class_runs_them_too(forms):
    got = {caller for caller, _ in callers_of(forms, "forms.widgets.FileInput.__call__")}
    assert "forms.meta.DefaultMeta.render_field" in got


def test_no_subclass_sets_it_no_value_is_made_up(forms):
    assert not any(caller == "forms.fields.Opaque.show" for w in ("TextInput", "FileInput", "Select")
                   for caller, _ in callers_of(forms, f"forms.widgets.{w}.__call__"))
    assert not callers_of(forms, "forms.widgets.Select.__call__")


def test_the_tests_rendering_a_field_are_named_for_its_widget(forms):
    doc = impact(forms, "forms/widgets.py", "return \"<input type=file>\"", "--no-coverage")
    got = {t["id"]: t["how"] for t in doc["test_runs"]}
    assert got.get("tests/test_fields.py::test_file_field_renders") == "reaches"
