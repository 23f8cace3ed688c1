"""A call made only for values of some builtin types (`if isinstance(value, bytes):`, or after
`if not isinstance(data, (bytes, bytearray)): raise TypeError`) is not reached by the callers passing a literal
of another type (`to_text("abc")`, `send(f"{n}")`); callers passing a value not written as a literal keep it."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "wire/__init__.py": '''
        def _decode(value, encoding):
            return value.decode(encoding)


        def _send(data):
            return len(data)


        def to_text(value, encoding="utf-8"):
            if isinstance(value, (bytes, bytearray)):
                return _decode(value, encoding)
            return value


        def _banner(title):
            return title.upper()


        def show(data, title=None):
            title = title or ""
            text = to_text(data) if isinstance(data, bytes) else data
            if title:
                return _banner(title) + text
            return text


        def send(data):
            if not isinstance(data, (bytes, bytearray)):
                raise TypeError("bytes expected")
            return _send(data)
    ''',
    "tests/test_wire.py": '''
        import pytest

        from wire import send, show, to_text


        def test_text_stays():
            assert to_text("abc") == "abc"


        def test_formatted_text_stays():
            assert to_text(f"{1}-{2}") == "1-2"


        def test_bytes_decoded():
            assert to_text(b"abc") == "abc"


        def test_unknown_value(tmp_path):
            data = (tmp_path / "x").read_bytes() if False else b"x"
            assert to_text(data) == "x"


        def test_show_titled():
            assert show("x", title="t") == "Tx"


        def test_send_bytes():
            assert send(b"ab") == 2


        def test_send_text_refused():
            with pytest.raises(TypeError):
                send("ab")
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("values") / "proj", FILES)


def test_a_call_under_isinstance_is_not_reached_by_callers_passing_a_literal_of_another_type(proj):
    found = how(impact(proj, "wire/__init__.py", "def _decode", "--no-coverage"))
    assert "tests/test_wire.py::test_bytes_decoded" in found
    assert "tests/test_wire.py::test_unknown_value" in found
    assert "tests/test_wire.py::test_text_stays" not in found
    assert "tests/test_wire.py::test_formatted_text_stays" not in found


def test_a_call_after_an_isinstance_exit_is_not_reached_by_callers_passing_a_literal_of_another_type(proj):
    found = how(impact(proj, "wire/__init__.py", "def _send", "--no-coverage"))
    assert "tests/test_wire.py::test_send_bytes" in found
    assert "tests/test_wire.py::test_send_text_refused" not in found


def test_a_call_outside_the_isinstance_guard_reaches_every_caller(proj):
    found = how(impact(proj, "wire/__init__.py", "def to_text", "--no-coverage"))
    assert {"tests/test_wire.py::test_text_stays", "tests/test_wire.py::test_bytes_decoded"} <= set(found)


def test_a_parameter_rebound_before_its_guard_is_still_read_at_the_call(proj):
    found = how(impact(proj, "wire/__init__.py", "def _banner", "--no-coverage"))
    assert "tests/test_wire.py::test_show_titled" in found
