"""Impact names the tests to run as their runner's IDs (the enclosing test, not a function nested in it),
and reads the same set of files in every mode."""
from __future__ import annotations

import json
import subprocess
import sys

from test_impact import edit, git, impact, repo  # noqa: F401  (the committed shop fixture)

from conftest import run_cli

WEB_TESTS = '''from shop.orders import validate


def test_route():
    def handler(order):
        return validate(order)
    assert handler(None) is False


class TestOrders:
    def test_check(self):
        assert validate(None) is False

    def helper(self):
        return validate(None)


class Helpers:
    def test_not_collected(self):
        return validate(None)
'''


def test_tests_are_runnable_node_ids(repo):  # noqa: F811
    (repo / "tests" / "test_web.py").write_text(WEB_TESTS)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "web tests")
    edit(repo / "shop/orders.py", "return order is not None", "return order is not None is not False")
    doc = impact(repo)
    assert doc["tests"] == ["tests/test_shop.py::test_validate", "tests/test_web.py::TestOrders::test_check",
                            "tests/test_web.py::test_route", "tests/test_shop.py::test_refund"]
    assert {t["id"]: t["depth"] for t in doc["test_runs"]}["tests/test_web.py::test_route"] == 1   # via handler, nested in it
    (command,) = doc["test_commands"]
    assert command.startswith("python -m pytest ")
    # the IDs run: pytest collects exactly these
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           *doc["tests"]], cwd=repo, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(line for line in proc.stdout.splitlines() if "::" in line) == sorted(doc["tests"])
    text = run_cli("impact", cwd=repo, check=True).stdout
    assert "tests/test_web.py::test_route  (depth 1)" in text and "run them: python -m pytest" in text


def test_a_change_inside_a_test_names_that_test(repo):  # noqa: F811
    edit(repo / "tests/test_shop.py", "assert validate(None) is False", "assert validate(None) is not True")
    assert impact(repo)["tests"][0] == "tests/test_shop.py::test_validate"


def test_go_tests_are_named_for_go_test(tmp_path):
    (tmp_path / "go.mod").write_text("module example.com/m\n\ngo 1.21\n")
    (tmp_path / "calc").mkdir()
    (tmp_path / "calc" / "calc.go").write_text("package calc\n\nfunc Add(a, b int) int {\n\treturn a + b\n}\n")
    (tmp_path / "calc" / "calc_test.go").write_text(
        'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n'
        '\t\tt.Fatal("bad")\n\t}\n}\n')
    doc = json.loads(run_cli("impact", "--json", "calc/calc.go:4", cwd=tmp_path, check=True).stdout)
    assert doc["tests"] == ["./calc::TestAdd"]
    assert doc["test_commands"] == ["go test ./calc -run '^(TestAdd)$'"]


def test_base_includes_untracked_files_like_the_default(repo):  # noqa: F811
    (repo / "shop" / "extra.py").write_text("from shop.orders import validate\n\n\ndef extra(o):\n    return validate(o)\n")
    default, based = impact(repo), impact(repo, "--base", "HEAD")
    assert default["changed_files"] == based["changed_files"] == ["shop/extra.py"]
    assert "untracked" in based["source"]
