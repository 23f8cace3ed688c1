"""Test files as the workspace's pytest configuration names them (voluptuous keeps its tests in
`voluptuous/tests/tests.py` and sets `python_files = "tests.py"` in pyproject.toml): tests found there reach
the code; without the setting, pytest's defaults (test_*.py, *_test.py) hold."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

from graphmind.query.testids import PYTEST_FILES, python_files

CODE = {
    "valid/__init__.py": '''
        from .schema import Schema, Required
    ''',
    "valid/schema.py": '''
        class Required:
            def __init__(self, key):
                self.key = key


        class Schema:
            def __init__(self, schema):
                self.schema = schema

            def __call__(self, data):
                missing = [k.key for k in self.schema if isinstance(k, Required) and k.key not in data]
                if missing:
                    raise ValueError(missing)
                return data
    ''',
    "valid/tests/__init__.py": "",
    "valid/tests/tests.py": '''
        from valid import Required, Schema


        def test_required():
            schema = Schema({Required("q"): int})
            assert schema({"q": 1}) == {"q": 1}
    ''',
}


@pytest.fixture(scope="module")
def configured(tmp_path_factory) -> Path:
    files = {**CODE, "pyproject.toml": '''
        [project]
        name = "valid"

        [tool.pytest.ini_options]
        python_files = "tests.py"
    '''}
    return indexed(tmp_path_factory.mktemp("pythonfiles") / "proj", files)


def test_a_test_file_named_by_python_files_is_collected(configured):
    found = how(impact(configured, "valid/schema.py", "missing = [", "--no-coverage"))
    assert found.get("valid/tests/tests.py::test_required") == "reaches"


def test_without_the_setting_pytest_defaults_hold(tmp_path):
    root = indexed(tmp_path / "proj", CODE)
    doc = impact(root, "valid/schema.py", "missing = [", "--no-coverage")
    assert "valid/tests/tests.py::test_required" not in how(doc)


@pytest.mark.parametrize("name, text, expected", [
    ("pytest.ini", "[pytest]\npython_files = check_*.py *_tests.py\n", ("check_*.py", "*_tests.py")),
    ("tox.ini", "[tox]\nenvlist = py311\n[pytest]\npython_files = tests.py\n", ("tests.py",)),
    ("setup.cfg", "[tool:pytest]\npython_files =\n    test_*.py\n    tests.py\n", ("test_*.py", "tests.py")),
    ("pyproject.toml", '[tool.pytest.ini_options]\npython_files = ["t_*.py"]\n', ("t_*.py",)),
    ("setup.cfg", "[metadata]\nname = x\n", PYTEST_FILES),
    ("pyproject.toml", "[tool.black]\nline-length = 99\n", PYTEST_FILES),
])
def test_python_files_is_read_where_pytest_reads_it(tmp_path, name, text, expected):
    (tmp_path / name).write_text(text)
    assert python_files(tmp_path) == expected


def test_the_first_file_with_a_pytest_section_decides(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -q\n")
    (tmp_path / "setup.cfg").write_text("[tool:pytest]\npython_files = tests.py\n")
    assert python_files(tmp_path) == PYTEST_FILES
