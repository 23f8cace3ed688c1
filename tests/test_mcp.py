"""The MCP server, driven by the SDK's real stdio client: `python -m graphmind mcp --root <fixture copy>`."""
from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from graphmind.agent import answers
from graphmind.query import graph
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

TOOLS = {"blast_radius", "callers", "callees", "find_symbol", "symbol_source", "change_impact", "index_status"}


@contextlib.asynccontextmanager
async def mcp_session(root: Path, log: Path):
    """A real MCP client session with `graphmind mcp` running as a subprocess on `root`."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp", "--root", str(root)],
                                   env={"PYTHONUTF8": "1", "PATH": os.environ.get("PATH", "")}, cwd=str(root))
    with open(log, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=120) as session:
                await session.initialize()
                yield session


def run(root: Path, tmp_path: Path, scenario):
    """Run `scenario(call)` against a fresh server; `call(name, **args)` returns the CallToolResult."""
    async def main():
        async with mcp_session(root, tmp_path / "server.log") as session:
            async def call(name, **args):
                return await session.call_tool(name, args)
            return await scenario(call, session)
    return anyio.run(main)


def text(result) -> str:
    assert result.content and result.content[0].type == "text"
    return result.content[0].text


def test_lists_every_tool_read_only_with_descriptions(shop, tmp_path):
    async def scenario(call, session):
        return (await session.list_tools()).tools
    tools = {t.name: t for t in run(shop, tmp_path, scenario)}
    assert TOOLS <= set(tools)
    for name in TOOLS:
        t = tools[name]
        assert len(t.description) > 120, name
        assert t.annotations.read_only_hint is True, name
        assert t.input_schema["type"] == "object"
    assert set(tools["blast_radius"].input_schema["required"]) == {"symbol"}
    assert {"depth", "max_tokens", "offset", "all_matches"} <= set(tools["blast_radius"].input_schema["properties"])
    assert {"staged", "base", "ranges", "depth"} <= set(tools["change_impact"].input_schema["properties"])


def test_every_tool_answers_with_text_and_structured_rows(shop, tmp_path):
    async def scenario(call, session):
        names = ["blast_radius", "callers", "callees", "find_symbol", "find_kind", "symbol_source", "index_status",
                 "change_impact"]
        results = [
            await call("blast_radius", symbol="process_refund"),
            await call("callers", symbol="shop.payments.refund.RefundService.refund_all"),
            await call("callees", symbol="shop.payments.refund.process_refund", depth=2),
            await call("find_symbol", query="validate"),
            await call("find_symbol", query="refund", kind="class"),
            await call("symbol_source", symbol="shop.payments.refund.RefundService.refund_one"),
            await call("index_status"),
            await call("change_impact", ranges=["shop/orders.py:6"]),
        ]
        return dict(zip(names, results))
    r = run(shop, tmp_path, scenario)
    assert not any(v.is_error for v in r.values()), {k: text(v) for k, v in r.items() if v.is_error}

    blast = text(r["blast_radius"])
    assert blast.splitlines()[0].startswith("blast radius of shop.payments.refund.process_refund (shop/payments/refund.py:10-14")
    lines = blast.splitlines()
    d1 = lines.index("depth 1:")
    # each row says where it calls the symbol one hop nearer: the line and its text
    assert "  shop/api.py:16-17 def quick(order)  ← 17 → return process_refund(order, 1)" in lines[d1:lines.index("depth 2:")]
    assert "  shop/payments/refund.py:27-29 def refund_all(self, orders)  ← 29 → self.refund_one(order)" \
        in lines[lines.index("depth 2:"):]
    sc = r["blast_radius"].structured_content
    by_symbol = {c["symbol"]: c for c in sc["callers"]}
    assert by_symbol["shop.api.Handler.quick"]["depth"] == 1
    assert by_symbol["shop.payments.refund.RefundService.refund_all"]["depth"] == 2
    assert sc["cut"] is None and sc["tokens"] <= 2000          # text and structured content, counted alike

    callers = text(r["callers"])            # resolved and possible callers kept apart
    resolved_part, possible_part = callers.split("possible callers", 1)
    assert "shop/api.py:8-10 def post(self, request)" in resolved_part
    assert "service.refund_all()" in possible_part and "service.refund_all()" not in resolved_part
    sc = r["callers"].structured_content
    assert [c["symbol"] for c in sc["callers"]] == ["shop.api.Handler.post"]
    assert any(p["callee"] == "service.refund_all" for p in sc["possible_callers"])

    callees = r["callees"].structured_content["callees"]
    assert {(c["symbol"], c["depth"]) for c in callees} >= {("shop.orders.validate", 1), ("shop.orders.check_items", 2)}
    assert "ValueError" in text(r["callees"])

    found = r["find_symbol"].structured_content["symbols"]
    assert {f["symbol"] for f in found[:2]} == {"shop.orders.validate", "shop.payments.refund.validate"}
    assert "shop.orders.validate_order_later" in {f["symbol"] for f in found[2:]}
    assert [f["symbol"] for f in r["find_kind"].structured_content["symbols"]] == ["shop.payments.refund.RefundService"]

    src = r["symbol_source"]
    expected = (shop / "shop/payments/refund.py").read_text().splitlines()[30:32]
    assert src.structured_content["source"] == "\n".join(expected)
    assert src.structured_content["start_line"] == 31 and src.structured_content["end_line"] == 32
    assert "31\t    def refund_one(self, order):" in text(src)
    assert "class RefundService" not in text(src)         # one definition, never the whole file

    assert r["index_status"].structured_content["files"] >= 8
    assert "freshness:" in text(r["index_status"])

    impact = r["change_impact"].structured_content
    assert [t["symbol"] for t in impact["touched"]] == ["shop.orders.check_items"]
    assert "shop.orders.validate" in {c["symbol"] for c in impact["callers"]}


def hub_workspace(tmp_path: Path) -> Path:
    """pkg.core.hub and 120 callers of it in six modules: answers that a small budget must page."""
    root = tmp_path / "hub"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "core.py").write_text("def hub(x):\n    return x\n")
    for i in range(6):
        body = "from pkg.core import hub\n\n" + "".join(
            f"\ndef caller_{i}_{j}(value_with_a_long_name):\n    return hub(value_with_a_long_name)\n" for j in range(20))
        (root / "pkg" / f"mod{i}.py").write_text(body)
    return root


def test_token_budget_cuts_and_offset_pages_through_the_rest(tmp_path):
    root = hub_workspace(tmp_path)

    async def scenario(call, session):
        pages, offset = [], 0
        while True:
            res = await call("callers", symbol="pkg.core.hub", max_tokens=400, offset=offset)
            assert not res.is_error, text(res)
            pages.append(res)
            nxt = (res.structured_content["cut"] or {}).get("next_offset")
            if nxt is None:
                return pages
            assert nxt > offset
            offset = nxt
    pages = run(root, tmp_path, scenario)
    assert len(pages) > 2
    first = text(pages[0])
    assert "cut at max_tokens=400" in first and "offset=" in first
    assert len(first) / 4 <= 400
    seen = [c["symbol"] for p in pages for c in p.structured_content["callers"]]
    assert len(seen) == len(set(seen)) == 120
    assert all(p.structured_content["total"] == 120 for p in pages)


def test_bad_arguments_and_path_escapes_are_tool_errors(shop, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("def secret():\n    pass\n")
    os.symlink(outside, shop / "leak")

    async def scenario(call, session):
        bad = {
            "unknown": await call("blast_radius", symbol="no_such_function_anywhere"),
            "ambiguous": await call("symbol_source", symbol="validate"),
            "depth": await call("blast_radius", symbol="process_refund", depth=0),
            "budget": await call("callers", symbol="process_refund", max_tokens=5),
            "missing": await call("callers"),
            "dotdot": await call("blast_radius", symbol="../outside/secret.py:1"),
            "absolute": await call("find_symbol", query="secret", file=str(outside / "secret.py")),
            "symlink": await call("find_symbol", query="secret", file="leak/secret.py"),
            "range_dotdot": await call("change_impact", ranges=["shop/../../outside/secret.py:1"]),
            "range_bad": await call("change_impact", ranges=["shop/orders.py"]),
            "two_modes": await call("change_impact", staged=True, base="HEAD"),
            "module": await call("symbol_source", symbol="shop.orders"),
            "not_git": await call("change_impact"),
            "kind": await call("find_symbol", query="x", kind="banana"),
        }
        after = await call("callers", symbol="shop.orders.check_items")
        return bad, after
    bad, after = run(shop, tmp_path, scenario)
    for name, res in bad.items():
        assert res.is_error, (name, text(res))
    msg = {k: text(v) for k, v in bad.items()}
    assert "no_such_function_anywhere" in msg["unknown"]
    assert "shop.orders.validate" in msg["ambiguous"] and "shop.payments.refund.validate" in msg["ambiguous"]
    assert "depth" in msg["depth"] and "max_tokens" in msg["budget"]
    for k in ("dotdot", "absolute", "symlink", "range_dotdot"):
        assert "inside the workspace" in msg[k], (k, msg[k])
    assert "secret" not in msg["symlink"].split("leak/secret.py")[0]
    assert "FILE:LINE" in msg["range_bad"]
    assert "whole module" in msg["module"]
    assert "git" in msg["not_git"]
    assert not after.is_error and "shop.orders.validate" in {c["symbol"] for c in after.structured_content["callers"]}


def test_a_file_edited_between_two_calls_shows_in_the_second_answer(shop, tmp_path):
    orders = shop / "shop" / "orders.py"

    async def scenario(call, session):
        before = await call("callers", symbol="shop.orders.check_items")
        orders.write_text(orders.read_text() + "\n\ndef recheck(order):\n    return check_items(order)\n")
        after = await call("callers", symbol="shop.orders.check_items")
        source = await call("symbol_source", symbol="shop.orders.recheck")
        return before, after, source
    before, after, source = run(shop, tmp_path, scenario)
    assert "shop.orders.recheck" not in {c["symbol"] for c in before.structured_content["callers"]}
    assert "shop.orders.recheck" in {c["symbol"] for c in after.structured_content["callers"]}
    assert "def recheck(order)" in text(after)
    assert source.structured_content["source"] == "def recheck(order):\n    return check_items(order)"


def test_rows_from_files_changed_since_indexing_are_marked_stale(indexed_shop):
    """Without a refresh (a daemon lagging behind), rows in changed files say so."""
    api = indexed_shop / "shop" / "api.py"
    api.write_text(api.read_text() + "\n# touched\n")
    conn = open_reader(indexed_shop)
    w = graph.walk(conn, graph.resolve_targets(conn, "shop.payments.refund.process_refund"), "up", 3)
    stale = answers.mark_stale(conn, indexed_shop, w)
    page, doc = answers.walk_page(w, stale, 2000)
    assert stale == {"shop/api.py"}
    assert "shop/api.py:16-17 def quick(order) [stale]" in page.text
    assert "shop/payments/refund.py:31-32 def refund_one(self, order)\n" in page.text + "\n"
    assert doc["stale_files"] == ["shop/api.py"]
    assert {c["symbol"]: c["stale"] for c in doc["callers"]}["shop.api.Handler.quick"] is True


@pytest.mark.parametrize("arg", ["../x.py", "/etc/passwd", "a/../../x.py", "", "leak/secret.py"])
def test_confine_rejects_paths_leaving_the_workspace(tmp_path, arg):
    from graphmind.errors import PathOutsideWorkspaceError
    from graphmind.paths import confine
    (tmp_path / "ws").mkdir()
    (tmp_path / "out").mkdir()
    os.symlink(tmp_path / "out", tmp_path / "ws" / "leak")
    with pytest.raises(PathOutsideWorkspaceError):
        confine(tmp_path / "ws", arg)


def test_confine_accepts_paths_inside(tmp_path):
    from graphmind.paths import confine
    (tmp_path / "ws" / "a").mkdir(parents=True)
    os.symlink(tmp_path / "ws" / "a", tmp_path / "ws" / "inner")
    assert confine(tmp_path / "ws", "./a/b.py") == "a/b.py"
    assert confine(tmp_path / "ws", str(tmp_path / "ws" / "a" / "b.py")) == "a/b.py"
    assert confine(tmp_path / "ws", "inner/b.py") == "inner/b.py"


def test_budget_pages_the_main_list_and_places_other_sections_honestly():
    from graphmind.budget import Row, Section, render
    before = Section("touched", "touched", [Row("t1", {"n": "t1"})])
    main = Section("callers", "callers", [Row(f"caller number {i:03d} " + "x" * 40, {"n": i}, group=f"depth {1 + i // 50}")
                                          for i in range(100)], paged=True)
    after = Section("possible", "possible callers", [Row("? p1", {"n": "p1"})], empty="none")
    first = render(["header"], [before, main, after], 300)
    assert first.shown["touched"] == [{"n": "t1"}] and first.shown["possible"] == []
    n = first.cut["next_offset"]
    assert 0 < n < 100 and first.cut["section"] == "callers" and first.cut["total"] == 100
    assert f"call again with offset={n}" in first.text and "possible callers: 1 (listed after" in first.text
    assert first.tokens <= 300
    seen, offset, last = [r["n"] for r in first.shown["callers"]], n, first
    while last.cut:
        last = render(["header"], [before, main, after], 300, offset)
        assert "touched: 1 (listed at offset=0)" in last.text and last.shown["touched"] == []
        seen += [r["n"] for r in last.shown["callers"]]
        offset = last.cut["next_offset"] if last.cut else offset
    assert seen == list(range(100))
    assert last.shown["possible"] == [{"n": "p1"}] and "? p1" in last.text
    assert "depth 2:" in last.text
    unlimited = render(["header"], [before, main, after], None)
    assert unlimited.cut is None and len(unlimited.shown["callers"]) == 100


def test_server_reports_the_package_version(shop, tmp_path):
    from importlib import metadata

    async def scenario(call, session):
        return session.server_info
    info = run(shop, tmp_path, scenario)
    assert info.name == "graphmind" and info.version == metadata.version("graphmind-code") != ""
