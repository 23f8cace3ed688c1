"""A function nested in another (a decorator's `wrapper`) is called from outside only through the value its
maker hands out: cachetools' test `wrapper = cachetools.cached(cache)(self.func); wrapper(0)` calls the
`wrapper` that `cached` builds, and the name alone also matches the `wrapper` that `cachedmethod` builds. A
`possible` edge into a closure holds only for a caller that runs its maker (over resolved links); the others
share a name and nothing else."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "src/memo/__init__.py": '''
        import functools

        from . import keys
        from ._decorators import _cached_wrapper


        def cached(cache, key=keys.hashkey):
            def decorator(func):
                wrapper = _cached_wrapper(func, cache, key)
                wrapper.cache = cache
                return functools.update_wrapper(wrapper, func)

            return decorator


        def cachedmethod(cache, key=keys.methodkey):
            def decorator(method):
                def wrapper(self, *args, **kwargs):
                    c = cache(self)
                    k = key(self, *args, **kwargs)
                    try:
                        return c[k]
                    except KeyError:
                        pass
                    v = c[k] = method(self, *args, **kwargs)
                    return v

                return functools.update_wrapper(wrapper, method)

            return decorator
    ''',
    "src/memo/_decorators.py": '''
        def _cached_wrapper(func, cache, key):
            def wrapper(*args, **kwargs):
                k = key(*args, **kwargs)
                try:
                    return cache[k]
                except KeyError:
                    pass
                v = cache[k] = func(*args, **kwargs)
                return v

            return wrapper
    ''',
    "src/memo/keys.py": '''
        def hashkey(*args, **kwargs):
            return tuple(args) + tuple(sorted(kwargs.items()))


        def methodkey(self, *args, **kwargs):
            return hashkey(*args, **kwargs)


        def typedmethodkey(self, *args, **kwargs):
            return hashkey(*args, **kwargs) + tuple(type(v) for v in args)
    ''',
    "tests/test_cached.py": '''
        import unittest

        import memo


        class CachedTest(unittest.TestCase):
            def func(self, *args):
                return len(args)

            def test_decorator(self):
                cache = {}
                wrapper = memo.cached(cache)(self.func)
                self.assertEqual(wrapper(0), 1)
                self.assertEqual(len(cache), 1)

            def test_decorator_twice(self):
                cache = {}
                wrapper = memo.cached(cache)(self.func)
                wrapper(1)
                self.assertEqual(wrapper(1), 1)
    ''',
    "tests/test_cachedmethod.py": '''
        import unittest

        from memo import cachedmethod, keys


        class Cached:
            def __init__(self, cache):
                self.cache = cache

            @cachedmethod(lambda self: self.cache, key=keys.typedmethodkey)
            def get_typed(self, value):
                return value


        class CachedMethodTest(unittest.TestCase):
            def test_typed(self):
                cached = Cached({})
                self.assertEqual(cached.get_typed(1), 1)
                self.assertEqual(cached.get_typed(1.0), 1.0)
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("closurecalls") / "proj", FILES)


def test_a_closure_is_not_reached_by_a_name_from_tests_that_never_run_its_maker(proj):
    found = how(impact(proj, "src/memo/keys.py", "tuple(type(v) for v in args)", "--no-coverage"))
    assert "tests/test_cached.py::CachedTest::test_decorator" not in found
    assert "tests/test_cached.py::CachedTest::test_decorator_twice" not in found


def test_a_closure_is_reached_by_a_name_from_tests_running_its_maker(proj):
    found = how(impact(proj, "src/memo/_decorators.py", "v = cache[k] = func(*args, **kwargs)", "--no-coverage"))
    assert {"tests/test_cached.py::CachedTest::test_decorator",
            "tests/test_cached.py::CachedTest::test_decorator_twice"} <= set(found)
