"""Code behind an environment variable (`if os.environ.get("APP_DEBUG") == "1":`, or `instruction =
os.environ.get(var)` then `if not instruction: return`, as click's shell completion does in every `main`) runs
only in the tests that set one (`monkeypatch.setenv`, an `env=` argument); the others do not reach it."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "app/cli.py": '''
        import os


        def _complete(cli, instruction):
            return f"{cli}:{instruction}"


        def _debug_dump(value):
            return repr(value)


        def _main_completion(cli, prog_name):
            var = f"_{prog_name.upper()}_COMPLETE"
            instruction = os.environ.get(var)
            if not instruction:
                return None
            return _complete(cli, instruction)


        def main(cli, args=(), prog_name="app"):
            done = _main_completion(cli, prog_name)
            if done is not None:
                return done
            return run(list(args))


        def run(value):
            if os.environ.get("APP_DEBUG") == "1":
                _debug_dump(value)
            return value
    ''',
    "tests/test_cli.py": '''
        from app.cli import main, run


        def test_main_plain():
            assert main("cli", ["a"]) == ["a"]


        def test_main_completion(monkeypatch):
            monkeypatch.setenv("_APP_COMPLETE", "bash")
            assert main("cli") == "cli:bash"


        def test_run_plain():
            assert run(1) == 1


        def test_run_debug(monkeypatch):
            monkeypatch.setenv("APP_DEBUG", "1")
            assert run(1) == 1
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("environ") / "proj", FILES)


def test_code_after_an_early_return_on_an_unset_variable_is_reached_only_by_tests_setting_one(proj):
    found = how(impact(proj, "app/cli.py", "def _complete", "--no-coverage"))
    assert "tests/test_cli.py::test_main_completion" in found
    assert "tests/test_cli.py::test_main_plain" not in found


def test_code_under_a_variable_set_is_reached_only_by_tests_setting_one(proj):
    found = how(impact(proj, "app/cli.py", "def _debug_dump", "--no-coverage"))
    assert "tests/test_cli.py::test_run_debug" in found
    assert not set(found) & {"tests/test_cli.py::test_run_plain", "tests/test_cli.py::test_main_plain"}


def test_code_outside_the_gate_reaches_every_test(proj):
    found = how(impact(proj, "app/cli.py", "def run", "--no-coverage"))
    assert {"tests/test_cli.py::test_main_plain", "tests/test_cli.py::test_run_plain",
            "tests/test_cli.py::test_run_debug"} <= set(found)
