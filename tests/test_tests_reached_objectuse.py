"""Members of an object a test builds that no edge records: the special methods Python runs for `str(x)`,
`len(x)`, `k in x`, `x == y`, `1 + x` (`__radd__`), and a member read on an object of a class whose base is
taken from the test class (`class DefaultCache(self.Cache)`, cachetools' idiom: the index cannot tell what
`self.Cache` is at the class statement, so `cache.maxsize` on a DefaultCache resolves to nothing)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "cachelib/__init__.py": '''
        class Cache:
            def __init__(self, maxsize):
                self.__data = {}
                self.__maxsize = maxsize

            def __getitem__(self, key):
                try:
                    return self.__data[key]
                except KeyError:
                    return self.__missing__(key)

            def __setitem__(self, key, value):
                self.__data[key] = value

            def __missing__(self, key):
                raise KeyError(key)

            def __len__(self):
                return len(self.__data)

            @property
            def maxsize(self):
                return self.__maxsize


        class LRUCache(Cache):
            def __init__(self, maxsize):
                Cache.__init__(self, maxsize)
                self.order = []


        class Label:
            def __init__(self, text):
                self.text = text

            def __str__(self):
                return "<label>%s</label>" % self.text

            def __radd__(self, other):
                return other + str(self)

            def __eq__(self, other):
                return isinstance(other, Label) and other.text == self.text

            def plain(self):
                return self.text


        def make_label(text):
            return Label(text)
    ''',
    "tests/__init__.py": '''
        class CacheTestMixin:
            Cache = None

            def test_missing(self):
                class DefaultCache(self.Cache):
                    def __missing__(self, key):
                        self[key] = key
                        return key

                cache = DefaultCache(maxsize=2)
                self.assertEqual(2, cache.maxsize)
                self.assertEqual(1, cache[1])

            def test_plain(self):
                cache = self.Cache(maxsize=1)
                self.assertIsNone(None)
    ''',
    "tests/test_lru.py": '''
        import unittest

        from cachelib import LRUCache

        from . import CacheTestMixin


        class LRUCacheTest(unittest.TestCase, CacheTestMixin):
            Cache = LRUCache
    ''',
    "tests/test_add.py": '''
        import pytest

        from cachelib import Label

        ADD_TESTS = (
            ("a", Label("b"), "a<label>b</label>"),
        )


        @pytest.mark.parametrize("left, right, expected", ADD_TESTS)
        def test_add(left, right, expected):
            assert left + right == expected


        def test_other():
            assert "a" + "b" == "ab"
    ''',
    "tests/test_label.py": '''
        from cachelib import make_label


        def test_str():
            label = make_label("Name")
            assert str(label) == "<label>Name</label>"


        def test_concat():
            label = make_label("Name")
            assert "x" + label == "x<label>Name</label>"


        def test_plain():
            label = make_label("Name")
            assert label.plain() == "Name"
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("objectuse") / "proj", FILES)


def test_a_member_of_a_class_based_on_the_test_class_attribute_is_reached(proj):
    found = how(impact(proj, "cachelib/__init__.py", "return self.__maxsize", "--no-coverage"))
    assert "tests/test_lru.py::LRUCacheTest::test_missing" in found
    assert "tests/test_lru.py::LRUCacheTest::test_plain" not in found


def test_a_class_based_on_the_test_class_attribute_runs_the_chosen_init(proj):
    found = how(impact(proj, "cachelib/__init__.py", "self.order = []", "--no-coverage"))
    assert "tests/test_lru.py::LRUCacheTest::test_missing" in found
    assert "tests/test_label.py::test_plain" not in found


def test_str_runs_the_dunder_of_the_object_a_test_builds(proj):
    found = how(impact(proj, "cachelib/__init__.py", 'return "<label>%s</label>" % self.text', "--no-coverage"))
    assert found.get("tests/test_label.py::test_str") == "may reach"
    assert "tests/test_label.py::test_plain" not in found


def test_a_reflected_operator_runs_radd(proj):
    found = how(impact(proj, "cachelib/__init__.py", "return other + str(self)", "--no-coverage"))
    assert found.get("tests/test_label.py::test_concat") == "may reach"
    assert "tests/test_label.py::test_str" not in found and "tests/test_label.py::test_plain" not in found


def test_an_operator_on_parametrized_values_a_test_module_builds_runs_radd(proj):
    found = how(impact(proj, "cachelib/__init__.py", "return other + str(self)", "--no-coverage"))
    assert found.get("tests/test_add.py::test_add") == "may reach"
    assert "tests/test_add.py::test_other" not in found


def test_a_comparison_of_what_a_method_returns_does_not_run_eq(proj):
    found = how(impact(proj, "cachelib/__init__.py", "return isinstance(other, Label) and other.text == self.text",
                       "--no-coverage"))
    assert "tests/test_label.py::test_plain" not in found
