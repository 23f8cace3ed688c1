"""Tests reached through class-based pytest suites: a test method written once in a base class runs in each
collected subclass with that subclass's fixtures (a fixture overridden per subclass picks the class under
test), and a Test* class imported into another test module runs there again (pytest's rootdir import)."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_tests_reached import impact, indexed

FILES = {
    "src/signing/__init__.py": "",
    "src/signing/signer.py": '''
        class Signer:
            def __init__(self, key, sep="."):
                self.key = key
                self.sep = sep

            def sign(self, value):
                return value + self.sep + self.key

            def unsign(self, value):
                return value.rsplit(self.sep, 1)[0]
    ''',
    "src/signing/timed.py": '''
        import time

        from signing.signer import Signer


        class TimestampSigner(Signer):
            def stamp(self):
                return str(int(time.time()))

            def sign(self, value):
                return value + self.sep + self.stamp() + self.sep + self.key
    ''',
    "src/signing/compact.py": '''
        import json


        class Compact:
            @staticmethod
            def loads(text):
                return json.loads(text)
    ''',
    "tests/suite/__init__.py": "",
    "tests/suite/test_compact.py": '''
        from signing.compact import Compact
        from suite.test_signer import TestSigner


        class TestCompactSigner(TestSigner):
            codec = Compact
    ''',
    "tests/suite/test_signer.py": '''
        from functools import partial

        import pytest

        from signing.signer import Signer


        class TestSigner:
            @pytest.fixture()
            def signer_factory(self):
                return partial(Signer, key="secret")

            @pytest.fixture()
            def signer(self, signer_factory):
                return signer_factory()

            def test_round_trip(self, signer):
                assert signer.unsign(signer.sign("v")) == "v"

            def test_separator(self, signer):
                assert signer.sep == "."

            def test_other_separator(self, signer_factory):
                signer = signer_factory(sep="-")
                assert signer.sign("v").startswith("v-")
    ''',
    "tests/suite/test_timed.py": '''
        from functools import partial

        import pytest

        from signing.timed import TimestampSigner
        from suite.test_signer import TestSigner


        class TestTimestampSigner(TestSigner):
            @pytest.fixture()
            def signer_factory(self):
                return partial(TimestampSigner, key="secret")

            def test_stamp(self, signer):
                assert signer.stamp()
    ''',
}


@pytest.fixture
def suite(tmp_path) -> Path:
    return indexed(tmp_path / "proj", FILES)


def named(root: Path, rel: str, text: str) -> set[str]:
    return {t if isinstance(t, str) else t["id"] for t in impact(root, rel, text, "--no-coverage")["tests"]}


def test_an_inherited_test_reaches_the_class_its_subclass_fixture_builds(suite):
    # TestTimestampSigner runs TestSigner's tests with its own signer_factory: partial(TimestampSigner, ...)
    got = named(suite, "src/signing/timed.py", "def sign")
    assert "tests/suite/test_timed.py::TestTimestampSigner::test_round_trip" in got
    # the base class's own run builds a Signer: its possible `signer.sign` call is ruled out
    assert "tests/suite/test_signer.py::TestSigner::test_round_trip" not in got
    assert not any(t.endswith("test_separator") for t in got)


def test_a_method_the_base_fixture_builds_is_reached_in_every_class_running_the_test(suite):
    got = named(suite, "src/signing/signer.py", "def unsign")
    assert {"tests/suite/test_signer.py::TestSigner::test_round_trip",
            "tests/suite/test_timed.py::TestTimestampSigner::test_round_trip"} <= got


def test_a_test_class_imported_into_another_test_module_runs_there_too(suite):
    got = named(suite, "src/signing/signer.py", "def unsign")
    assert "tests/suite/test_timed.py::TestSigner::test_round_trip" in got


def test_a_local_made_by_a_factory_fixture_has_the_class_the_fixture_makes(suite):
    got = named(suite, "src/signing/timed.py", "def sign")
    assert "tests/suite/test_timed.py::TestTimestampSigner::test_other_separator" in got
    assert "tests/suite/test_signer.py::TestSigner::test_other_separator" not in got


def test_the_import_fallback_names_the_tests_a_class_inherits(suite):
    # nothing calls Compact.loads: the test file importing it holds only a class inheriting its tests
    doc = impact(suite, "src/signing/compact.py", "def loads", "--no-coverage")
    got = {t["id"]: t["how"] for t in doc["test_runs"]}
    assert got.get("tests/suite/test_compact.py::TestCompactSigner::test_round_trip") == "imports"
