"""Search on the shop fixture: names first, words through docstrings and comments, filters, the
lexical rows kept in step with the graph, the CLI. Real index files, real subprocesses."""
from __future__ import annotations

import json
import shutil
import subprocess
import threading
import time

import pytest
from conftest import run_cli

from graphmind.query import recency
from graphmind.index.docstrings import comment_above, module_doc, python_docstring
from graphmind.errors import BadArgumentError
from graphmind.index.indexer import index_workspace
from graphmind.query.search import search
from graphmind.store.searchindex import fold_name, split_words
from graphmind.query.searchquery import parse_query
from graphmind.store import open_reader

SHIPPING = '''"""Shipping: labels, rates and carriers."""


def retry_with_backoff(fn, attempts=5):
    """Call fn again after an exponentially growing pause when it raises."""
    return fn()


class CarrierRegistry:
    # Keeps every known carrier by its code.
    def lookup(self, code):
        return code
'''

LABELS_JS = '''// Parses a printed shipping label into its barcode parts.
function parseShippingLabel(text) {
  return text.split("|");
}
'''


@pytest.fixture
def shop_plus(shop):
    """The shop fixture plus a documented Python module and a JavaScript file, indexed."""
    (shop / "shop" / "shipping.py").write_text(SHIPPING)
    (shop / "web").mkdir()
    (shop / "web" / "labels.js").write_text(LABELS_JS)
    index_workspace(shop)
    return shop


def names(results) -> list[str]:
    return [r.qualname for r in results]


def test_words_and_folded_names():
    assert split_words("parseHttpRequest") == "parse Http Request"
    assert split_words("HTTPServer_x") == "HTTP Server_x"
    assert {fold_name(n) for n in ("parse_http_request", "parseHttpRequest", "ParseHTTPRequest", "parse-http-request")} \
        == {"parsehttprequest"}
    assert parse_query("what breaks if url_for changes") == (["url_for"], ["url_for"])
    assert parse_query("retry with backoff") == (["retry", "backoff"], [])


def test_docstrings_and_leading_comments():
    src = SHIPPING.encode()
    assert module_doc("python", src) == "Shipping: labels, rates and carriers."
    body = src.index(b'"""Call')
    assert python_docstring(src, body) == "Call fn again after an exponentially growing pause when it raises."
    assert comment_above(src, src.index(b"    def lookup")) == "Keeps every known carrier by its code."
    js = LABELS_JS.encode()
    assert comment_above(js, js.index(b"function")) == "Parses a printed shipping label into its barcode parts."
    assert comment_above(b"x = 1\n\ndef f():\n    pass\n", 7) == ""


def test_exact_name_comes_first_then_its_callers(indexed_shop):
    conn = open_reader(indexed_shop)
    res = search(conn, "process_refund")
    assert res[0].qualname == "shop.payments.refund.process_refund" and res[0].match == "exact"
    callers = {r.qualname for r in res if r.match == "caller"}
    assert callers == {"shop.api.Handler.quick", "shop.payments.refund.RefundService.refund_one",
                       "shop.util.audit.wrapper"}                 # @audit's wrapper calls what it wraps
    assert "caller" not in {r.match for r in search(conn, "process_refund", graph=False)}
    assert res[0].line() == ("function shop.payments.refund.process_refund shop/payments/refund.py:10 "
                             "def process_refund(order, amount)")


def test_naming_conventions_dotted_names_and_case(indexed_shop):
    conn = open_reader(indexed_shop)
    for query in ("processRefund", "ProcessRefund", "PROCESS_REFUND", "process-refund"):
        assert search(conn, query)[0].qualname == "shop.payments.refund.process_refund", query
    assert search(conn, "RefundService.refund_one")[0].qualname == "shop.payments.refund.RefundService.refund_one"
    assert search(conn, "refundservice")[0].qualname == "shop.payments.refund.RefundService"


def test_prefix_substring_and_near_miss(indexed_shop):
    conn = open_reader(indexed_shop)
    res = search(conn, "refund_")
    assert {"shop.payments.refund.RefundService.refund_all", "shop.payments.refund.RefundService.refund_one"} \
        <= {r.qualname for r in res if r.match == "prefix"}
    assert "shop.payments.refund.process_refund" in names(search(conn, "fund"))
    fuzzy = search(conn, "proces_refnd")
    assert fuzzy[0].qualname == "shop.payments.refund.process_refund" and fuzzy[0].match == "fuzzy"
    assert search(conn, "zzqxv") == []
    assert names(search(conn, "foo"))[0] == "shop.util.foo"          # foo before foobar


