"""A base method calling `self.popitem()` runs a subclass's override also when the subclass overrides the base
method and calls it back (cachetools: `FIFOCache.__setitem__(self, key, value, cache_setitem=Cache.__setitem__)`
calls `cache_setitem(self, key, value)`, and `Cache.__setitem__` evicts with `self.popitem()`, which the index
binds to the one subclass inheriting `__setitem__`, RRCache); and a test handed
a form class by a fixture (`def test_formdata(F1)`, WTForms) subscripts the form it builds, which runs
`FormField.__getitem__`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from test_tests_reached import how, impact, indexed

FILES = {
    "cachelib/__init__.py": '''
        import collections
        import collections.abc


        class Cache(collections.abc.MutableMapping):
            def __init__(self, maxsize):
                self.__data = {}
                self.__maxsize = maxsize

            def __getitem__(self, key):
                return self.__data[key]

            def __setitem__(self, key, value):
                while len(self.__data) >= self.__maxsize:
                    self.popitem()
                self.__data[key] = value

            def __delitem__(self, key):
                del self.__data[key]

            def __iter__(self):
                return iter(self.__data)

            def __len__(self):
                return len(self.__data)


        class FIFOCache(Cache):
            def __init__(self, maxsize):
                Cache.__init__(self, maxsize)
                self.__order = collections.OrderedDict()

            def __setitem__(self, key, value, cache_setitem=Cache.__setitem__):
                cache_setitem(self, key, value)
                self.__order[key] = None

            def __delitem__(self, key, cache_delitem=Cache.__delitem__):
                cache_delitem(self, key)
                del self.__order[key]

            def popitem(self):
                key = next(iter(self.__order))
                return (key, self.pop(key))


        class RRCache(Cache):
            def popitem(self):
                key = next(iter(self))
                return (key, self.pop(key))


        class LRUCache(Cache):
            def __init__(self, maxsize):
                Cache.__init__(self, maxsize)
                self.__order = collections.OrderedDict()

            def __setitem__(self, key, value):
                super().__setitem__(key, value)
                self.__order[key] = None

            def popitem(self):
                key = next(iter(self.__order))
                return (key, self.pop(key))
    ''',
    "tests/test_fifo.py": '''
        import unittest

        from cachelib import FIFOCache


        class FIFOCacheTest(unittest.TestCase):
            def test_fifo(self):
                cache = FIFOCache(maxsize=2)
                cache[1] = 1
                cache[2] = 2
                cache[3] = 3
                self.assertEqual(len(cache), 2)

            def test_read(self):
                cache = FIFOCache(maxsize=2)
                self.assertEqual(len(cache), 0)
    ''',
    "tests/test_lru.py": '''
        import unittest

        from cachelib import LRUCache


        class LRUCacheTest(unittest.TestCase):
            def test_lru(self):
                cache = LRUCache(maxsize=2)
                cache[1] = 1
                cache[2] = 2
                cache[3] = 3
                self.assertEqual(len(cache), 2)
    ''',
    "formlib/__init__.py": '''
        class Form:
            def __init__(self, data=None):
                self.data = data or {}

            def __getitem__(self, name):
                return self.data[name]


        class FormField:
            def __init__(self, form_class):
                self.form = form_class()

            def __getitem__(self, name):
                return self.form[name]


        def make_form(name, **fields):
            return type(name, (Form,), fields)
    ''',
    "tests/test_form.py": '''
        import pytest

        from formlib import Form, FormField, make_form


        @pytest.fixture
        def F1():
            return make_form("F1", a=FormField(Form))


        def test_formdata(F1):
            form = F1({"a": 1})
            assert form.a["a"] is None


        def test_iteration(F1):
            assert F1() is not None
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("extended") / "proj", FILES)


def test_an_override_calling_the_base_method_back_runs_the_subclass_popitem(proj):
    found = how(impact(proj, "cachelib/__init__.py", "return (key, self.pop(key))", "--no-coverage"))   # FIFOCache
    assert found.get("tests/test_fifo.py::FIFOCacheTest::test_fifo") == "may reach"
    assert "tests/test_fifo.py::FIFOCacheTest::test_read" not in found
    assert "tests/test_lru.py::LRUCacheTest::test_lru" not in found        # another class's instances


def test_an_override_calling_super_runs_the_subclass_popitem(proj):
    text = (proj / "cachelib/__init__.py").read_text().splitlines()
    line = [i for i, t in enumerate(text, 1) if "return (key, self.pop(key))" in t][-1]    # LRUCache.popitem
    proc = run_cli("impact", f"cachelib/__init__.py:{line}", "--json", "--root", str(proj), "--no-coverage",
                   cwd=proj, check=True)
    found = how(json.loads(proc.stdout))
    assert found.get("tests/test_lru.py::LRUCacheTest::test_lru") == "may reach"
    assert "tests/test_fifo.py::FIFOCacheTest::test_fifo" not in found


def test_a_test_subscripting_a_form_from_a_fixture_reaches_getitem(proj):
    found = how(impact(proj, "formlib/__init__.py", "return self.form[name]", "--no-coverage"))
    assert found.get("tests/test_form.py::test_formdata") == "may reach"
    assert "tests/test_form.py::test_iteration" not in found
