"""Blast radius on the shop fixture, against callers written out by hand."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli
from graphmind.query import graph
from graphmind.errors import AmbiguousSymbolError, UnknownSymbolError
from graphmind.store import open_reader


def radius(root, symbol, depth=3, limit=200, take_all=False):
    conn = open_reader(root)
    return graph.walk(conn, graph.resolve_targets(conn, symbol, take_all), "up", depth, limit)


def by_depth(w):
    return {h.symbol: h.depth for h in w.hits}


def test_callers_of_orders_validate_by_hand(indexed_shop):
    w = radius(indexed_shop, "shop.orders.validate", depth=3)
    assert by_depth(w) == {
        "shop.orders.validate_order_later": 1,
        "scripts.tool.main": 1,
        "shop.payments.refund.process_refund": 1,
        "scripts.tool": 2,                                        # module-level `main()`
        "shop.payments.refund.RefundService.refund_one": 2,
        "shop.api.Handler.quick": 2,
        "shop.util.audit.wrapper": 2,           # @audit's wrapper calls the process_refund it wraps
        "shop.payments.refund.RefundService.refund_all": 3,
    }
    hit = next(h for h in w.hits if h.symbol == "shop.payments.refund.RefundService.refund_all")
    assert hit.path == ["shop.payments.refund.RefundService.refund_all",
                        "shop.payments.refund.RefundService.refund_one",
                        "shop.payments.refund.process_refund", "shop.orders.validate"]
    assert hit.call_lines == [29] and hit.file == "shop/payments/refund.py"
    assert [h.depth for h in w.hits] == sorted(h.depth for h in w.hits)   # nearest first


def test_depth_limits_the_walk(indexed_shop):
    assert set(by_depth(radius(indexed_shop, "shop.orders.validate", depth=1)).values()) == {1}


def test_mutual_recursion_terminates_each_caller_once(indexed_shop):
    w = radius(indexed_shop, "is_even", depth=10)
    assert by_depth(w) == {"shop.orders.is_odd": 1}
    w = radius(indexed_shop, "is_odd", depth=10)
    assert by_depth(w) == {"shop.orders.is_even": 1}


def test_names_match_exactly_never_by_substring(indexed_shop):
    assert by_depth(radius(indexed_shop, "foo")) == {}
    assert by_depth(radius(indexed_shop, "foobar")) == {"shop.util.foo": 1}


def test_ambiguous_short_name_lists_candidates(indexed_shop):
    with pytest.raises(AmbiguousSymbolError) as err:
        radius(indexed_shop, "validate")
    assert "shop.orders.validate" in err.value.message and "shop/payments/refund.py:5" in err.value.message
    w = radius(indexed_shop, "validate", depth=1, take_all=True)
    assert {t.qualname for t in w.targets} == {"shop.orders.validate", "shop.payments.refund.validate"}
    assert "shop.payments.refund.process_refund" in by_depth(w)


def test_file_line_names_the_innermost_definition(indexed_shop):
    conn = open_reader(indexed_shop)
    assert [r.qualname for r in graph.resolve_targets(conn, "shop/payments/refund.py:18")] == [
        "shop.payments.refund._issue.attempt"]
    assert [r.qualname for r in graph.resolve_targets(conn, "shop/payments/refund.py:32")] == [
        "shop.payments.refund.RefundService.refund_one"]


def test_unknown_symbol_suggests_close_names(indexed_shop):
    with pytest.raises(UnknownSymbolError) as err:
        radius(indexed_shop, "proces_refund")
    assert "process_refund" in err.value.message


def test_limit_cuts_and_says_so(indexed_shop):
    w = radius(indexed_shop, "shop.orders.validate", depth=3, limit=2)
    assert len(w.hits) == 2 and w.total == 8 and w.truncated == "limit"       # the 8 callers of the test above
    assert all(h.depth == 1 for h in w.hits)


def test_possible_callers_are_kept_apart(indexed_shop):
    w = radius(indexed_shop, "RefundService.refund_all")
    # `service = self.make_service()` and make_service returns RefundService(...): inferred
    assert by_depth(w) == {"shop.api.Handler.post": 1, "shop.api.handle": 2, "shop.api": 3}
    assert w.hits[0].resolution == "inferred"
    # a parameter with no annotation: only a possible caller, kept apart
    assert [(p.symbol, p.callee, p.candidates) for p in w.possible] == [("shop.api.replay", "service.refund_all", 1)]


def test_blast_radius_golden_json(indexed_shop, golden):
    proc = run_cli("blast-radius", "process_refund", "--depth", "3", "--json", cwd=indexed_shop, check=True)
    doc = json.loads(proc.stdout)
    for field in ("depth", "symbol", "kind", "file", "start_line", "end_line", "signature", "call_lines", "path",
                  "resolution"):
        assert all(field in c for c in doc["callers"])
    golden("blast_radius_process_refund.json", doc)


def test_compact_output_for_agents(indexed_shop):
    proc = run_cli("blast-radius", "shop.orders.validate", "--depth", "2", cwd=indexed_shop, check=True)
    lines = proc.stdout.splitlines()
    # every kind of dependant: the 7 callers (@audit's wrapper calls process_refund; scripts.tool's
    # module code calls main, but it imports validate: depth 1), the other module importing validate,
    # the 2 importing process_refund
    assert lines[0].startswith("blast radius of shop.orders.validate (shop/orders.py:1-2), depth<=2: 10 dependants")
    assert [line for line in lines if line.endswith("[import]")] == [
        "1 scripts/tool.py:1-9 scripts.tool [import]", "1 shop/payments/refund.py:1-32 shop.payments.refund [import]",
        "2 shop/__init__.py:1-4 shop [import]", "2 shop/api.py:1-28 shop.api [import]"]
    calls = run_cli("blast-radius", "shop.orders.validate", "--depth", "2", "--kinds", "call", cwd=indexed_shop, check=True)
    assert calls.stdout.splitlines()[0].endswith("depth<=2: 7 callers")
    assert "1 scripts/tool.py:4-5 def main()" in lines
    assert "2 shop/api.py:16-17 def quick(order)" in lines
