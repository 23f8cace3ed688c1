"""The CLI as a user runs it: a real subprocess per command."""
from __future__ import annotations

import json

from conftest import run_cli


def test_index_prints_one_line_summary(shop):
    proc = run_cli("index", cwd=shop, check=True)
    assert proc.stdout.startswith("10 files scanned, 10 changed, 0 removed, 3 with errors;")
    again = run_cli("index", "--json", cwd=shop, check=True)
    assert json.loads(again.stdout)["changed"] == 0


def test_queries_without_index_say_what_to_do(shop):
    proc = run_cli("blast-radius", "process_refund", cwd=shop)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "error: This workspace has no index yet: run `graphmind index`."


def test_unknown_and_ambiguous_symbols_exit_nonzero(indexed_shop):
    proc = run_cli("callers", "proces_refund", cwd=indexed_shop)
    assert proc.returncode == 3 and "Closest: process_refund" in proc.stderr      # not found
    proc = run_cli("callers", "validate", cwd=indexed_shop)
    assert proc.returncode == 4 and "shop.orders.validate" in proc.stderr and "shop.payments.refund.validate" in proc.stderr
    proc = run_cli("callers", "validate", "--all", cwd=indexed_shop, check=True)
    assert "shop/payments/refund.py:10-14 def process_refund(order, amount)" in proc.stdout


def test_callers_and_callees(indexed_shop):
    proc = run_cli("callers", "shop/payments/refund.py:12", "--json", cwd=indexed_shop, check=True)
    doc = json.loads(proc.stdout)
    assert {c["symbol"] for c in doc["callers"]} == {"shop.api.Handler.quick",
                                                    "shop.payments.refund.RefundService.refund_one",
                                                    "shop.util.audit.wrapper"}      # @audit's wrapper
    proc = run_cli("callees", "process_refund", "--depth", "2", "--json", cwd=indexed_shop, check=True)
    doc = json.loads(proc.stdout)
    assert {(c["symbol"], c["depth"]) for c in doc["callees"]} == {
        ("shop.payments.refund.validate", 1), ("shop.orders.validate", 1), ("shop.payments.refund._issue", 1),
        ("shop.orders.check_items", 2), ("shop.util.retry", 2)}
    assert "ValueError" in doc["outside_workspace"]


def test_symbols_filters(indexed_shop):
    proc = run_cli("symbols", "refund", "--kind", "method", "--json", cwd=indexed_shop, check=True)
    names = [s["symbol"] for s in json.loads(proc.stdout)["symbols"]]
    assert names == ["shop.payments.refund.RefundService.__init__", "shop.payments.refund.RefundService.refund_all",
                     "shop.payments.refund.RefundService.refund_one"]
    proc = run_cli("symbols", "--file", "shop/orders.py", cwd=indexed_shop, check=True)
    assert len(proc.stdout.splitlines()) == 5


def test_status_reports_problems(indexed_shop):
    doc = json.loads(run_cli("status", "--json", cwd=indexed_shop, check=True).stdout)
    assert doc["files"] == 10 and doc["languages"]["python"]["files"] == 10
    assert {p["file"] for p in doc["problems"]} == {"shop/blob.py", "shop/broken.py", "shop/latin1.py"}
    assert doc["db_bytes"] > 0 and doc["age_seconds"] is not None
    text = run_cli("status", cwd=indexed_shop, check=True).stdout
    assert "shop/broken.py: partial: syntax error near line 5" in text


def test_export_json(indexed_shop):
    doc = json.loads(run_cli("export", "--format", "json", cwd=indexed_shop, check=True).stdout)
    assert doc["call_graph"]["shop.orders.is_even"] == ["shop.orders.is_odd"]
    assert {"symbol": "shop.orders.is_odd", "kind": "function", "file": "shop/orders.py", "start_line": 17,
            "end_line": 18, "signature": "def is_odd(n)"} in doc["symbols"]


def test_stale_files_are_flagged(indexed_shop):
    (indexed_shop / "shop" / "api.py").write_text((indexed_shop / "shop" / "api.py").read_text() + "\n# edited\n")
    proc = run_cli("callers", "process_refund", "--no-refresh", cwd=indexed_shop, check=True)
    assert "[stale]" in proc.stdout and "run `graphmind index`" in proc.stdout


def test_runs_from_a_subfolder(indexed_shop):
    proc = run_cli("callers", "is_odd", cwd=indexed_shop / "shop" / "payments", check=True)
    assert "shop/orders.py:13-14 def is_even(n)" in proc.stdout
