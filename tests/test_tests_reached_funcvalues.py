"""Functions read as values and called later, where no edge records the call: semver's test lists functions
in `@pytest.mark.parametrize` and calls the parameter; its CLI stores a command under a keyword
(`parser.set_defaults(func=cmd_bump)`) and calls `args.func(args)`; tabulate binds a helper to a local
(`padfn = _padboth`) and calls that; Jinja2 hands a function to a decorator (`@async_variant(sync_do_join)`)
whose wrapper calls it when the decorated filter runs."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "semlib/__init__.py": '''
        from .cli import cmd_bump, cmd_check, main
        from .text import align
    ''',
    "semlib/cli.py": '''
        import argparse


        def cmd_bump(args):
            return "bumped " + args.version


        def cmd_check(args):
            return "checked " + args.version


        def createparser():
            parser = argparse.ArgumentParser(prog="semlib")
            sub = parser.add_subparsers()
            bump = sub.add_parser("bump")
            bump.set_defaults(func=cmd_bump)
            bump.add_argument("version")
            return parser


        def process(args):
            return args.func(args)


        def main(cliargs=None):
            parser = createparser()
            args = parser.parse_args(args=cliargs)
            return process(args)
    ''',
    "semlib/text.py": '''
        def _padleft(width, s):
            return s.rjust(width)


        def _padboth(width, s):
            return s.center(width)


        def _choose_padfn(strings, alignment):
            if alignment == "center":
                padfn = _padboth
            else:
                padfn = _padleft
            return strings, padfn


        def align(strings, centered=False):
            strings, padfn = _choose_padfn(strings, "center" if centered else "left")
            return [padfn(10, s) for s in strings]


        def _wrap(strings, width):
            return [s[:width] for s in strings]


        def table(strings, maxwidth=None):
            if maxwidth is not None:
                strings = _wrap(strings, maxwidth)
            return align(strings)
    ''',
    "semlib/filters.py": '''
        from functools import wraps


        def async_variant(normal_func):
            def decorator(async_func):
                @wraps(normal_func)
                def wrapper(*args, **kwargs):
                    if kwargs.pop("use_async", False):
                        return async_func(*args, **kwargs)
                    return normal_func(*args, **kwargs)

                return wrapper

            return decorator


        def sync_do_join(value, d=""):
            return d.join(value)


        @async_variant(sync_do_join)
        async def do_join(value, d=""):
            return d.join(value)
    ''',
    "tests/test_filters.py": '''
        from semlib.filters import do_join


        def test_join():
            assert do_join(["a", "b"], "-") == "a-b"
    ''',
    "tests/test_cli.py": '''
        from argparse import Namespace

        import pytest

        from semlib import cmd_check, main


        @pytest.mark.parametrize(
            "func, args",
            [
                (cmd_check, Namespace(version="1.2.3")),
            ],
        )
        def test_should_process(func, args):
            assert func(args).startswith("checked")


        def test_main_bumps():
            assert main(["bump", "1.2.3"]) == "bumped 1.2.3"


        def test_nothing():
            assert Namespace(version="1").version == "1"
    ''',
    "tests/test_text.py": '''
        from semlib import align
        from semlib.text import table


        def test_align_centered():
            assert align(["a"], centered=True) == ["    a     "]


        def test_table():
            assert table(["a"]) == ["a         "]


        def test_table_wrapped():
            assert table(["abc"], maxwidth=2) == ["ab        "]
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("funcvalues") / "proj", FILES)


def test_a_parametrized_function_called_through_the_parameter_is_reached(proj):
    found = how(impact(proj, "semlib/cli.py", 'return "checked " + args.version', "--no-coverage"))
    assert found.get("tests/test_cli.py::test_should_process") == "may reach"
    assert "tests/test_cli.py::test_nothing" not in found


def test_a_command_stored_by_set_defaults_is_reached_from_main(proj):
    found = how(impact(proj, "semlib/cli.py", 'return "bumped " + args.version', "--no-coverage"))
    assert found.get("tests/test_cli.py::test_main_bumps") == "may reach"
    assert "tests/test_cli.py::test_nothing" not in found


def test_a_function_bound_to_a_local_and_called_is_reached(proj):
    found = how(impact(proj, "semlib/text.py", "return s.center(width)", "--no-coverage"))
    assert found.get("tests/test_text.py::test_align_centered") in ("reaches", "may reach")
    assert "tests/test_cli.py::test_main_bumps" not in found


def test_a_decorators_wrapper_and_the_function_handed_to_it_run_with_the_decorated_function(proj):
    found = how(impact(proj, "semlib/filters.py", "return normal_func(*args, **kwargs)", "--no-coverage"))
    assert found.get("tests/test_filters.py::test_join") in ("reaches", "may reach")
    assert "tests/test_cli.py::test_nothing" not in found
    found = how(impact(proj, "semlib/filters.py", 'def sync_do_join(value, d=""):', "--no-coverage"))
    assert found.get("tests/test_filters.py::test_join") in ("reaches", "may reach")


def test_a_function_called_on_the_right_of_an_assignment_is_no_value_read(proj):
    # `strings = _wrap(strings, maxwidth)` calls _wrap under a guard: no value link may bypass the guard
    found = how(impact(proj, "semlib/text.py", "return [s[:width] for s in strings]", "--no-coverage"))
    assert "tests/test_text.py::test_table_wrapped" in found and "tests/test_text.py::test_table" not in found
