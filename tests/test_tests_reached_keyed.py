"""A function used only inside the values of a module-level dict literal under string keys (a table of output
formats) runs when a caller looks its key up: the tests whose string literals hold the key are named, those
reaching the lookup without the key are not; a key a parameter takes by default narrows nothing."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "tables/__init__.py": '''
        from collections import namedtuple

        Format = namedtuple("Format", ["line", "row"])


        def _pipe_line(widths):
            return "|" + "|".join("-" * w for w in widths) + "|"


        def _plain_row(cells):
            return " ".join(cells)


        def _grid_line(widths):
            return "+" + "+".join("=" * w for w in widths) + "+"


        _formats = {
            "pipe": Format(line=_pipe_line, row=_plain_row),
            "grid": Format(line=_grid_line, row=_plain_row),
        }


        def render(cells, fmt="grid"):
            table = _formats[fmt]
            return table.line([len(c) for c in cells]) + "\\n" + table.row(cells)
    ''',
    "tests/test_render.py": '''
        import pytest

        from tables import render


        def test_pipe():
            assert render(["a"], fmt="pipe").startswith("|")


        def test_default():
            assert render(["a"]).startswith("+")


        @pytest.mark.parametrize("fmt", ["pipe", "grid"])
        def test_every_format(fmt):
            assert render(["a"], fmt=fmt)
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("keyed") / "proj", FILES)


def test_a_function_chosen_by_a_key_names_the_tests_holding_the_key(proj):
    doc = impact(proj, "tables/__init__.py", 'return "|" +', "--no-coverage")
    assert set(how(doc)) == {"tests/test_render.py::test_pipe", "tests/test_render.py::test_every_format"}
    assert doc["tests_fallback"] is False


def test_a_key_a_parameter_takes_by_default_is_not_narrowed(proj):
    # render(cells) chooses "grid" with no literal in the test: every test reaching render may run it
    for text in ('return "+" +', 'return " ".join(cells)'):
        doc = impact(proj, "tables/__init__.py", text, "--no-coverage")
        assert "tests/test_render.py::test_default" in how(doc), text