def test_words_find_docstrings_and_comments(shop_plus):
    conn = open_reader(shop_plus)
    assert search(conn, "pause when it raises")[0].qualname == "shop.shipping.retry_with_backoff"
    assert search(conn, "exponentially growing pause")[0].qualname == "shop.shipping.retry_with_backoff"
    assert search(conn, "known carrier codes")[0].qualname == "shop.shipping.CarrierRegistry.lookup"
    assert search(conn, "barcode of a shipping label")[0].qualname == "web.labels.parseShippingLabel"
    assert search(conn, "parse_shipping_label")[0].match == "exact"
    assert search(conn, "labels rates carriers")[0].qualname == "shop.shipping"


def test_kind_file_and_limit_filters(shop_plus):
    conn = open_reader(shop_plus)
    assert {r.kind for r in search(conn, "refund", kind="method")} == {"method"}
    in_dir = search(conn, "refund", file="shop/payments")
    assert in_dir and all(r.file == "shop/payments/refund.py" for r in in_dir)
    assert {r.file for r in search(conn, "label", file="web/*.js")} == {"web/labels.js"}
    assert all(r.file == "shop/api.py" for r in search(conn, "process_refund", file="shop/api.py"))
    assert search(conn, "quick", file="shop/api.py")[0].qualname == "shop.api.Handler.quick"
    assert search(conn, "quick", file="shop/payments") == []
    assert len(search(conn, "refund", limit=2)) == 2
    with pytest.raises(BadArgumentError):
        search(conn, "refund", limit=0)
    with pytest.raises(BadArgumentError):
        search(conn, " ?! ")


def test_results_are_unique(shop_plus):
    conn = open_reader(shop_plus)
    for query in ("refund", "validate", "retry backoff", "shop"):
        res = search(conn, query, limit=50)
        assert len({r.id for r in res}) == len(res)
        assert len({(r.qualname, r.file) for r in res}) == len(res)


def test_lexical_rows_follow_the_graph(shop_plus):
    path = shop_plus / "shop" / "shipping.py"
    path.write_text(SHIPPING.replace("retry_with_backoff", "resend_later").replace("exponentially", "linearly"))
    index_workspace(shop_plus)
    conn = open_reader(shop_plus)
    assert "shop.shipping.retry_with_backoff" not in names(search(conn, "retry_with_backoff"))
    assert search(conn, "linearly growing pause")[0].qualname == "shop.shipping.resend_later"
    assert "shop.shipping.resend_later" not in names(search(conn, "exponentially"))
    path.unlink()
    index_workspace(shop_plus)
    conn = open_reader(shop_plus)
    assert not any(r.file == "shop/shipping.py" for r in search(conn, "resend_later carrier shipping", limit=50))
    symbols = conn.execute("SELECT count(*) FROM symbols").fetchone()[0]
    assert conn.execute("SELECT count(*) FROM search_text").fetchone()[0] == symbols
    assert conn.execute("SELECT count(*) FROM search_names").fetchone()[0] == symbols
    assert conn.execute("SELECT count(*) FROM search_paths").fetchone()[0] == \
        conn.execute("SELECT count(DISTINCT file_id) FROM symbols").fetchone()[0]


def test_secret_files_never_searchable(indexed_shop):
    assert (indexed_shop / ".env.sh").exists()
    conn = open_reader(indexed_shop)
    assert not any(".env" in r.file for r in search(conn, "SECRET", limit=50))
    assert conn.execute("SELECT count(*) FROM search_paths WHERE search_paths MATCH '\"env\"'").fetchone()[0] == 0


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_recently_changed_files_from_git(shop_plus):
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=shop_plus, check=True)
    subprocess.run([*git, "add", "-A"], cwd=shop_plus, check=True)
    subprocess.run([*git, "commit", "-qm", "x"], cwd=shop_plus, check=True)
    (shop_plus / "shop" / "orders.py").write_text((shop_plus / "shop" / "orders.py").read_text() + "\n")
    index_workspace(shop_plus)
    recency._cache.clear()
    recency._git.clear()
    recent = recency.recent_files(open_reader(shop_plus), shop_plus)
    assert set(recent) == {"shop/orders.py"}


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_an_expired_git_answer_is_used_while_git_is_asked_again_off_the_request(shop_plus, monkeypatch):
    """A search whose recency cache expired does not wait for two git processes: it uses the last
    answer, and the next searches see git's new one."""
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "x"]):
        subprocess.run([*git, *args], cwd=shop_plus, check=True)
    (shop_plus / "shop" / "orders.py").write_text((shop_plus / "shop" / "orders.py").read_text() + "\n")
    conn = open_reader(shop_plus)
    recency._cache.clear()
    recency._git.clear()
    assert set(recency.recent_files(conn, shop_plus)) == {"shop/orders.py"}
    (shop_plus / "shop" / "shipping.py").write_text((shop_plus / "shop" / "shipping.py").read_text() + "\n")
    monkeypatch.setattr(recency, "CACHE_SECONDS", 0.0)
    assert set(recency.recent_files(conn, shop_plus)) == {"shop/orders.py"}     # the last answer, at once
    deadline = time.monotonic() + 30
    while set(recency.recent_files(conn, shop_plus)) != {"shop/orders.py", "shop/shipping.py"}:
        assert time.monotonic() < deadline, "git was not asked again"
        time.sleep(0.05)
    for t in threading.enumerate():
        if t.name == "graphmind-recency":
            t.join(10)


