"""A lambda written in a test runs only in that test (toolz's own tests): `raises(StopIteration, lambda:
peek([]))` hands the lambda to a helper that calls its parameter, and the call resolved from the helper into
the lambda must not lead on to every other test calling the helper with another lambda."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "seqtools/__init__.py": '''
        from .itertoolz import nth, peek
    ''',
    "seqtools/utils.py": '''
        def raises(err, lamda):
            try:
                lamda()
                return False
            except err:
                return True
    ''',
    "seqtools/itertoolz.py": '''
        import itertools


        def peek(seq):
            iterator = iter(seq)
            item = next(iterator)
            return item, itertools.chain((item,), iterator)


        def nth(n, seq):
            if n < 0:
                raise ValueError("n must be positive")
            return next(itertools.islice(seq, n, None))
    ''',
    "tests/test_itertoolz.py": '''
        from seqtools import nth, peek
        from seqtools.utils import raises


        def test_peek():
            alist = ["Alice", "Bob", "Carol"]
            element, blist = peek(alist)
            assert element == alist[0]
            assert raises(StopIteration, lambda: peek([]))


        def test_nth():
            assert nth(2, "ABCDE") == "C"
            assert raises(ValueError, lambda: nth(-1, "ABCDE"))


        def test_raises():
            assert raises(ZeroDivisionError, lambda: 1 / 0)
            assert not raises(ZeroDivisionError, lambda: 1)
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("testlocal") / "proj", FILES)


def test_a_lambda_handed_to_a_helper_runs_only_in_its_own_test(proj):
    found = how(impact(proj, "seqtools/itertoolz.py", "item = next(iterator)", "--no-coverage"))
    assert found.get("tests/test_itertoolz.py::test_peek") == "reaches"
    assert "tests/test_itertoolz.py::test_nth" not in found
    assert "tests/test_itertoolz.py::test_raises" not in found


def test_the_helper_itself_still_reaches_every_test_calling_it(proj):
    found = how(impact(proj, "seqtools/utils.py", "lamda()", "--no-coverage"))
    assert {"tests/test_itertoolz.py::test_peek", "tests/test_itertoolz.py::test_nth",
            "tests/test_itertoolz.py::test_raises"} <= set(found)
