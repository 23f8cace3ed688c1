"""A function chosen by a string key (a table of output formats) passes its key on to what runs only inside it:
a module-level helper it alone calls, and a function defined in its body, are named for the tests holding the
key, not for every test reaching the lookup; a helper also called outside the keyed functions is not narrowed. A
function called only under `if fmt == "rst":` (fmt a parameter) is named for the tests passing "rst", unless fmt
takes it by default."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "tables/__init__.py": '''
        from collections import namedtuple
        from functools import partial

        Format = namedtuple("Format", ["line", "row"])


        def _pipe_segment(align, width):
            if align == "right":
                return "-" * (width - 1) + ":"
            return "-" * width


        def _pipe_line(widths, aligns):
            segments = [_pipe_segment(a, w) for a, w in zip(aligns, widths)]
            return "|" + "|".join(segments) + "|"


        def _plain_row(cells):
            return " ".join(_strip(c) for c in cells)


        def _strip(cell):
            return cell.strip()


        def _latex_row(cells, escrules=None):
            def escape_char(c):
                return (escrules or {}).get(c, c)

            return " & ".join("".join(map(escape_char, cell)) for cell in cells) + r"\\\\"


        _formats = {
            "pipe": Format(line=_pipe_line, row=_plain_row),
            "latex": Format(line=None, row=_latex_row),
            "latex_raw": Format(line=None, row=partial(_latex_row, escrules={})),
        }


        def _rst_escape(cells):
            def escape_empty(cell):
                return ".." if not cell.strip() else cell

            return [escape_empty(c) for c in cells]


        def _simple_pad(cells):
            return [c + " " for c in cells]


        def render(cells, fmt="simple"):
            if fmt == "rst":
                cells = _rst_escape(cells)
            elif fmt in ("simple", "plain"):
                cells = _simple_pad(cells)
            fmt = fmt.lower()
            if fmt not in _formats:
                return " ".join(_strip(c) for c in cells)
            table = _formats[fmt]
            head = table.line([len(c) for c in cells], ["left"] * len(cells)) if table.line else ""
            return head + "\\n" + table.row(cells)
    ''',
    "tests/test_render.py": '''
        from tables import render


        def test_pipe():
            assert render(["a"], fmt="pipe").startswith("|")


        def test_latex():
            assert render(["a_b"], fmt="latex")


        def test_latex_raw():
            assert render(["a"], fmt="latex_raw")


        def test_plain():
            assert render([" a "]) == "a"


        def test_rst():
            assert render([" "], fmt="rst") == ".."
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("keyedhelpers") / "proj", FILES)


def test_a_helper_only_a_keyed_function_calls_takes_its_key(proj):
    doc = impact(proj, "tables/__init__.py", 'return "-" * (width - 1)', "--no-coverage")
    assert set(how(doc)) == {"tests/test_render.py::test_pipe"}


def test_a_function_defined_in_a_keyed_function_takes_its_keys(proj):
    doc = impact(proj, "tables/__init__.py", "return (escrules or {})", "--no-coverage")
    assert set(how(doc)) == {"tests/test_render.py::test_latex", "tests/test_render.py::test_latex_raw"}


def test_a_helper_called_outside_the_keyed_functions_is_not_narrowed(proj):
    doc = impact(proj, "tables/__init__.py", "return cell.strip()", "--no-coverage")
    assert "tests/test_render.py::test_plain" in how(doc)


def test_a_function_called_only_when_a_parameter_equals_a_string_names_the_tests_passing_it(proj):
    for text in ('return ".." if', "return [escape_empty(c)"):
        doc = impact(proj, "tables/__init__.py", text, "--no-coverage")
        assert set(how(doc)) == {"tests/test_render.py::test_rst"}, text


def test_a_string_the_parameter_takes_by_default_is_not_narrowed(proj):
    doc = impact(proj, "tables/__init__.py", 'return [c + " "', "--no-coverage")
    assert "tests/test_render.py::test_plain" in how(doc)
