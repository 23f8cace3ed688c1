"""Paths the index leaves out, found at query time (query/selection/reach/alternatives.py, reach/abstract.py,
reach/funcvalues.py):
- a function defined once per platform or optional dependency (`if platform.system() == "Windows": def
  os_sort_keygen ... else: try: import icu except ImportError: def os_sort_keygen ...`, natsort): a call binds
  to the last definition, but any of them may be the one that runs; likewise a function registered on a
  generic function (`@canonicalize_version.register def _(version: str)`, packaging);
- an abstract method (`raise NotImplementedError`) called through a parameter typed as the interface
  (`description: Description`, PyHamcrest) runs its implementation in a subclass;
- a lambda a factory returns runs where it is called (`is_seqcont = isa(list, tuple)`, funcy);
- a factory returning a function value (`return partial(try_float, **kwargs)`, natsort), also as a module's member
  (`return partial(utils.natsort_key, ...)`)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import impact, indexed

FILES = {
    "sortlib/__init__.py": '''
        from sortlib.core import natsort_keygen, os_sorted
    ''',
    "sortlib/numbers.py": '''
        def try_float(x, nan=float("inf")):
            return (float(y) for y in x)
    ''',
    "sortlib/utils.py": '''
        from functools import partial

        from sortlib.numbers import try_float


        def component_transform_factory(alg):
            if alg:
                kwargs = {"nan": 0.0}
                return partial(try_float, **kwargs)
            return str.split


        def natsort_key(val, key=None, component=None):
            if key is not None:
                val = key(val)
            return tuple(component([val]))
    ''',
    "sortlib/core.py": '''
        import platform
        from functools import partial

        from sortlib import utils


        def natsort_keygen(key=None, alg=0):
            component = utils.component_transform_factory(alg)
            return partial(utils.natsort_key, key=key, component=component)


        if platform.system() == "Windows":
            def os_sort_keygen(key=None):
                return lambda x: str(x).lower()

        else:
            try:
                import icu
            except ImportError:
                def os_sort_keygen(key=None):
                    return natsort_keygen(key=key, alg=3)

            else:
                def os_sort_keygen(key=None):
                    collator = icu.Collator.createInstance()
                    return lambda x: collator.getSortKey(str(x))


        def os_sorted(seq, key=None):
            return sorted(seq, key=os_sort_keygen(key))
    ''',
    "tests/test_numbers.py": '''
        from sortlib.numbers import try_float


        def test_try_float():
            assert list(try_float(["1"])) == [1.0]
    ''',
    "tests/test_keygen.py": '''
        from sortlib import natsort_keygen


        def test_keygen_parses_floats():
            assert natsort_keygen(alg=1)("1.5") == (1.5,)


        def test_keygen_default():
            assert natsort_keygen()("a b") == ("a", "b")
    ''',
    "tests/test_os_sorted.py": '''
        from sortlib import os_sorted


        def test_os_sorted_numbers():
            assert os_sorted(["2", "10"]) == ["2", "10"]
    ''',
    "matchlib/__init__.py": "",
    "matchlib/helpers.py": '''
        def hasmethod(obj, methodname):
            return callable(getattr(obj, methodname, None))
    ''',
    "matchlib/description.py": '''
        from typing import Any, Iterable


        class Description:
            """What a matcher describes itself to."""

            def append_text(self, text: str) -> "Description":
                raise NotImplementedError("append_text")

            def append_description_of(self, value: Any) -> "Description":
                raise NotImplementedError("append_description_of")

            def append_list(self, start: str, separator: str, end: str, items: Iterable[Any]) -> "Description":
                raise NotImplementedError("append_list")
    ''',
    "matchlib/base_description.py": '''
        from typing import Any, Iterable

        from matchlib.description import Description
        from matchlib.helpers import hasmethod


        class BaseDescription(Description):
            def append_text(self, text: str) -> Description:
                self.append(text)
                return self

            def append_description_of(self, value: Any) -> Description:
                if hasmethod(value, "describe_to"):
                    value.describe_to(self)
                else:
                    self.append(repr(value))
                return self

            def append_list(self, start: str, separator: str, end: str, items: Iterable[Any]) -> Description:
                self.append(start)
                for i, item in enumerate(items):
                    if i:
                        self.append(separator)
                    self.append_description_of(item)
                self.append(end)
                return self

            def append(self, string: str) -> None:
                raise NotImplementedError("append")


        class StringDescription(BaseDescription):
            def __init__(self) -> None:
                self.out = ""

            def append(self, string: str) -> None:
                self.out += string
    ''',
    "matchlib/matchers.py": '''
        from matchlib.description import Description


        class IsIn:
            def __init__(self, sequence):
                self.sequence = sequence

            def matches(self, item) -> bool:
                return item in self.sequence

            def describe_to(self, description: Description) -> None:
                description.append_list("one of (", ", ", ")", self.sequence)


        def is_in(sequence) -> IsIn:
            return IsIn(sequence)
    ''',
    "tests/test_helpers.py": '''
        from matchlib.helpers import hasmethod


        def test_hasmethod():
            assert hasmethod("x", "upper")
    ''',
    "tests/test_is_in.py": '''
        from matchlib.base_description import StringDescription
        from matchlib.matchers import is_in


        def test_describe_is_in():
            description = StringDescription()
            is_in([1, 2]).describe_to(description)
            assert description.out == "one of (1, 2)"
    ''',
    "verlib/__init__.py": "",
    "verlib/utils.py": '''
        import functools


        class Version:
            def __init__(self, text: str) -> None:
                self.text = text.strip()

            def __str__(self) -> str:
                return self.text


        @functools.singledispatch
        def canonicalize_version(version: Version, *, strip_trailing_zero: bool = True) -> str:
            return str(version)


        @canonicalize_version.register
        def _(version: str, *, strip_trailing_zero: bool = True) -> str:
            return canonicalize_version(Version(version), strip_trailing_zero=strip_trailing_zero)
    ''',
    "verlib/specifiers.py": '''
        from verlib.utils import canonicalize_version


        class Specifier:
            def __init__(self, spec: str) -> None:
                self._spec = spec

            def canonical(self) -> str:
                return canonicalize_version(self._spec)
    ''',
    "tests/test_verutils.py": '''
        from verlib.utils import Version, canonicalize_version


        def test_canonicalize_version():
            assert canonicalize_version(Version("1.0")) == "1.0"
    ''',
    "tests/test_specifiers.py": '''
        from verlib.specifiers import Specifier


        def test_canonical():
            assert Specifier(" 1.0").canonical() == "1.0"
    ''',
    "predlib/__init__.py": "",
    "predlib/types.py": '''
        from collections.abc import Iterator


        def isa(*types):
            """A function checking if its argument is of any of the given types."""
            return lambda x: isinstance(x, types)


        is_seqcont = isa(list, tuple, Iterator, range)
    ''',
    "predlib/seqs.py": '''
        from predlib.types import is_seqcont


        def flatten(seq, follow=is_seqcont):
            for item in seq:
                if follow(item):
                    yield from flatten(item, follow)
                else:
                    yield item
    ''',
    "tests/test_types.py": '''
        from predlib.types import isa


        def test_isa():
            assert isa(int)(1)
    ''',
    "tests/test_seqs.py": '''
        from predlib.seqs import flatten


        def test_flatten():
            assert list(flatten([1, [2, (3,)]])) == [1, 2, 3]
    ''',
}


def ids(doc: dict) -> set[str]:
    return {t if isinstance(t, str) else t["id"] for t in doc["tests"]}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("alternatives") / "proj", FILES)


def test_a_function_defined_per_platform_is_reached_through_the_definition_calls_bind_to(project):
    doc = impact(project, "sortlib/core.py", "return natsort_keygen(key=key, alg=3)", "--no-coverage")
    assert "tests/test_os_sorted.py::test_os_sorted_numbers" in ids(doc) and doc["tests_fallback"] is False
    doc = impact(project, "sortlib/utils.py", "def natsort_key", "--no-coverage")
    assert "tests/test_os_sorted.py::test_os_sorted_numbers" in ids(doc)


def test_a_function_a_factory_returns_is_reached_by_the_factory_callers_tests(project):
    doc = impact(project, "sortlib/numbers.py", "def try_float", "--no-coverage")
    assert {"tests/test_numbers.py::test_try_float", "tests/test_keygen.py::test_keygen_parses_floats"} <= ids(doc)


def test_an_abstract_method_called_through_its_interface_runs_its_implementation(project):
    doc = impact(project, "matchlib/helpers.py", "def hasmethod", "--no-coverage")
    assert {"tests/test_helpers.py::test_hasmethod", "tests/test_is_in.py::test_describe_is_in"} <= ids(doc)


def test_a_lambda_a_factory_returns_is_part_of_its_body(project):
    doc = impact(project, "predlib/types.py", "def isa", "--no-coverage")
    assert {"tests/test_types.py::test_isa", "tests/test_seqs.py::test_flatten"} <= ids(doc)


def test_a_function_registered_on_a_generic_function_runs_where_that_is_called(project):
    doc = impact(project, "verlib/utils.py", "def _(version: str", "--no-coverage")
    assert "tests/test_specifiers.py::test_canonical" in ids(doc) and doc["tests_fallback"] is False
