"""An operator on self in a base class (`del self[key]` in cachetools' `Cache.pop`) runs a subclass's special
method (`MRUCache.__delitem__`) only on instances of that subclass: the index records it as an implicit call,
not a dispatch, but it is narrowed as a dispatch is, to the tests that also build or name the subclass."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "src/cachelib/__init__.py": '''
        import collections.abc


        class Cache(collections.abc.MutableMapping):
            def __init__(self, maxsize):
                self.__data = dict()
                self.maxsize = maxsize

            def __getitem__(self, key):
                return self.__data[key]

            def __setitem__(self, key, value):
                self.__data[key] = value

            def __delitem__(self, key):
                del self.__data[key]

            def __iter__(self):
                return iter(self.__data)

            def __len__(self):
                return len(self.__data)

            def pop(self, key, default=None):
                if key in self:
                    value = self[key]
                    del self[key]
                    return value
                return default


        class LRUCache(Cache):
            def __init__(self, maxsize):
                Cache.__init__(self, maxsize)
                self.__order = []

            def __delitem__(self, key, cache_delitem=Cache.__delitem__):
                cache_delitem(self, key)
                self.__order.remove(key)


        class MRUCache(Cache):
            def __init__(self, maxsize):
                Cache.__init__(self, maxsize)
                self.__order = []

            def __delitem__(self, key, cache_delitem=Cache.__delitem__):
                cache_delitem(self, key)
                self.__order.insert(0, key)
    ''',
    "tests/test_lru.py": '''
        from cachelib import LRUCache


        def test_pop():
            cache = LRUCache(maxsize=2)
            assert cache.pop(1, 0) == 0
    ''',
    "tests/test_mru.py": '''
        from cachelib import MRUCache


        def test_pop():
            cache = MRUCache(maxsize=2)
            assert cache.pop(1, 0) == 0
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("selfoperators") / "proj", FILES)


def test_a_subclass_operator_run_from_a_base_method_names_the_tests_building_the_subclass(proj):
    found = how(impact(proj, "src/cachelib/__init__.py", "self.__order.insert(0, key)", "--no-coverage"))
    assert set(found) == {"tests/test_mru.py::test_pop"}


def test_the_base_method_keeps_every_test(proj):
    found = how(impact(proj, "src/cachelib/__init__.py", "value = self[key]", "--no-coverage"))
    assert set(found) == {"tests/test_lru.py::test_pop", "tests/test_mru.py::test_pop"}
