"""One contract for every command (a real subprocess each): queries refresh unless told not to, --json
everywhere and errors as JSON objects with a stable code, distinct exit statuses, no silent caps,
tables that fit the terminal, help with metavars and examples."""
from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys

import pytest

from conftest import run_cli
from test_docs import command_names

NEW_DEF = "\n\ndef freshly_added(order):\n    return validate(order)\n"


def test_symbols_status_and_export_refresh_first(indexed_shop):
    with open(indexed_shop / "shop" / "orders.py", "a") as fh:
        fh.write(NEW_DEF)
    stale = run_cli("symbols", "freshly_added", "--no-refresh", cwd=indexed_shop, check=True).stdout
    assert "no definition matches" in stale and "not fresh" in stale
    doc = json.loads(run_cli("symbols", "freshly_added", "--json", cwd=indexed_shop, check=True).stdout)
    assert [s["symbol"] for s in doc["symbols"]] == ["shop.orders.freshly_added"]
    assert doc["freshness"]["source"] == "refreshed" and doc["freshness"]["changed"] == 1
    with open(indexed_shop / "shop" / "api.py", "a") as fh:
        fh.write("\n\ndef also_new():\n    pass\n")
    st = json.loads(run_cli("status", "--json", cwd=indexed_shop, check=True).stdout)
    assert st["freshness"]["changed"] == 1
    with open(indexed_shop / "shop" / "util.py", "a") as fh:
        fh.write("\n\ndef third_new():\n    pass\n")
    exported = json.loads(run_cli("export", "--json", cwd=indexed_shop, check=True).stdout)
    assert "shop.util.third_new" in {s["symbol"] for s in exported["symbols"]}


def test_export_formats_and_messages(indexed_shop):
    proc = run_cli("export", "--format", "dot", cwd=indexed_shop)
    assert proc.returncode == 1
    assert proc.stderr == "error: Invalid argument: unknown --format 'dot': the only format is json\n"
    assert json.loads(run_cli("export", cwd=indexed_shop, check=True).stdout)["call_graph"]


@pytest.mark.parametrize("args, code, status, needle", [
    (("symbols", "--kind", "fnction"), "bad_argument", 1, "the kinds here: class, function, method, module"),
    (("symbols", "--file", "shop/payments"), "bad_argument", 1, "is a folder"),
    (("symbols", "--file", "/etc/passwd"), "path_outside_workspace", 1, "outside"),
    (("symbols", "--file", "shop/nothing.py"), "not_found", 3, "matches no indexed file"),
    (("symbols", "--file", "shop/order.py"), "not_found", 3, "the closest is shop/orders.py"),
    (("search", "refund", "--file", "shop/paymnts"), "not_found", 3, "the closest is"),
    (("search", "refund", "--file", "shop/payments/refnd.py"), "not_found", 3, "the closest is shop/payments/refund.py"),
    (("search", "refund", "--kind", "fnction"), "bad_argument", 1, "no definition of kind 'fnction'"),
    (("callers", "proces_refund"), "not_found", 3, "Closest: process_refund"),
    (("callers", "validate"), "ambiguous", 4, "shop.orders.validate"),
    (("callers", "shop/orders.py:999"), "not_found", 3, "past the end of shop/orders.py"),
    (("callers", "shop/gone.py:3"), "not_found", 3, "'shop/gone.py' is not an indexed file"),
    (("callers", "--depth", "2", "validate"), "usage", 2, "No such option"),   # click words it per version
])
def test_errors_are_clear_text_or_json_objects_with_distinct_statuses(indexed_shop, args, code, status, needle):
    text = run_cli(*args, cwd=indexed_shop)
    assert text.returncode == status and needle in text.stderr and "Traceback" not in text.stderr, text.stderr
    assert text.stdout == ""
    as_json = run_cli(*args, "--json", cwd=indexed_shop)
    assert as_json.returncode == status
    doc = json.loads(as_json.stdout)
    assert doc["error"] == code and needle in doc["message"]
    if code == "ambiguous":
        assert "shop.payments.refund.validate  (function, shop/payments/refund.py:5)" in doc["candidates"]
    if code == "not_found" and args[0] == "callers" and "orders" not in args[1]:
        assert doc.get("suggestions") in (None, ["process_refund"])


