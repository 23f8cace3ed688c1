"""When no path reaches a changed method, the fallback names the tests that use its class (building it, in a
test or in a class a test builds) before every test of the files importing its module; both marked
"imports", and the answer says no path was found."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import impact, indexed

FILES = {
    "src/forms/__init__.py": "",
    "src/forms/fields.py": '''
        class FormField:
            def __init__(self, form_class):
                self.form_class = form_class
                self.entries = []

            def __iter__(self):
                return iter(self.entries)


        class Label:
            def __init__(self, text):
                self.text = text

            def __str__(self):
                return self.text


        class Hidden:
            def reveal(self):
                return "hidden"


        class Base:
            def describe(self):
                return "base"


        class Child(Base):
            pass
    ''',
    "tests/test_fields.py": '''
        from forms.fields import Child, FormField, Label


        class Address:
            sub = FormField(dict)


        def test_iteration():
            form = Address()
            assert list(getattr(form, "sub")) == []


        def test_label_text():
            assert Label("x").text == "x"


        def test_arithmetic():
            assert 1 + 1 == 2


        def test_child():
            assert getattr(Child(), "describe")() == "base"
    ''',
}


@pytest.fixture(scope="module")
def forms(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("fallback") / "proj", FILES)


def test_the_tests_using_the_class_come_before_the_whole_importing_file(forms):
    doc = impact(forms, "src/forms/fields.py", "return iter(self.entries)", "--no-coverage")
    got = {t["id"]: t["how"] for t in doc["test_runs"]}
    assert doc["tests_fallback"] is True
    assert got == {"tests/test_fields.py::test_iteration": "imports"}


def test_a_class_built_in_a_test_names_that_test(forms):
    doc = impact(forms, "src/forms/fields.py", "return self.text", "--no-coverage")
    got = {t["id"]: t["how"] for t in doc["test_runs"]}
    assert got == {"tests/test_fields.py::test_label_text": "imports"}


def test_a_class_no_test_uses_falls_back_to_the_importing_files(forms):
    doc = impact(forms, "src/forms/fields.py", 'return "hidden"', "--no-coverage")
    got = {t["id"]: t["how"] for t in doc["test_runs"]}
    assert doc["tests_fallback"] is True
    assert set(got) == {"tests/test_fields.py::test_iteration", "tests/test_fields.py::test_label_text",
                        "tests/test_fields.py::test_arithmetic", "tests/test_fields.py::test_child"}


def test_a_method_run_on_a_subclass_names_the_tests_building_the_subclass(forms):
    doc = impact(forms, "src/forms/fields.py", 'return "base"', "--no-coverage")
    assert {t["id"]: t["how"] for t in doc["test_runs"]} == {"tests/test_fields.py::test_child": "imports"}


UNITTEST = {
    "src/caches/__init__.py": '''
        class Cache:
            def __init__(self, maxsize):
                self.maxsize = maxsize

            def evict(self):
                return self.maxsize
    ''',
    "tests/__init__.py": '''
        class CacheTestMixin:
            Cache = None

            def test_evict(self):
                cache = self.Cache(maxsize=1)
                self.assertEqual(cache.evict(), 1)
    ''',
    "tests/test_cache.py": '''
        import unittest

        from caches import Cache

        from . import CacheTestMixin


        class CacheTest(unittest.TestCase, CacheTestMixin):
            Cache = Cache
    ''',
}


def test_unittest_classes_run_the_tests_of_a_mixin_in_the_tests_package(tmp_path):
    # pytest collects a unittest.TestCase subclass whatever its name, with the tests its mixin defines
    root = indexed(tmp_path / "proj", UNITTEST)
    doc = impact(root, "src/caches/__init__.py", "return self.maxsize", "--no-coverage")
    assert doc["tests_fallback"] is False
    assert "tests/test_cache.py::CacheTest::test_evict" in {t["id"] for t in doc["test_runs"]}


TYPED = {      # a package typed by stubs beside its modules (more-itertools' layout), re-exported by a star import
    "iterutils/__init__.py": "from .more import *\n",
    "iterutils/__init__.pyi": "from .more import *\n",
    "iterutils/more.py": '''
        __all__ = ["first", "Peekable"]


        def first(iterable):
            return next(iter(iterable))


        class Peekable:
            def _cache_hint(self):
                return "cached"
    ''',
    "iterutils/more.pyi": '''
        def first(iterable: object) -> object: ...

        class Peekable:
            def _cache_hint(self) -> str: ...
    ''',
    "tests/test_more.py": '''
        import iterutils as it


        def test_first():
            assert it.first([1]) == 1


        def test_nothing_imported():
            assert True
    ''',
    "tests/test_other.py": '''
        def test_unrelated():
            assert True
    ''',
}


def test_the_fallback_follows_a_star_reexport_to_a_module_typed_by_a_stub(tmp_path):
    # no test reaches _cache_hint; the test file imports the package, which re-exports the module by `import *`:
    # a module with a .pyi beside its .py is imported through both
    root = indexed(tmp_path / "proj", TYPED)
    doc = impact(root, "iterutils/more.py", 'return "cached"', "--no-coverage")
    assert doc["tests_fallback"] is True
    assert {t["id"]: t["how"] for t in doc["test_runs"]} == {
        "tests/test_more.py::test_first": "imports", "tests/test_more.py::test_nothing_imported": "imports"}
