"""A class deriving from a standard-library base (`collections.abc.MutableMapping`, `textwrap.TextWrapper`)
inherits methods the workspace never defines, and those call back on self the methods it overrides: a test
calling `cache.update(...)` may reach `__setitem__`, one calling `wrapper.wrap(...)` the override of
`_wrap_chunks`; a method bound as a parameter's default (`cache_setitem=Cache.__setitem__`) is called by the
method whose default names it; an object built in a class body (`widget = widgets.Select()`) is called
through its instances, so its `__call__` runs where the holding class is built."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "lru/__init__.py": '''
        import collections.abc
        import textwrap


        class _Sizes:
            def __setitem__(self, key, value):
                assert value == 1


        class Cache(collections.abc.MutableMapping):
            __size = _Sizes()

            def __init__(self, maxsize):
                self.__data = {}
                self.maxsize = maxsize

            def __getitem__(self, key):
                return self.__data[key]

            def __setitem__(self, key, value):
                self.__data[key] = value
                self.__size[key] = 1

            def __delitem__(self, key):
                del self.__data[key]

            def __iter__(self):
                return iter(self.__data)

            def __len__(self):
                return len(self.__data)


        class LRUCache(Cache):
            def __setitem__(self, key, value, cache_setitem=Cache.__setitem__):
                cache_setitem(self, key, value)
                self.touched = key


        class Wrapper(textwrap.TextWrapper):
            def _wrap_chunks(self, chunks):
                return super()._wrap_chunks(chunks)
    ''',
    "forms/widgets.py": '''
        class Select:
            def __init__(self, multiple=False):
                self.multiple = multiple

            def __call__(self, field, **kwargs):
                return "<select>" + "".join(field.options()) + "</select>"


        class TextInput:
            def __call__(self, field, **kwargs):
                return "<input>"
    ''',
    "forms/fields.py": '''
        from forms import widgets


        class Field:
            widget = widgets.TextInput()

            def __init__(self, label=None):
                self.label = label

            def __call__(self, **kwargs):
                return render(self, kwargs)

            def options(self):
                return []


        def render(field, kwargs):
            return field.widget(field, **kwargs)


        class SelectField(Field):
            widget = widgets.Select()


        class StringField(Field):
            pass
    ''',
    "tests/test_fields.py": '''
        from forms.fields import SelectField, StringField


        def test_select():
            assert SelectField(label="a")().startswith("<select>")


        def test_string():
            assert StringField(label="b")() == "<input>"
    ''',
    "tests/test_lru.py": '''
        from lru import Cache, LRUCache, Wrapper


        def test_update():
            cache = Cache(maxsize=2)
            cache.update({1: 1})
            assert len(cache) == 1


        def test_lru_insert():
            cache = LRUCache(maxsize=2)
            cache[1] = 1
            assert cache.touched == 1


        def test_length_only():
            cache = Cache(maxsize=2)
            assert len(cache) == 0


        def test_wrap():
            wrapper = Wrapper(width=10)
            assert wrapper.wrap("a b c") == ["a b c"]
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("libself") / "proj", FILES)


def test_a_method_a_standard_library_base_calls_on_self_is_reached_through_the_inherited_method(proj):
    found = how(impact(proj, "lru/__init__.py", "self.__data[key] = value", "--no-coverage"))
    assert found.get("tests/test_lru.py::test_update") == "may reach"
    # `len(cache)` runs __len__, not __setitem__: MutableMapping.update is read, not every name it has
    assert "tests/test_lru.py::test_length_only" not in found


def test_an_override_the_standard_library_calls_back_is_reached(proj):
    found = how(impact(proj, "lru/__init__.py", "return super()._wrap_chunks(chunks)", "--no-coverage"))
    assert found.get("tests/test_lru.py::test_wrap") == "may reach"


def test_a_method_bound_as_a_default_is_called_by_the_method_naming_it(proj):
    # LRUCache.__setitem__ -> cache_setitem (= Cache.__setitem__) -> _Sizes.__setitem__
    found = how(impact(proj, "lru/__init__.py", "assert value == 1", "--no-coverage"))
    assert found.get("tests/test_lru.py::test_lru_insert") == "reaches"


def test_a_callable_held_by_a_class_runs_where_the_holding_class_is_built(proj):
    found = how(impact(proj, "forms/widgets.py", 'return "<select>"', "--no-coverage"))
    assert found.get("tests/test_fields.py::test_select") == "may reach"
    assert "tests/test_fields.py::test_string" not in found
