"""change_impact / `graphmind impact` on a real git repository made by the test: commits, staged and unstaged edits."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import copy_repo, run_cli
from graphmind.query.gitdiff import parse_diff, shift_line
from graphmind.query.impact import is_test

GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

TESTS_FILE = '''from shop.orders import validate
from shop.payments.refund import process_refund


def test_validate():
    assert validate(None) is False


def test_refund():
    process_refund(None, 1)


def helper_not_a_test():
    return 1
'''


def git(root: Path, *args: str) -> str:
    proc = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, env=os.environ | GIT_ENV)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.fixture
def repo(tmp_path) -> Path:
    """The shop fixture plus a tests/ file, committed in a fresh git repository (two commits)."""
    root = copy_repo("shop", tmp_path)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "shop")
    (root / "tests").mkdir()
    (root / "tests" / "test_shop.py").write_text(TESTS_FILE)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "tests")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def impact(root: Path, *args: str) -> dict:
    proc = run_cli("impact", "--json", *args, cwd=root)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def touched(doc: dict) -> list[str]:
    return [t["symbol"] for t in doc["touched"]]


def test_unstaged_edit_reports_its_definition_callers_and_tests(repo):
    edit(repo / "shop/orders.py", "return all(item.price >= 0", "return all(item.price > 0")
    doc = impact(repo)
    assert touched(doc) == ["shop.orders.check_items"]
    callers = {c["symbol"]: c for c in doc["callers"]}
    assert callers["shop.orders.validate"]["depth"] == 1
    assert callers["tests.test_shop.test_validate"]["depth"] == 2 and callers["tests.test_shop.test_validate"]["test"]
    assert callers["shop.orders.validate"]["test"] is False
    assert "tests/test_shop.py::test_validate" in doc["tests"]
    assert "tests/test_shop.py::test_refund" in doc["tests"]          # via process_refund -> validate_order (depth 3)
    assert "tests.test_shop.helper_not_a_test" not in callers


def test_staged_only_ignores_unstaged_edits_and_renumbers_lines(repo):
    refund = repo / "shop/payments/refund.py"
    edit(refund, "    return retry(attempt)", "    return retry(attempt, attempts=5)")
    git(repo, "add", "shop/payments/refund.py")
    # Unstaged: three lines added at the top, moving _issue down, and an edit to check_items.
    refund.write_text("import os\nimport sys\nimport json\n" + refund.read_text())
    edit(repo / "shop/orders.py", "return all(item.price >= 0", "return all(item.price > 0")
    staged = impact(repo, "--staged")
    assert touched(staged) == ["shop.payments.refund._issue"]
    assert staged["touched"][0]["changed_lines"] == [23]            # line 20 staged, +3 in the working tree
    assert "staged" in staged["source"]
    everything = impact(repo)
    assert set(touched(everything)) == {"shop.payments.refund", "shop.payments.refund._issue",
                                        "shop.orders.check_items"}


def test_against_a_base_ref_sees_committed_and_uncommitted_changes(repo):
    edit(repo / "shop/util.py", "    return 1\n", "    return 2\n")
    git(repo, "commit", "-qam", "foobar returns 2")
    edit(repo / "shop/orders.py", "return False if n == 0 else is_even(n - 1)", "return n != 0 and is_even(n - 1)")
    assert touched(impact(repo)) == ["shop.orders.is_odd"]
    doc = impact(repo, "--base", "HEAD~1")
    assert set(touched(doc)) == {"shop.util.foobar", "shop.orders.is_odd"}
    assert "shop.util.foo" in {c["symbol"] for c in doc["callers"]}


def test_new_untracked_file_and_deleted_lines_are_changes(repo):
    (repo / "shop" / "extra.py").write_text("from shop.orders import validate\n\n\ndef extra(o):\n    return validate(o)\n")
    edit(repo / "shop/orders.py", "def validate_order_later(order):\n    return validate(order)\n",
         "def validate_order_later(order):\n    pass\n    return validate(order)\n")
    edit(repo / "shop/payments/refund.py", "        raise ValueError(\"bad amount\")\n", "")
    doc = impact(repo)
    names = set(touched(doc))
    assert {"shop.extra.extra", "shop.orders.validate_order_later", "shop.payments.refund.process_refund"} <= names
    assert doc["unindexed_files"] == []


def test_file_line_ranges_need_no_git(indexed_shop):
    doc = impact(indexed_shop, "shop/orders.py:6", "shop/payments/refund.py:18-19")
    assert touched(doc) == ["shop.orders.check_items", "shop.payments.refund._issue.attempt"]
    text = run_cli("impact", "shop/orders.py:1-2", cwd=indexed_shop, check=True).stdout
    assert text.startswith("change impact of the given ranges: 1 file(s) changed, 1 definition(s) touched")
    assert "touched definitions: 1\nshop/orders.py:1-2 def validate(order)  changed lines 1" in text
    assert "depth 1:\n  scripts/tool.py:1-9 (module scripts.tool) [import]\n  scripts/tool.py:4-5 def main()" in text


def test_bad_input_is_a_clear_error(repo):
    for args, needle, status in [
            (("--base", "no-such-ref"), "git knows no such commit, branch or tag: 'no-such-ref'", 3),
            (("--base", "--output=x"), "not a git revision", 1), (("--staged", "--base", "HEAD"), "at most one", 1),
            (("../etc/passwd:1",), "inside the workspace", 1), (("shop/orders.py:9-2",), "END", 1),
            (("shop/orders.py",), "FILE:LINE", 1), (("shop/nowhere.py:3",), "no file shop/nowhere.py", 3),
            (("shop/orders.py:400",), "line 400 is past the end of shop/orders.py (18 lines)", 3)]:
        proc = run_cli("impact", *args, cwd=repo)
        assert proc.returncode == status and needle in proc.stderr, (args, proc.stderr)
        assert "Traceback" not in proc.stderr


def test_outside_a_git_repository_says_to_give_ranges(indexed_shop):
    proc = run_cli("impact", cwd=indexed_shop)
    assert proc.returncode == 1 and "git" in proc.stderr and "FILE:LINE" in proc.stderr


def test_parse_diff_and_shift_line():
    diff = ("diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -3 +3,2 @@ def f\n-a\n+b\n+c\n"
            "@@ -10,2 +11,0 @@\n-d\n-e\n"
            "diff --git a/gone.py b/gone.py\n--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
            "diff --git a/new.py b/new.py\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+y\n+z\n")
    hunks, deleted = parse_diff(diff)
    assert hunks == {"x.py": [(3, 1, 3, 2), (10, 2, 11, 0)], "new.py": [(0, 0, 1, 2)]}
    assert deleted == ["gone.py"]
    assert [shift_line(n, hunks["x.py"]) for n in (1, 3, 5, 10, 11, 12)] == [1, 3, 6, 11, 11, 11]
    assert shift_line(5, [(2, 0, 3, 4)]) == 9                      # 4 lines inserted after line 2


def test_is_test():
    assert is_test("function", "test_x", "src/a.py")
    assert is_test("method", "helper", "tests/unit/a.py")
    assert is_test("function", "helper", "pkg/test_a.py") and is_test("function", "f", "pkg/a_test.py")
    assert not is_test("class", "test_x", "tests/a.py")
    assert not is_test("function", "attest", "pkg/contest.py")
