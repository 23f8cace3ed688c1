"""Values held in a class body: a function a test class holds (`DECORATOR = staticmethod(memo.func.lru_cache)`)
runs in the tests that class runs calling `self.DECORATOR`, directly or through a helper method, and in that
class only (a mixin's tests run it in the subclass holding it, not in its sibling)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "memo/__init__.py": "",
    "memo/func.py": '''
        def lru_cache(maxsize=128):
            def decorator(fn):
                return fn
            return decorator


        def fifo_cache(maxsize=128):
            def decorator(fn):
                return fn
            return decorator
    ''',
    "tests/__init__.py": "",
    "tests/test_func.py": '''
        import unittest

        import memo.func


        class DecoratorTestMixin:
            def decorator(self, maxsize, **kwargs):
                return self.DECORATOR(maxsize, **kwargs)

            def test_decorator(self):
                cached = self.decorator(maxsize=2)(lambda n: n)
                self.assertEqual(cached(1), 1)

            def test_direct(self):
                self.assertTrue(self.DECORATOR(2))

            def test_other(self):
                self.assertEqual(1, 1)


        class LRUDecoratorTest(unittest.TestCase, DecoratorTestMixin):
            DECORATOR = staticmethod(memo.func.lru_cache)


        class FIFODecoratorTest(unittest.TestCase, DecoratorTestMixin):
            DECORATOR = staticmethod(memo.func.fifo_cache)
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("classvalues") / "proj", FILES)


def test_a_function_a_test_class_holds_runs_in_that_class_tests_calling_it(proj):
    found = how(impact(proj, "memo/func.py", "def lru_cache", "--no-coverage"))
    assert found.get("tests/test_func.py::LRUDecoratorTest::test_decorator") == "reaches"
    assert found.get("tests/test_func.py::LRUDecoratorTest::test_direct") == "reaches"
    assert "tests/test_func.py::FIFODecoratorTest::test_decorator" not in found
    assert "tests/test_func.py::LRUDecoratorTest::test_other" not in found
