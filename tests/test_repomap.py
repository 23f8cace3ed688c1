"""The repo map: golden output, focus and mention, the token budget, determinism, stored ranks, the CLI."""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import copy_repo, run_cli
from graphmind.query import maprank, repomap
from graphmind.errors import BadArgumentError
from graphmind.index.indexer import index_workspace
from graphmind.query.pagerank import pagerank
from graphmind.store import open_reader
from graphmind.tokens import count_tokens


@pytest.fixture
def mapdemo(tmp_path) -> Path:
    """The mapdemo fixture repo (a small inventory package), copied and indexed."""
    root = copy_repo("mapdemo", tmp_path)
    index_workspace(root)
    return root


def _ranked_symbols(m: repomap.RepoMap) -> list[str]:
    return [d["symbol"] for d in m.definitions]


def _meta(root: Path, key: str) -> str | None:
    row = open_reader(root).execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
    return row[0] if row else None


def _big_repo(root: Path, modules: int = 30, functions: int = 8) -> Path:
    """A generated package whose functions call functions of other modules: larger than any small budget."""
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for m in range(modules):
        lines = [f"from pkg.mod{(m * 7 + 3) % modules} import *", ""]
        for f in range(functions):
            callee = f"function_number_{(f + m) % functions}_of_mod{(m * 7 + 3) % modules}"
            lines += [f"def function_number_{f}_of_mod{m}(alpha, beta, gamma=None):",
                      f"    return {callee}(alpha, beta)", ""]
        lines += [f"class Handler{m}:", "    def handle_request(self, request):",
                  f"        return function_number_0_of_mod{m}(request, self)", ""]
        (pkg / f"mod{m}.py").write_text("\n".join(lines))
    index_workspace(root)
    return root


# -- output --------------------------------------------------------------------------------------

def test_golden_map(mapdemo, golden):
    golden("repomap_mapdemo_120.txt", repomap.build_map(mapdemo, 120).text)
    golden("repomap_mapdemo_full.txt", repomap.build_map(mapdemo, 4096).text)


def test_map_lists_important_files_first_and_cuts_long_lines(mapdemo):
    m = repomap.build_map(mapdemo, 40)
    assert m.files[:2] == [{"file": "README.md", "score": None, "important": True},
                           {"file": "pyproject.toml", "score": None, "important": True}]
    full = repomap.build_map(mapdemo, 4096).text
    assert "restock_from_supplier_with_a_very_long_method_name" in full
    assert max(len(line) for line in full.splitlines()) <= repomap.MAX_LINE


def test_methods_are_drawn_under_their_class_without_bodies(mapdemo):
    text = repomap.build_map(mapdemo, 4096).text
    lines = text.splitlines()
    at = lines.index("    class Warehouse")
    assert lines[at + 1] == "        def __init__(self, name)"
    assert "return" not in text and "self.items" not in text


def test_line_numbers_only_when_asked(mapdemo):
    plain = repomap.build_map(mapdemo, 4096).text
    numbered = repomap.build_map(mapdemo, 4096, line_numbers=True).text
    assert "    20: class Warehouse" in numbered.splitlines()
    assert ": class" not in plain


def test_map_is_drawn_from_the_index_without_reading_sources(mapdemo):
    before = repomap.build_map(mapdemo, 4096).text
    shutil.rmtree(mapdemo / "inventory")                     # the map must not need the files
    assert repomap.build_map(mapdemo, 4096).text == before


# -- ranking -------------------------------------------------------------------------------------

def test_focus_moves_what_the_focus_file_references_up(mapdemo):
    plain = _ranked_symbols(repomap.build_map(mapdemo, 4096))
    focused = repomap.build_map(mapdemo, 4096, focus=["inventory/cli.py"])
    ranked = _ranked_symbols(focused)
    assert focused.focus == ["inventory/cli.py"]
    assert not any(s.startswith("inventory.cli.") for s in ranked)      # the focus file itself is left out
    used = ("inventory.storage.open_storage", "inventory.reports.stock_report", "inventory.reports.value_report",
            "inventory.pricing.PriceList")                     # what cli.py calls
    for name in used:
        assert ranked.index(name) < plain.index(name)
    assert max(ranked.index(n) for n in used) < 10 <= min(plain.index(n) for n in used)


