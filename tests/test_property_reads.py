"""A property read reaches the getter, not the setter that shares its name (semver's `Version.major`: a
`@property def major` and, after it, a `@major.setter def major` that raises). The name alone finds the
last method of the name, the setter; a read then showed as the setter's caller, and the getter, which it
runs, answered "no callers"."""
from __future__ import annotations

import json

import pytest
from test_tests_reached import indexed

from conftest import run_cli

FILES = {
    "semverish/version.py": '''
        class Version:
            def __init__(self, major, minor=0):
                self._major = major
                self._minor = minor

            @property
            def major(self):
                return self._major

            @major.setter
            def major(self, value):
                raise AttributeError("attribute 'major' is readonly")

            @property
            def minor(self):
                return self._minor


        def bump_major(version: Version) -> Version:
            return Version(version.major + 1)


        def describe(version: Version) -> str:
            return f"{version.major}.{version.minor}"
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory):
    return indexed(tmp_path_factory.mktemp("propreads") / "proj", FILES)


def _callers(root, line: int) -> set[str]:
    proc = run_cli("callers", f"semverish/version.py:{line}", "--json", "--root", str(root), cwd=root, check=True)
    return {r["symbol"].rsplit(".", 1)[-1] for r in json.loads(proc.stdout)["callers"]}


def test_a_read_is_a_caller_of_the_getter(proj):
    assert _callers(proj, 8) == {"bump_major", "describe"}          # @property def major


def test_the_setter_has_no_reader_for_a_caller(proj):
    assert not _callers(proj, 12) & {"bump_major", "describe"}     # @major.setter def major


def test_a_property_without_a_setter_is_read_as_before(proj):
    assert _callers(proj, 16) == {"describe"}                       # @property def minor
