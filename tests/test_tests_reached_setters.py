"""A property's setter runs where the attribute is assigned: semver's immutable Version defines
`@major.setter def major(self, value): raise AttributeError(...)` after the getter; the index resolves every
read `v.major` to the setter and records no assignment, so the setter was named for each test reading the
attribute and not for the one assigning it (the getter for none)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "verlib/__init__.py": '''
        from .version import Version
    ''',
    "verlib/version.py": '''
        class Version:
            def __init__(self, major, minor=0):
                self._major = int(major)
                self._minor = int(minor)

            @property
            def major(self):
                """The major part of a version (read-only)."""
                return self._major

            @major.setter
            def major(self, value):
                raise AttributeError("attribute 'major' is readonly")

            def bump_major(self):
                return Version(self.major + 1)
    ''',
    "tests/conftest.py": '''
        import pytest

        from verlib import Version


        @pytest.fixture
        def version():
            return Version(1, 2)
    ''',
    "tests/test_immutable.py": '''
        import pytest

        from verlib import Version


        def test_immutable_major(version):
            with pytest.raises(AttributeError, match="attribute 'major' is readonly"):
                version.major = 9


        def test_major_is_read(version):
            assert version.major == 1


        def test_major_read_then_assigned():
            version = Version(1)
            assert version.major == 1
            with pytest.raises(AttributeError):
                version.major = 2
    ''',
    "tests/test_bump.py": '''
        from verlib import Version


        def test_bump_major():
            assert Version(1).bump_major().major == 2
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("setters") / "proj", FILES)


def test_a_setter_is_reached_by_the_tests_assigning_the_attribute_only(proj):
    found = how(impact(proj, "verlib/version.py", "raise AttributeError(\"attribute 'major' is readonly\")", "--no-coverage"))
    assert "tests/test_immutable.py::test_immutable_major" in found
    assert "tests/test_bump.py::test_bump_major" not in found
    assert "tests/test_immutable.py::test_major_is_read" not in found
    assert "tests/test_immutable.py::test_major_read_then_assigned" in found    # reads it too: still linked


def test_a_getter_is_reached_by_the_reads_of_the_attribute(proj):
    found = how(impact(proj, "verlib/version.py", "return self._major", "--no-coverage"))
    assert "tests/test_bump.py::test_bump_major" in found
