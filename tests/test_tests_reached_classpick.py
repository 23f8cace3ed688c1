"""Test classes choosing the class under test by a class attribute (`Cache = LRUCache` under a mixin whose tests
build `self.Cache(...)`): a change in one cache class reaches the mixin's tests only in the subclasses choosing
that class or a subclass of it, unless a test names the class itself; a change every chosen class shares
(their base) still reaches them all."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "store/__init__.py": '''
        class Cache:
            def __init__(self, maxsize):
                self.maxsize = maxsize
                self.data = {}

            def __setitem__(self, key, value):
                self.data[key] = value

            def __getitem__(self, key):
                return self.data[key]


        class LRUCache(Cache):
            def __getitem__(self, key):
                value = Cache.__getitem__(self, key)
                self._touch(key)
                return value

            def _touch(self, key):
                self.order = [key]


        class FIFOCache(Cache):
            def _first(self):
                return next(iter(self.data))
    ''',
    "tests/__init__.py": '''
        import store


        class CacheTestMixin:
            Cache = None

            def test_get(self):
                cache = self.Cache(maxsize=2)
                cache[1] = 1
                self.assertEqual(cache[1], 1)

            def test_lru_named(self):
                cache = self.Cache(maxsize=2)
                cache[1] = 1
                self.assertEqual(store.LRUCache(2).maxsize, 2)
                self.assertEqual(cache[1], 1)
    ''',
    "tests/test_lru.py": '''
        import unittest

        from store import LRUCache

        from . import CacheTestMixin


        class TimedLRU(LRUCache):
            pass


        class LRUCacheTest(unittest.TestCase, CacheTestMixin):
            Cache = LRUCache


        class TimedLRUCacheTest(unittest.TestCase, CacheTestMixin):
            Cache = TimedLRU
    ''',
    "tests/test_fifo.py": '''
        import unittest

        import store

        from . import CacheTestMixin


        class FIFOCacheTest(unittest.TestCase, CacheTestMixin):
            Cache = store.FIFOCache
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("classpick") / "proj", FILES)


def test_a_change_in_one_chosen_class_reaches_only_the_subclasses_choosing_it(proj):
    found = how(impact(proj, "store/__init__.py", "def _touch", "--no-coverage"))
    assert "tests/test_lru.py::LRUCacheTest::test_get" in found
    assert "tests/test_lru.py::TimedLRUCacheTest::test_get" in found       # a subclass of the changed class
    assert "tests/test_fifo.py::FIFOCacheTest::test_get" not in found
    assert "tests/test_fifo.py::FIFOCacheTest::test_lru_named" in found     # the test names LRUCache itself


def test_a_change_in_the_shared_base_reaches_every_subclass(proj):
    found = how(impact(proj, "store/__init__.py", "def __setitem__", "--no-coverage"))
    for test in ("tests/test_lru.py::LRUCacheTest::test_get", "tests/test_lru.py::TimedLRUCacheTest::test_get",
                 "tests/test_fifo.py::FIFOCacheTest::test_get"):
        assert test in found