def test_recency_signal_reorders_text_matches(shop_plus):
    conn = open_reader(shop_plus)
    plain = names(search(conn, "validate order", graph=False))
    assert plain.index("shop.orders.validate") < plain.index("shop.payments.refund.validate")
    recent = names(search(conn, "validate order", graph=False, recent={"shop/payments/refund.py": 1}))
    assert recent.index("shop.payments.refund.validate") < recent.index("shop.orders.validate")


def test_cli_search(shop_plus):
    run_cli("index", cwd=shop_plus, check=True)
    proc = run_cli("search", "refund", "--kind", "function", cwd=shop_plus, check=True)
    assert proc.stdout.splitlines()[0] == ("function shop.payments.refund.process_refund "
                                           "shop/payments/refund.py:10 def process_refund(order, amount)")
    doc = json.loads(run_cli("search", "pause when it raises", "--json", "--limit", "3", cwd=shop_plus,
                             check=True).stdout)
    assert doc["query"] == "pause when it raises" and len(doc["results"]) <= 3
    top = doc["results"][0]
    assert (top["symbol"], top["kind"], top["file"], top["start_line"]) == \
        ("shop.shipping.retry_with_backoff", "function", "shop/shipping.py", 4)
    assert set(top) == {"symbol", "kind", "file", "start_line", "end_line", "signature", "match", "score", "stale"}
    assert "no definition matches" in run_cli("search", "zzqxv", cwd=shop_plus, check=True).stdout
    bad = run_cli("search", "refund", "--limit", "0", cwd=shop_plus)
    assert bad.returncode == 1 and bad.stderr.startswith("error: Invalid argument: limit must be at least 1")


def test_status_reports_search_index_size(shop_plus):
    doc = json.loads(run_cli("status", "--json", cwd=shop_plus, check=True).stdout)
    assert doc["search_index"]["rows"] == doc["symbols"] + doc["files"] - 1      # + one module symbol per parsed file
    assert doc["search_index"]["bytes"] > 0 and set(doc["search_index"]["tables"]) == \
        {"search_text", "search_names", "search_paths"}
    assert "search index:" in run_cli("status", cwd=shop_plus, check=True).stdout


def test_mcp_search_tool(shop_plus, tmp_path):
    import os
    import sys

    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp", "--root", str(shop_plus)],
                                   env={"PYTHONUTF8": "1", "PATH": os.environ.get("PATH", "")}, cwd=str(shop_plus))

    async def main():
        with open(tmp_path / "server.log", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=120) as session:
                    await session.initialize()
                    tools = {t.name: t for t in (await session.list_tools()).tools}
                    found = await session.call_tool("search", {"query": "pause when it raises", "limit": 3})
                    filtered = await session.call_tool("search", {"query": "refund", "kind": "method",
                                                                  "file": "shop/payments"})
                    outside = await session.call_tool("search", {"query": "refund", "file": "../elsewhere"})
                    return tools, found, filtered, outside

    tools, found, filtered, outside = anyio.run(main)
    assert tools["search"].annotations.read_only_hint is True and len(tools["search"].description) > 120
    assert not found.is_error
    assert "function shop.shipping.retry_with_backoff shop/shipping.py:4" in found.content[0].text
    assert found.structured_content["results"][0]["symbol"] == "shop.shipping.retry_with_backoff"
    rows = filtered.structured_content["results"]
    assert rows and {(r["kind"], r["file"]) for r in rows} == {("method", "shop/payments/refund.py")}
    assert outside.is_error and "'..'" in outside.content[0].text


def test_unknown_kind_is_a_clear_error(indexed_shop):
    with pytest.raises(BadArgumentError, match="no symbol of kind 'functon' is indexed .kinds: .*function"):
        search(open_reader(indexed_shop), "refund", kind="functon")
