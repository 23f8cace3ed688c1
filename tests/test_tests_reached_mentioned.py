"""The fallback names the tests that use a changed method's class; of those, the ones whose own code names the
method (a property read, a call), or a method one link above it (a `__repr__` calling the changed `_repr_args`,
run by `repr(...)`), are the ones named when there are any; else every user is still named."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "src/shapes/__init__.py": "",
    "src/shapes/fields.py": '''
        import warnings


        class Field:
            def __init__(self, default=None):
                self.default = default

            @property
            def missing(self):
                warnings.warn("'missing' is deprecated", DeprecationWarning)
                return self.default

            def load(self, value):
                return self.default if value is None else value


        class Secret:
            @property
            def shown(self):
                return "***"


        class Plain:
            def __init__(self, text):
                self.text = text

            @property
            def shown(self):
                return self.text


        class Validator:
            def _repr_args(self):
                return ""

            def __repr__(self):
                return f"<{type(self).__name__}({self._repr_args()})>"


        class Length(Validator):
            def __init__(self, low, high):
                self.low, self.high = low, high

            def _repr_args(self):
                return f"low={self.low!r}, high={self.high!r}"

            def __call__(self, value):
                return self.low <= len(value) <= self.high
    ''',
    "tests/test_fields.py": '''
        import pytest

        from shapes.fields import Field, Length, Plain


        def test_load_none():
            assert Field(default=1).load(None) == 1


        def test_load_value():
            assert Field().load(2) == 2


        FIELDS = [cls for cls in (Field,) if cls is not None]


        @pytest.mark.parametrize("field_class", FIELDS)
        def test_missing_is_deprecated(field_class):
            field = field_class(default=3)
            with pytest.deprecated_call():
                assert field.missing == 3


        TEXTS = [cls for cls in (Plain,) if cls is not None]


        @pytest.mark.parametrize("text_class", TEXTS)
        def test_plain(text_class):
            text = text_class("a")
            assert text.shown == "a"


        def test_length():
            assert Length(1, 3)("ab")


        def test_length_repr():
            assert repr(Length(1, 3)) == "<Length(low=1, high=3)>"
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("mentioned") / "proj", FILES)


def test_the_fallback_names_the_class_users_reading_the_property(proj):
    doc = impact(proj, "src/shapes/fields.py", "def missing", "--no-coverage")
    assert doc["tests_fallback"] is True
    assert set(how(doc)) == {"tests/test_fields.py::test_missing_is_deprecated"}


def test_the_fallback_names_the_users_running_the_dunder_above_the_change(proj):
    doc = impact(proj, "src/shapes/fields.py", 'return f"low=', "--no-coverage")
    # `repr(Length(1, 3))` is now a path (query/selection/reach/objectuse.py), found before any fallback
    assert how(doc) == {"tests/test_fields.py::test_length_repr": "may reach"}


def test_a_method_no_user_names_keeps_every_user(proj):
    doc = impact(proj, "src/shapes/fields.py", "return self.low <=", "--no-coverage")
    assert "tests/test_fields.py::test_length" in how(doc)


def test_a_name_other_classes_define_does_not_narrow_the_importing_files(proj):
    # no test uses Secret: the importing file's tests are named; test_plain's `.shown` runs Plain's own
    doc = impact(proj, "src/shapes/fields.py", 'return "***"', "--no-coverage")
    assert doc["tests_fallback"] is True
    assert {"tests/test_fields.py::test_plain", "tests/test_fields.py::test_load_none"} <= set(how(doc))
