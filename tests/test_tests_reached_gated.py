"""Classes built only under an option key (`if options.get("keyword_case"): stack.append(UpperFilter(...))`,
sqlparse's filter stack): their methods run only on their instances, so of the tests reaching them through the
stack's dispatch (`filter_.process(...)` over every filter), those that run them pass the key
(`format(sql, keyword_case="upper")`); a class also built with no key condition narrows nothing."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "pkg/__init__.py": '''
        from pkg import formatter
        from pkg.stack import FilterStack


        def format(sql, **options):
            options = formatter.validate_options(options)
            stack = FilterStack()
            formatter.build_filter_stack(stack, options)
            return " ".join(stack.run(sql.split()))
    ''',
    "pkg/stack.py": '''
        class FilterStack:
            def __init__(self):
                self.stmtprocess = []

            def run(self, tokens):
                for filter_ in self.stmtprocess:
                    tokens = filter_.process(tokens)
                return tokens
    ''',
    "pkg/filters.py": '''
        class UpperFilter:
            def __init__(self, case="upper"):
                self.case = case

            def process(self, tokens):
                return [self._convert(t) for t in tokens]

            def _convert(self, token):
                return token.upper()


        class StripFilter:
            def process(self, tokens):
                return [t.strip() for t in tokens]


        class CountFilter:
            def process(self, tokens):
                return tokens + [str(len(tokens))]
    ''',
    "pkg/formatter.py": '''
        from pkg import filters


        def validate_options(options):
            aligned = options.get("reindent_aligned", False)
            if aligned not in [True, False]:
                raise ValueError(aligned)
            elif aligned:
                options["strip_whitespace"] = True
            return options


        def build_filter_stack(stack, options):
            if options.get("keyword_case"):
                stack.stmtprocess.append(filters.UpperFilter(options["keyword_case"]))
            if options.get("strip_whitespace") or "reindent" in options:
                stack.stmtprocess.append(filters.StripFilter())
            stack.stmtprocess.append(filters.CountFilter())
            return stack
    ''',
    "pkg/cli.py": '''
        import argparse

        import pkg


        def main(argv):
            parser = argparse.ArgumentParser()
            parser.add_argument("sql")
            parser.add_argument("-s", "--strip-whitespace", action="store_true")
            opts = vars(parser.parse_args(argv))
            sql = opts.pop("sql")
            return pkg.format(sql, **opts)
    ''',
    "tests/test_cli.py": '''
        from pkg import cli


        def test_cli_strip():
            assert cli.main(["a", "-s"])


        def test_cli_plain():
            assert cli.main(["a"])
    ''',
    "tests/test_format.py": '''
        import pytest

        import pkg


        def test_upper():
            assert pkg.format("a b", keyword_case="upper") == "A B 2"


        def test_strip():
            assert pkg.format(" a ", strip_whitespace=True) == "a 1"


        @pytest.mark.parametrize("opts", [{"reindent": True}])
        def test_reindent(opts):
            assert pkg.format("a", **opts)


        def test_aligned():
            assert pkg.format("a", reindent_aligned=True)


        class TestAligned:
            @staticmethod
            def formatter(sql):
                return pkg.format(sql, reindent_aligned=True)

            def test_basic(self):
                assert self.formatter("a")


        def test_plain():
            assert pkg.format("a b") == "a b 2"
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("gated") / "proj", FILES)


def test_a_method_of_a_class_built_under_a_key_reaches_the_tests_passing_the_key(proj):
    found = how(impact(proj, "pkg/filters.py", "def _convert", "--no-coverage"))
    assert "tests/test_format.py::test_upper" in found
    assert "tests/test_format.py::test_plain" not in found
    assert "tests/test_format.py::test_strip" not in found


def test_either_key_a_key_as_a_string_a_key_the_code_sets_and_a_command_line_flag_keep_a_test(proj):
    found = how(impact(proj, "pkg/filters.py", "return [t.strip()", "--no-coverage"))
    assert {"tests/test_format.py::test_strip", "tests/test_format.py::test_reindent",
            "tests/test_format.py::test_aligned", "tests/test_cli.py::test_cli_strip",
            "tests/test_format.py::TestAligned::test_basic"} <= set(found)
    assert "tests/test_format.py::test_upper" not in found
    assert "tests/test_cli.py::test_cli_plain" not in found


def test_a_class_built_with_no_key_condition_narrows_nothing(proj):
    found = how(impact(proj, "pkg/filters.py", "return tokens + [", "--no-coverage"))
    assert {"tests/test_format.py::test_upper", "tests/test_format.py::test_plain"} <= set(found)