def test_no_index_is_a_json_error_too(shop):
    proc = run_cli("status", "--json", cwd=shop)
    assert proc.returncode == 1 and json.loads(proc.stdout)["error"] == "no_index"


def test_symbols_say_how_many_more(indexed_shop):
    text = run_cli("symbols", "--limit", "2", cwd=indexed_shop, check=True).stdout.splitlines()
    total = len(run_cli("symbols", "--limit", "1000", cwd=indexed_shop, check=True).stdout.splitlines())
    assert len(text) == 3 and text[-1] == f"… {total - 2} more ({total} in all): raise --limit or narrow the pattern"
    doc = json.loads(run_cli("symbols", "--limit", "2", "--json", cwd=indexed_shop, check=True).stdout)
    assert len(doc["symbols"]) == 2 and doc["total"] == total and doc["truncated"] is True


def test_search_says_when_more_match(indexed_shop):
    doc = json.loads(run_cli("search", "refund", "--limit", "1", "--json", cwd=indexed_shop, check=True).stdout)
    assert len(doc["results"]) == 1 and doc["truncated"] is True
    assert "… more match: the best 1 are shown" in run_cli("search", "refund", "--limit", "1", cwd=indexed_shop,
                                                           check=True).stdout


@pytest.mark.parametrize("form", [("--wait-fresh", "2"), ("--wait-fresh=2",), ("--wait-fresh",)])
def test_wait_fresh_takes_a_value_either_way(indexed_shop, form):
    proc = run_cli("callers", *form, "shop.orders.validate", "--json", cwd=indexed_shop, check=True)
    assert json.loads(proc.stdout)["targets"][0]["symbol"] == "shop.orders.validate"


def _on_a_terminal(args: list[str], cwd, columns: int) -> str:
    """Run graphmind with stdout on a pseudo-terminal `columns` wide; what it printed."""
    leader, follower = pty.openpty()
    env = dict(os.environ, COLUMNS=str(columns), LINES="50", PYTHONUTF8="1")
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", *args], cwd=cwd, stdout=follower,
                            stderr=subprocess.PIPE, env=env)
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    proc.wait(timeout=120)
    os.close(leader)
    assert proc.returncode == 0, proc.stderr.read()
    return out.decode().replace("\r\n", "\n")


ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize("columns", [50, 80])
def test_tables_fit_the_terminal_and_never_drop_the_location(indexed_shop, columns):
    """Narrow terminals wrap the signature and drop the least important column, never file:line."""
    for args, rows in ((["blast-radius", "shop.orders.validate"], [r"shop/payments/refund\.py:10-\d+",
                                                                   r"scripts/tool\.py:\d+-\d+"]),
                       (["callers", "shop.orders.validate"], [r"shop/orders\.py:9-\d+"]),
                       (["symbols"], [r"shop/orders\.py:1-\d+"]), (["search", "refund"], [r"shop/payments/refund\.py:10"]),
                       (["impact", "shop/payments/refund.py:11"], [r"shop/payments/refund\.py:10-\d+",
                                                                    r"shop/api\.py:16-\d+ def quick\(order\)"])):
        text = ANSI.sub("", _on_a_terminal(args, indexed_shop, columns))
        lines = [line for line in text.splitlines() if line]
        assert lines and all(len(line) <= columns for line in lines), text
        for row in rows:
            assert re.search(row, text), (args, row, text)
    wide = ANSI.sub("", _on_a_terminal(["callers", "shop.orders.validate"], indexed_shop, 200))
    assert "def process_refund(order, amount)" in wide
    assert re.search(r"shop/payments/refund\.py:10-\d+ +13 → validate_order\(order\)", wide), wide   # the calling line


def test_help_has_metavars_examples_and_completion(tmp_path):
    root = run_cli("--help", cwd=tmp_path, check=True).stdout
    assert "--install-completion" in root and "--version" in root
    for name in command_names():
        text = run_cli(*name.split(), "--help", cwd=tmp_path, check=True).stdout
        assert not re.search(r"<(bool|int|float|str|list\[\w+\]|Path)>", text), (name, text)
        assert "{" not in text.splitlines()[0], text.splitlines()[0]
        if name not in ("watch", "daemon stop", "daemon status", "daemon start", "status"):
            assert "Example" in text, name
        if name not in ("watch", "lsp"):                  # servers speak their own protocol
            assert "--json" in text, name
