"""One path convention out (workspace-relative, '/'), every spelling in: `./x`, absolute, relative,
module-dotted; a filter matching no indexed file is an error naming the closest one, never an empty answer."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli


def _symbols(root, *args):
    proc = run_cli("symbols", *args, "--json", cwd=root, check=True)
    return [(s["symbol"], s["file"]) for s in json.loads(proc.stdout)["symbols"]]


def test_every_spelling_of_a_file_filter_gives_the_same_answer(indexed_shop):
    want = _symbols(indexed_shop, "--file", "shop/orders.py")
    assert want and all(f == "shop/orders.py" for _s, f in want)
    for spelling in ("./shop/orders.py", str(indexed_shop / "shop" / "orders.py"), "shop.orders"):
        assert _symbols(indexed_shop, "--file", spelling) == want, spelling
    search = [json.loads(run_cli("search", "refund", "--file", spelling, "--json", cwd=indexed_shop, check=True).stdout)
              ["results"] for spelling in ("shop/payments", "./shop/payments/", str(indexed_shop / "shop" / "payments"))]
    assert search[0] and search[0] == search[1] == search[2]


def test_every_spelling_of_file_line_names_the_same_symbol(indexed_shop):
    got = set()
    for spelling in ("shop/orders.py:1", "./shop/orders.py:1", f"{indexed_shop}/shop/orders.py:1"):
        doc = json.loads(run_cli("callers", spelling, "--json", cwd=indexed_shop, check=True).stdout)
        got.add(tuple(t["symbol"] for t in doc["targets"]))
    assert got == {("shop.orders.validate",)}


@pytest.mark.parametrize("command", [["symbols"], ["search", "refund"]])
def test_output_paths_are_workspace_relative_with_forward_slashes(indexed_shop, command):
    text = run_cli(*command, "--file", str(indexed_shop / "shop" / "payments" / "refund.py"), cwd=indexed_shop,
                   check=True).stdout
    assert "shop/payments/refund.py:" in text and str(indexed_shop) not in text and "\\" not in text


def test_a_filter_matching_nothing_names_the_closest_file(indexed_shop):
    proc = run_cli("search", "refund", "--file", "shop/payment/refund.py", cwd=indexed_shop)
    assert proc.returncode == 3 and "the closest is shop/payments/refund.py" in proc.stderr, proc.stderr
    assert proc.stdout == ""
