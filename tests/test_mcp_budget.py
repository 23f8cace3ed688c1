"""MCP answers that fit their budget whole (text and structured content, one tokenizer), and a tool list
that fits in an agent's context: the real MCP client over stdio, as tests/test_mcp.py."""
from __future__ import annotations

import json

import pytest
from test_mcp import hub_workspace, run, text

from graphmind.budget import answer_tokens

TOOL_LIST_MAX = 10_000          # characters of the tools/list answer (the bound)


def test_the_tool_list_fits_in_ten_thousand_characters_and_still_guides(shop, tmp_path):
    async def scenario(call, session):
        return (await session.list_tools()).tools
    tools = run(shop, tmp_path, scenario)
    listed = json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools])
    assert len(listed) <= TOOL_LIST_MAX, len(listed)
    for t in tools:
        assert len(t.description) > 120 and "\n" not in t.description, t.name
        assert "title" not in json.dumps(t.input_schema)
        for name, prop in t.input_schema["properties"].items():
            assert prop.get("description") and "type" in prop, (t.name, name)
    by = {t.name: t for t in tools}
    assert "read" in by["blast_radius"].input_schema["properties"]["kinds"]["items"]["enum"]


@pytest.mark.parametrize("budget", [400, 900])
def test_every_page_fits_its_budget_text_and_structured_content_together(tmp_path, budget):
    root = hub_workspace(tmp_path)

    async def scenario(call, session):
        pages, offset = [], 0
        while True:
            res = await call("callers", symbol="pkg.core.hub", max_tokens=budget, offset=offset)
            assert not res.is_error, text(res)
            pages.append(res)
            nxt = (res.structured_content["cut"] or {}).get("next_offset")
            if nxt is None:
                return pages, [await call(name, **args, max_tokens=budget) for name, args in (
                    ("blast_radius", {"symbol": "pkg.core.hub"}), ("find_symbol", {"query": "caller"}),
                    ("search", {"query": "caller"}), ("change_impact", {"ranges": ["pkg/core.py:1"]}))]
            assert nxt > offset
            offset = nxt
    pages, others = run(root, tmp_path, scenario)
    seen = [c["symbol"] for p in pages for c in p.structured_content["callers"]]
    assert len(seen) == len(set(seen)) == 120                       # paging loses and repeats nothing
    for res in pages + others:
        assert not res.is_error, text(res)
        sc = res.structured_content
        cost = answer_tokens(text(res), sc)
        one_row = sc["cut"] and sc["cut"]["shown"] == 1                 # the least a page shows, to move on
        assert cost <= budget + 5 or one_row, (cost, text(res)[:300])   # +5: `tokens` is set after counting
        assert sc["tokens"] >= cost - 5
    assert f"cut at max_tokens={budget}" in text(pages[0])


def test_a_budget_below_one_row_still_pages_one_row_at_a_time(tmp_path):
    """200 tokens cannot hold one caller with its structured row: each page shows one (paging moves on)."""
    root = hub_workspace(tmp_path)

    async def scenario(call, session):
        return [await call("callers", symbol="pkg.core.hub", max_tokens=200, offset=o) for o in (0, 1)]
    first, second = run(root, tmp_path, scenario)
    assert len(first.structured_content["callers"]) == 1 and first.structured_content["cut"]["next_offset"] == 1
    assert first.structured_content["callers"] != second.structured_content["callers"]
    assert "cut at max_tokens=200" in text(first)