def test_mention_moves_its_definitions_up(mapdemo):
    plain = _ranked_symbols(repomap.build_map(mapdemo, 4096))
    for name in ("inventory.util.chunked", "inventory.util.slugify", "inventory.pricing.PriceList.lookup"):
        mentioned = _ranked_symbols(repomap.build_map(mapdemo, 4096, mentions=[name.rsplit(".", 1)[1]]))
        assert mentioned.index(name) <= plain.index(name) - 5      # ×10 on every reference to it


def test_mentioned_file_name_personalizes_the_rank(mapdemo):
    plain = _ranked_symbols(repomap.build_map(mapdemo, 4096))
    by_path = _ranked_symbols(repomap.build_map(mapdemo, 4096, mentions=["reports"]))
    assert by_path.index("inventory.pricing.price_with_tax") < plain.index("inventory.pricing.price_with_tax")


def test_focus_must_be_an_indexed_file(mapdemo, tmp_path):
    with pytest.raises(BadArgumentError, match="not an indexed file"):
        repomap.build_map(mapdemo, 1024, focus=["inventory/nope.py"])
    with pytest.raises(BadArgumentError, match="not inside the workspace"):
        repomap.build_map(mapdemo, 1024, focus=[str(tmp_path)])
    with pytest.raises(BadArgumentError, match="at least 1"):
        repomap.build_map(mapdemo, 0)
    abs_focus = repomap.build_map(mapdemo, 1024, focus=[str(mapdemo / "inventory" / "cli.py")])
    assert abs_focus.focus == ["inventory/cli.py"]


def test_pagerank_matches_a_plain_power_iteration():
    rng = np.random.default_rng(7)
    n, e = 40, 300
    src, dst, w = rng.integers(0, n, e), rng.integers(0, n, e), rng.random(e) * 3
    src[:5] = 39                                        # node 39 has out-edges; node 38 stays dangling
    dst[dst == 38], src[src == 38] = 0, 0
    pers = np.zeros(n)
    pers[[1, 2]] = [1.0, 3.0]
    for p in (None, pers):
        q = np.full(n, 1.0 / n) if p is None else p / p.sum()
        x = np.full(n, 1.0 / n)
        for _ in range(500):                           # the textbook definition, one node at a time
            nxt = np.zeros(n)
            out = np.zeros(n)
            for a, wt in zip(src, w):
                out[a] += wt
            for a, b, wt in zip(src, dst, w):
                nxt[b] += 0.85 * x[a] * wt / out[a]
            nxt += 0.85 * sum(x[i] for i in range(n) if out[i] == 0) * q + 0.15 * q
            x = nxt
        got = pagerank(n, src, dst, w, p, tol=1e-12, max_iter=1000)
        assert np.allclose(got, x, atol=1e-9) and abs(got.sum() - 1) < 1e-12


# -- budget --------------------------------------------------------------------------------------

@pytest.mark.parametrize("budget", [64, 256, 1000, 2048])
def test_budget_is_respected_within_15_percent(tmp_path, budget):
    root = _big_repo(tmp_path)
    m = repomap.build_map(root, budget)
    assert m.tokens <= budget * 1.15
    assert m.tokens >= budget * 0.5                     # the repo is larger than the budget: it is used
    assert abs(count_tokens(m.text) - m.tokens) <= 0.02 * m.tokens + 2


def test_max_context_grows_the_map_only_without_focus(mapdemo):
    assert repomap.map_budget(1024, False, 32_000) == 8192
    assert repomap.map_budget(1024, False, 6000) == 6000 - 4096
    assert repomap.map_budget(1024, False, 3000) == 1024
    assert repomap.map_budget(1024, True, 32_000) == 1024
    assert repomap.map_budget(1024, False, None) == 1024
    assert repomap.build_map(mapdemo, 50, max_context=4096 + 400).budget == 400


