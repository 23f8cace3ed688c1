"""A call made only under a guard on an optional parameter (`if maxwidths is not None:` with a default of None,
`if wrap:` with a default of False) runs only for the callers that pass that parameter, by name, by position
or through `**kwargs`: the tests calling the function without it do not reach the guarded callee."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "table/__init__.py": '''
        def _wrap(rows, widths):
            return [row[:w] for row, w in zip(rows, widths)]


        def _pad(rows):
            return rows


        def render(rows, headers=(), maxwidths=None, *, shout=False):
            rows = _pad(rows)
            if maxwidths is not None:
                rows = _wrap(rows, maxwidths)
            if shout and rows:
                rows = [r.upper() for r in _pad(rows)]
            return rows
    ''',
    "tests/test_render.py": '''
        from table import render


        def test_plain():
            assert render(["ab"]) == ["ab"]


        def test_headers():
            assert render(["ab"], ["h"]) == ["ab"]


        def test_wrapped_by_name():
            assert render(["abc"], maxwidths=[2]) == ["ab"]


        def test_wrapped_by_position():
            assert render(["abc"], (), [2]) == ["ab"]


        def test_spread():
            options = {"maxwidths": [2]}
            assert render(["abc"], **options) == ["ab"]
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("guards") / "proj", FILES)


def test_a_call_guarded_by_an_optional_parameter_reaches_only_the_callers_passing_it(proj):
    found = how(impact(proj, "table/__init__.py", "def _wrap", "--no-coverage"))
    for test in ("test_wrapped_by_name", "test_wrapped_by_position", "test_spread"):
        assert f"tests/test_render.py::{test}" in found
    assert "tests/test_render.py::test_plain" not in found
    assert "tests/test_render.py::test_headers" not in found


def test_a_call_also_made_outside_the_guard_reaches_every_caller(proj):
    found = how(impact(proj, "table/__init__.py", "def _pad", "--no-coverage"))
    assert "tests/test_render.py::test_plain" in found
    assert "tests/test_render.py::test_headers" in found
