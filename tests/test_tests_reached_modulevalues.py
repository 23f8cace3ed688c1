"""A test module that builds an object at its top level (`matcher = equal_to_ignoring_case("heLLo")`, as
PyHamcrest's suite does) hands it to its tests through a global: the tests reading that global are the ones
using an object of the class, so an override reached through `self._matches()` names them and not every
test that matches with some other matcher."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "src/hamcrest/__init__.py": "",
    "src/hamcrest/base_matcher.py": '''
        class BaseMatcher:
            def _matches(self, item):
                raise NotImplementedError("_matches")

            def matches(self, item, mismatch_description=None):
                match_result = self._matches(item)
                if not match_result and mismatch_description is not None:
                    mismatch_description.append("was " + repr(item))
                return match_result
    ''',
    "src/hamcrest/isequal.py": '''
        from hamcrest.base_matcher import BaseMatcher


        class IsEqual(BaseMatcher):
            def __init__(self, equals):
                self.object = equals

            def _matches(self, item):
                return item == self.object


        def equal_to(obj):
            return IsEqual(obj)
    ''',
    "src/hamcrest/ignoring_case.py": '''
        from hamcrest.base_matcher import BaseMatcher


        class IsEqualIgnoringCase(BaseMatcher):
            def __init__(self, string):
                self.lowered_string = string.lower()

            def _matches(self, item):
                if not isinstance(item, str):
                    return False
                return self.lowered_string == item.lower()


        def equal_to_ignoring_case(string):
            return IsEqualIgnoringCase(string)
    ''',
    "src/hamcrest/assert_that.py": '''
        from hamcrest.base_matcher import BaseMatcher


        def assert_that(actual, matcher: BaseMatcher):
            description = []
            if not matcher.matches(actual, description):
                raise AssertionError("".join(description))
    ''',
    "tests/test_ignoring_case.py": '''
        import pytest

        from hamcrest.assert_that import assert_that
        from hamcrest.ignoring_case import equal_to_ignoring_case

        matcher = equal_to_ignoring_case("heLLo")


        def test_ignores_case():
            assert_that("HELLO", matcher)


        def test_fails_on_whitespace():
            with pytest.raises(AssertionError):
                assert_that("heLLo ", matcher)


        def test_requires_a_string():
            with pytest.raises(AttributeError):
                equal_to_ignoring_case(3)
    ''',
    "tests/test_isequal.py": '''
        from hamcrest.assert_that import assert_that
        from hamcrest.isequal import equal_to


        def test_equal():
            assert_that(1, equal_to(1))


        def test_equal_strings():
            assert_that("a", equal_to("a"))
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("modulevalues") / "proj", FILES)


def test_an_override_names_the_tests_reading_a_module_global_of_its_class(proj):
    doc = impact(proj, "src/hamcrest/ignoring_case.py", "return self.lowered_string == item.lower()", "--no-coverage")
    assert set(how(doc)) == {"tests/test_ignoring_case.py::test_ignores_case",
                             "tests/test_ignoring_case.py::test_fails_on_whitespace"}


def test_an_override_built_inside_the_tests_still_names_them(proj):
    doc = impact(proj, "src/hamcrest/isequal.py", "return item == self.object", "--no-coverage")
    assert set(how(doc)) == {"tests/test_isequal.py::test_equal", "tests/test_isequal.py::test_equal_strings"}


def test_the_base_method_keeps_every_test_matching(proj):
    doc = impact(proj, "src/hamcrest/base_matcher.py", "match_result = self._matches(item)", "--no-coverage")
    assert set(how(doc)) == {"tests/test_ignoring_case.py::test_ignores_case",
                             "tests/test_ignoring_case.py::test_fails_on_whitespace",
                             "tests/test_isequal.py::test_equal", "tests/test_isequal.py::test_equal_strings"}