def test_token_estimate_is_close_to_cl100k_on_code_lines():
    # counts measured with tiktoken's cl100k_base (benchmarks/calibrate_tokens.py)
    samples = {
        "django/db/models/query.py:\n": 6,
        "    class QuerySet(AltersData)\n": 9,
        "        def filter(self, *args, **kwargs)\n": 11,
        "    def stream_with_context( generator_or_function: t.Callable[..., t.Iterator[t.AnyStr]],\n": 20,
        "shop/payments/refund.py:\n    def process_refund(order, amount)\n    class RefundService\n"
        "        def refund_all(self, orders)\n": 30,
    }
    total = sum(samples.values())
    assert abs(sum(count_tokens(t) for t in samples) - total) <= 0.1 * total
    assert count_tokens("") == 0


# -- determinism and persistence -------------------------------------------------------------------

def test_map_is_byte_identical_across_processes_and_index_histories(tmp_path):
    a = copy_repo("mapdemo", tmp_path / "a")
    b = copy_repo("mapdemo", tmp_path / "b")
    index_workspace(a)
    target = b / "inventory" / "pricing.py"
    original = target.read_text()
    index_workspace(b)                                   # b's symbols get other ids: edited, then restored
    target.write_text(original.replace("def apply_discount", "def apply_rebate"))
    index_workspace(b)
    target.write_text(original)
    os.utime(target, ns=(1, 1))
    index_workspace(b)
    args = ("map", "--tokens", "150", "--mention", "lookup", "--focus", "inventory/cli.py")
    outs = [run_cli(*args, cwd=root, check=True).stdout for root in (a, a, b)]
    assert outs[0] == outs[1] == outs[2] and outs[0].strip()
    assert repomap.build_map(a, 150).text == repomap.build_map(b, 150).text


def test_ranks_are_stored_and_recomputed_only_when_the_graph_changes(mapdemo):
    first = repomap.build_map(mapdemo, 4096)
    graph_v = _meta(mapdemo, "graph_version")
    assert graph_v is not None and _meta(mapdemo, "map_version") == graph_v
    conn = open_reader(mapdemo)
    assert maprank.stored_ranking(conn, 5) is not None
    os.utime(mapdemo / "inventory" / "util.py", ns=(10**18, 10**18))   # touched, content unchanged
    index_workspace(mapdemo)
    assert _meta(mapdemo, "graph_version") == graph_v
    assert repomap.build_map(mapdemo, 4096).text == first.text
    reports = mapdemo / "inventory" / "reports.py"
    reports.write_text(reports.read_text() + "\n\ndef extra(w):\n    return [_clamp(x, 0, 1) for x in chunked(w, 2)]\n"
                       "\n\nfrom inventory.util import _clamp, chunked\n")
    index_workspace(mapdemo)
    assert _meta(mapdemo, "graph_version") != graph_v
    assert maprank.stored_ranking(open_reader(mapdemo), 5) is None       # stale: not used
    second = repomap.build_map(mapdemo, 4096)
    assert _meta(mapdemo, "map_version") == _meta(mapdemo, "graph_version")
    assert _ranked_symbols(second).index("inventory.util.chunked") < _ranked_symbols(first).index(
        "inventory.util.chunked")


# -- command line ----------------------------------------------------------------------------------

