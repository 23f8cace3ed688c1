"""A closure built by a factory stands for the one function it was built around: semver wraps its old module
functions in `@deprecated` and re-exports CLI commands as `cmd_compare = deprecated(cli.cmd_compare)`, and
wraps each comparison method in `@_comparator`; the index has one `wrapper` whose `func(...)` resolves to
every function handed over, so a test calling any wrapped function reached them all."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "verlib/__init__.py": '''
        from ._deprecated import bump_major, cmd_check, cmd_compare, compare
        from .version import Version
    ''',
    "verlib/cli.py": '''
        def cmd_compare(args):
            return str(args.left > args.right)


        def cmd_check(args):
            from .version import Version
            return Version.is_valid(args.left)
    ''',
    "verlib/_deprecated.py": '''
        import warnings
        from functools import wraps

        from . import cli
        from .version import Version


        def deprecated(func=None, *, replace=None, version=None):
            @wraps(func)
            def wrapper(*args, **kwargs):
                warnings.warn(f"{func.__name__} is deprecated, use {replace}", DeprecationWarning)
                return func(*args, **kwargs)

            return wrapper


        @deprecated
        def bump_major(version):
            return str(Version(int(version.split(".")[0]) + 1))


        @deprecated
        def compare(left, right):
            return (left > right) - (left < right)


        cmd_compare = deprecated(cli.cmd_compare, replace="verlib.cli.cmd_compare")
        cmd_check = deprecated(cli.cmd_check, replace="verlib.cli.cmd_check")
    ''',
    "verlib/version.py": '''
        from functools import wraps


        def _comparator(operator):
            @wraps(operator)
            def wrapper(self, other):
                if not isinstance(other, Version):
                    return NotImplemented
                return operator(self, other)

            return wrapper


        class Version:
            def __init__(self, major):
                self.major = major

            @_comparator
            def __lt__(self, other):
                return self.major < other.major

            @_comparator
            def __eq__(self, other):
                return self.major == other.major

            @classmethod
            def is_valid(cls, text):
                return text.isdigit()
    ''',
    "tests/test_deprecated.py": '''
        from argparse import Namespace

        import pytest

        import verlib


        def test_bump_major():
            with pytest.deprecated_call():
                assert verlib.bump_major("1.2.3") == "2"


        def test_compare():
            with pytest.deprecated_call():
                assert verlib.compare(1, 2) == -1


        def test_cmd_compare():
            with pytest.deprecated_call():
                assert verlib.cmd_compare(Namespace(left=2, right=1)) == "True"


        def test_cmd_check():
            with pytest.deprecated_call():
                assert verlib.cmd_check(Namespace(left="2"))
    ''',
    "tests/test_compare.py": '''
        from verlib import Version


        def test_less():
            assert Version(1) < Version(2)


        def test_equal():
            assert Version(1) == Version(1)
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("bindings") / "proj", FILES)


def test_a_function_wrapped_by_name_is_reached_only_by_the_calls_of_that_name(proj):
    found = how(impact(proj, "verlib/cli.py", "return str(args.left > args.right)", "--no-coverage"))
    assert "tests/test_deprecated.py::test_cmd_compare" in found
    assert "tests/test_deprecated.py::test_bump_major" not in found
    assert "tests/test_deprecated.py::test_compare" not in found


def test_a_decorated_method_is_reached_by_its_own_operator_only(proj):
    found = how(impact(proj, "verlib/version.py", "return self.major < other.major", "--no-coverage"))
    assert "tests/test_compare.py::test_less" in found
    assert "tests/test_compare.py::test_equal" not in found


def test_a_function_called_by_a_wrapped_function_is_reached_by_the_calls_of_its_name(proj):
    found = how(impact(proj, "verlib/version.py", "return text.isdigit()", "--no-coverage"))
    assert set(found) == {"tests/test_deprecated.py::test_cmd_check"}
