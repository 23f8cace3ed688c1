"""One workspace from any folder: the nearest enclosing index, else the repository root, else the
folder; a subfolder never gets an index of its own unless asked for with --root."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_impact import git, repo  # noqa: F401  (the committed shop fixture)

from conftest import run_cli


def indexes(root: Path) -> set[str]:
    return {str(p.parent.relative_to(root)) for p in root.rglob(".graphmind")}


def test_query_from_a_subfolder_answers_like_the_root(indexed_shop):
    at_root = run_cli("callers", "shop.payments.refund.process_refund", "--json", cwd=indexed_shop, check=True)
    sub = indexed_shop / "shop" / "payments"
    from_sub = run_cli("callers", "shop.payments.refund.process_refund", "--json", cwd=sub, check=True)
    assert json.loads(from_sub.stdout)["callers"] == json.loads(at_root.stdout)["callers"] != []
    assert indexes(indexed_shop) == {"."}


def test_index_in_a_subfolder_updates_the_enclosing_index(indexed_shop):
    run_cli("index", cwd=indexed_shop / "shop", check=True)
    run_cli("index", ".", cwd=indexed_shop / "shop" / "payments", check=True)
    assert indexes(indexed_shop) == {"."}
    run_cli("symbols", "process_refund", cwd=indexed_shop / "shop", check=True)


def test_first_index_from_a_subfolder_goes_to_the_repository_root(repo):  # noqa: F811
    run_cli("index", cwd=repo / "shop" / "payments", check=True)
    assert indexes(repo) == {"."}
    proc = run_cli("callers", "shop.orders.validate", cwd=repo / "shop", check=True)
    assert "shop/payments/refund.py" in proc.stdout


def test_impact_from_a_subfolder_reads_the_repository(repo):  # noqa: F811
    (repo / "shop" / "orders.py").write_text((repo / "shop" / "orders.py").read_text() + "\n# touched\n")
    proc = run_cli("impact", "--json", cwd=repo / "shop" / "payments", check=True)
    assert json.loads(proc.stdout)["changed_files"] == ["shop/orders.py"]
    assert indexes(repo) == {"."}


def test_a_nested_index_only_when_asked_with_root(indexed_shop):
    sub = indexed_shop / "shop" / "payments"
    run_cli("index", "--root", ".", cwd=sub, check=True)
    assert indexes(indexed_shop) == {".", "shop/payments"}
    # from inside it, the nested index is the nearest: its own module names
    doc = json.loads(run_cli("symbols", "process_refund", "--json", cwd=sub, check=True).stdout)
    assert [s["symbol"] for s in doc["symbols"]] == ["refund.process_refund"]


def test_root_that_is_not_a_folder_is_an_error(indexed_shop):
    proc = run_cli("status", "--root", "nowhere", cwd=indexed_shop)
    assert proc.returncode != 0 and "not a directory" in proc.stderr


@pytest.mark.parametrize("args", [("daemon", "status"), ("status",)])
def test_other_commands_find_the_root_too(indexed_shop, args):
    proc = run_cli(*args, "--json", cwd=indexed_shop / "shop" / "payments")
    assert proc.returncode in (0, 3), proc.stderr
    assert indexes(indexed_shop) == {"."}
