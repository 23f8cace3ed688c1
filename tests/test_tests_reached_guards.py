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


EARLY = {
    "dates/__init__.py": '''
        import time


        def _strftime(value, fmt):
            return time.strftime(fmt, value)


        def _locale_name(locale):
            return locale.replace("-", "_")


        def format_date(value, fmt=None, locale=""):
            if fmt is None:
                return str(value)
            if not locale:
                return _strftime(value, fmt)
            name = _locale_name(locale)
            return name + _strftime(value, fmt)
    ''',
    "tests/test_dates.py": '''
        import time

        from dates import format_date

        NOW = time.gmtime(0)


        def test_default():
            assert format_date(NOW)


        def test_with_format():
            assert format_date(NOW, "%Y") == "1970"


        def test_with_locale():
            assert format_date(NOW, fmt="%Y", locale="en-US").endswith("1970")
    ''',
}


@pytest.fixture(scope="module")
def early(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("guards_early") / "proj", EARLY)


def test_a_call_after_an_early_return_on_a_missing_parameter_reaches_only_the_callers_passing_it(early):
    found = how(impact(early, "dates/__init__.py", "def _strftime", "--no-coverage"))
    assert "tests/test_dates.py::test_with_format" in found
    assert "tests/test_dates.py::test_with_locale" in found
    assert "tests/test_dates.py::test_default" not in found
    found = how(impact(early, "dates/__init__.py", "def _locale_name", "--no-coverage"))
    assert "tests/test_dates.py::test_with_locale" in found
    assert not set(found) & {"tests/test_dates.py::test_default", "tests/test_dates.py::test_with_format"}