def test_cli_map_text_json_and_errors(mapdemo):
    text = run_cli("map", "--tokens", "120", cwd=mapdemo, check=True).stdout
    assert text == repomap.build_map(mapdemo, 120).text
    doc = json.loads(run_cli("map", "--tokens", "120", "--json", "--mention", "slugify", cwd=mapdemo,
                             check=True).stdout)
    assert doc["mentions"] == ["slugify"] and doc["budget"] == 120 and doc["tokens"] <= 138
    assert doc["map"].startswith("README.md\n") and "slugify" in doc["map"]
    ranks = [d["rank"] for d in doc["definitions"]]
    scores = [d["score"] for d in doc["definitions"]]
    assert ranks == sorted(ranks) and scores == sorted(scores, reverse=True) and scores[-1] > 0
    assert {"symbol", "kind", "file", "start_line", "end_line", "signature"} <= set(doc["definitions"][0])
    bad = run_cli("map", "--focus", "missing.py", cwd=mapdemo)
    assert bad.returncode == 1 and "error: Invalid argument: --focus missing.py" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_mcp_repo_map_tool(mapdemo, tmp_path):
    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    async def main():
        params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp", "--root", str(mapdemo)],
                                       env={"PYTHONUTF8": "1", "PATH": os.environ.get("PATH", "")}, cwd=str(mapdemo))
        with open(tmp_path / "server.log", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=120) as session:
                    await session.initialize()
                    tools = {t.name: t for t in (await session.list_tools()).tools}
                    ok = await session.call_tool("repo_map", {"max_tokens": 200, "focus": ["inventory/cli.py"],
                                                              "mentions": ["lookup"]})
                    bad = await session.call_tool("repo_map", {"focus": ["../outside.py"]})
                    return tools["repo_map"], ok, bad

    tool, ok, bad = anyio.run(main)
    assert tool.annotations.read_only_hint is True and "PageRank" in tool.description
    expected = repomap.build_map(mapdemo, 200, focus=["inventory/cli.py"], mentions=["lookup"])
    assert ok.content[0].text == expected.text
    assert ok.structured_content["definitions"][0]["symbol"] == expected.definitions[0]["symbol"]
    assert bad.is_error and "outside" in bad.content[0].text


def test_map_and_token_counts_need_no_network(mapdemo):
    script = ("import socket, sys\n"
              "def refuse(*a, **k):\n    raise OSError('network blocked')\n"
              "socket.socket.connect = socket.create_connection = socket.getaddrinfo = refuse\n"
              "from pathlib import Path\nfrom graphmind.query import repomap\n"
              "m = repomap.build_map(Path(sys.argv[1]), 300, mentions=['lookup'])\n"
              "print(m.tokens, len(m.definitions))\n")
    import subprocess
    proc = subprocess.run([sys.executable, "-c", script, str(mapdemo)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    tokens, defs = map(int, proc.stdout.split())
    assert 0 < tokens <= 345 and defs > 10


def test_map_is_answered_while_another_process_holds_the_write_lock(mapdemo):
    from graphmind.store import Store
    expected = repomap.build_map(mapdemo, 300).text
    (mapdemo / "inventory" / "extra.py").write_text("from inventory.util import chunked\n\n\n"
                                                    "def split(xs):\n    return chunked(xs, 3)\n")
    index_workspace(mapdemo)                              # the stored ranks are now stale
    writer = Store(mapdemo)
    writer.conn.execute("BEGIN IMMEDIATE")                # a writer (the daemon) mid-transaction
    try:
        m = repomap.build_map(mapdemo, 300)               # ranks computed in memory, not stored
    finally:
        writer.conn.execute("ROLLBACK")
        writer.close()
    assert m.text and m.text != expected and "inventory/extra.py" in repomap.build_map(mapdemo, 4096).text
    assert _meta(mapdemo, "map_version") == _meta(mapdemo, "graph_version")   # stored by the later call


def test_maps_stay_whole_while_a_thread_keeps_reindexing(mapdemo):
    import threading
    target = mapdemo / "inventory" / "pricing.py"
    original = target.read_text()
    errors: list[BaseException] = []

    def writer():
        try:
            for i in range(6):
                target.write_text(original + f"\n\ndef added_{i}(price):\n    return price_with_tax(price)\n")
                index_workspace(mapdemo)
        except BaseException as exc:          # noqa: BLE001 - reported by the test
            errors.append(exc)

    thread = threading.Thread(target=writer)
    thread.start()
    maps = []
    while thread.is_alive() or not maps:
        maps.append(repomap.build_map(mapdemo, 200, mentions=["lookup"] if len(maps) % 2 else []))
    thread.join()
    assert not errors and all(m.text.startswith("README.md\n") and m.definitions for m in maps)
    assert "added_5" in repomap.build_map(mapdemo, 4096).text
