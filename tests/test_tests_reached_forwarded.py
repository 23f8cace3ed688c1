"""A guarded path reached through keyword arguments handed on whole (`def option(*decls, cls=None, **attrs)`
whose nested decorator builds `cls(decls, **attrs)`, and `Option.__init__` building a `Counter` only
`if count:`) runs only for the callers of the forwarder passing `count=` (or a spread); a forwarder may set other
keys (`kwargs.setdefault("help", ...)`), but one setting that key (`kwargs.setdefault("count", True)`) keeps every
caller."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "cli/params.py": '''
        class Counter:
            def __init__(self, minimum=0):
                self.minimum = minimum


        class Option:
            def __init__(self, decls, type=None, count=False, help=None):
                self.decls = decls
                self.type = type
                self.help = help
                if count:
                    self.type = Counter(minimum=0)


        def option(*decls, cls=None, **attrs):
            if cls is None:
                cls = Option

            def decorator(f):
                f.params = [*getattr(f, "params", []), cls(decls, **attrs)]
                return f

            return decorator


        def verbose_option(*decls, **kwargs):
            kwargs.setdefault("count", True)
            return option(*decls, **kwargs)


        class FlagOption(Option):
            def __init__(self, decls, **kwargs):
                kwargs.setdefault("help", "a flag")
                super().__init__(decls, **kwargs)


        def help_option():
            return FlagOption(("--help",))
    ''',
    "tests/test_params.py": '''
        from cli.params import FlagOption, help_option, option, verbose_option


        def test_count():
            @option("-v", count=True)
            def cmd(v):
                return v

            assert cmd.params[0].type.minimum == 0


        def test_plain():
            @option("--name", help="the name")
            def cmd(name):
                return name

            assert cmd.params[0].type is None


        def test_verbose():
            @verbose_option("-v")
            def cmd(v):
                return v

            assert cmd.params[0].type.minimum == 0


        def test_help_option():
            assert help_option().help == "a flag"


        def test_counting_flag():
            assert FlagOption(("-v",), count=True).type.minimum == 0
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("forwarded") / "proj", FILES)


def test_a_guard_on_a_keyword_handed_on_through_kwargs_narrows_the_forwarders_callers(proj):
    found = how(impact(proj, "cli/params.py", "self.minimum = minimum", "--no-coverage"))
    assert "tests/test_params.py::test_count" in found
    assert "tests/test_params.py::test_verbose" in found        # changes what it hands on: kept
    assert "tests/test_params.py::test_plain" not in found


def test_a_forwarder_setting_other_keys_hands_the_need_on(proj):
    found = how(impact(proj, "cli/params.py", "self.minimum = minimum", "--no-coverage"))
    assert "tests/test_params.py::test_counting_flag" in found
    assert "tests/test_params.py::test_help_option" not in found


def test_the_unguarded_constructor_reaches_every_caller_of_the_forwarder(proj):
    found = how(impact(proj, "cli/params.py", "self.decls = decls", "--no-coverage"))
    reaching = {t for t, h in found.items() if h == "reaches"}
    assert reaching >= {"tests/test_params.py::test_count", "tests/test_params.py::test_plain",
                        "tests/test_params.py::test_verbose"}
