"""`graphmind lsp` driven by a real LSP client over stdio (tests/lspkit.py) against a real index: the
answers equal the CLI's (`callers`, `callees`, `blast-radius --depth 1`), unsaved edits keep positions
right, bad input gets empty answers or protocol errors, and shutdown/exit end the process."""
from __future__ import annotations

import json
import random

import pytest

from conftest import run_cli
from lspkit import Client, LspError, uri

REFUND = "shop/payments/refund.py"


def _line_of(path, text: str) -> tuple[int, int]:
    """(0-based line, character) of the first occurrence of text in a file."""
    for n, line in enumerate(path.read_text().splitlines()):
        if text in line:
            return n, line.index(text)
    raise AssertionError(f"{text!r} not in {path}")


def _cli_rows(root, *args) -> list[dict]:
    doc = json.loads(run_cli(*args, "--json", cwd=root, check=True).stdout)
    return doc.get("callers") or doc.get("callees") or doc.get("dependants") or []


def _rel(root, u: str) -> str:
    return u.split(str(root.resolve()) + "/", 1)[1]


@pytest.fixture
def lsp(indexed_shop):
    client = Client(indexed_shop, "--no-daemon")
    client.initialize(indexed_shop)
    yield client, indexed_shop
    client.close()


def test_call_hierarchy_equals_callers_and_callees(lsp):
    client, root = lsp
    u = client.open(root / REFUND)
    line, char = _line_of(root / REFUND, "def process_refund")
    items = client.at("textDocument/prepareCallHierarchy", u, line, char + 6)
    assert [i["name"] for i in items] == ["process_refund"]
    assert items[0]["selectionRange"]["start"] == {"line": line, "character": char + 4}
    incoming = client.request("callHierarchy/incomingCalls", {"item": items[0]})
    got = {(_rel(root, c["from"]["uri"]), c["from"]["range"]["start"]["line"] + 1) for c in incoming}
    want = {(r["file"], r["start_line"]) for r in _cli_rows(root, "callers", "shop.payments.refund.process_refund")}
    assert got == want and len(want) == 3
    for call in incoming:                           # every fromRange is a calling line the CLI names
        caller = next(r for r in _cli_rows(root, "callers", "shop.payments.refund.process_refund")
                      if r["start_line"] == call["from"]["range"]["start"]["line"] + 1)
        assert {r["start"]["line"] + 1 for r in call["fromRanges"]} == set(caller["call_lines"])
    quick = next(c for c in incoming if c["from"]["name"] == "quick")
    api = (root / "shop/api.py").read_text().splitlines()
    r = quick["fromRanges"][0]
    assert api[r["start"]["line"]][r["start"]["character"]:r["end"]["character"]] == "process_refund"
    outgoing = client.request("callHierarchy/outgoingCalls", {"item": items[0]})
    got = {(_rel(root, c["to"]["uri"]), c["to"]["range"]["start"]["line"] + 1) for c in outgoing}
    want = {(r["file"], r["start_line"]) for r in _cli_rows(root, "callees", "shop.payments.refund.process_refund")}
    assert got == want and want


def test_references_equal_blast_radius_at_depth_one(lsp):
    client, root = lsp
    u = client.open(root / REFUND)
    line, char = _line_of(root / REFUND, "def process_refund")
    refs = client.at("textDocument/references", u, line, char + 5, context={"includeDeclaration": False})
    rows = _cli_rows(root, "blast-radius", "shop.payments.refund.process_refund", "--depth", "1")
    assert rows
    for row in rows:                   # each dependant has a location inside its lines
        assert any(_rel(root, x["uri"]) == row["file"]
                   and row["start_line"] <= x["range"]["start"]["line"] + 1 <= row["end_line"] for x in refs), row
    for x in refs:                     # and nothing else is named
        assert any(_rel(root, x["uri"]) == row["file"]
                   and row["start_line"] <= x["range"]["start"]["line"] + 1 <= row["end_line"] for row in rows), x
    with_decl = client.at("textDocument/references", u, line, char + 5, context={"includeDeclaration": True})
    assert len(with_decl) == len(refs) + 1 and _rel(root, with_decl[0]["uri"]) == REFUND


def test_definition_hover_symbols_and_lenses(lsp):
    client, root = lsp
    api = client.open(root / "shop/api.py")
    line, char = _line_of(root / "shop/api.py", "return process_refund(")
    found = client.at("textDocument/definition", api, line, char + len("return ") + 3)
    assert [(_rel(root, d["uri"]), d["range"]["start"]["line"] + 1) for d in found] == [(REFUND, 10)]
    hover = client.at("textDocument/hover", api, line, char + len("return ") + 3)
    assert "def process_refund(order, amount)" in hover["contents"]["value"]
    assert "3 callers" in hover["contents"]["value"]
    assert client.at("textDocument/definition", api, line, 0) is None           # whitespace names nothing
    u = client.open(root / REFUND)
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": u}})
    service = next(s for s in symbols if s["name"] == "RefundService")
    assert {c["name"] for c in service["children"]} >= {"refund_all", "refund_one"}
    assert "process_refund" in {s["name"] for s in symbols}
    found = client.request("workspace/symbol", {"query": "process_ref"})
    assert found[0]["name"] == "process_refund" and _rel(root, found[0]["location"]["uri"]) == REFUND
    lenses = client.request("textDocument/codeLens", {"textDocument": {"uri": u}})
    line, _ = _line_of(root / REFUND, "def process_refund")
    lens = next(x for x in lenses if x["range"]["start"]["line"] == line)
    title = client.request("codeLens/resolve", lens)["command"]["title"]
    named = json.loads(run_cli("impact", f"{REFUND}:10", "--json", "--no-coverage", cwd=root, check=True).stdout)
    tests = sum(1 for t in named["tests"] if isinstance(t, str))         # the `reaches` ones
    assert title == f"3 callers · {tests} test" + ("" if tests == 1 else "s")


def test_unsaved_edits_keep_answers_on_the_buffers_lines(lsp):
    client, root = lsp
    path = root / "shop/api.py"
    api = client.open(path)
    text = path.read_text()
    client.notify("textDocument/didChange", {"textDocument": {"uri": api, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
         "text": "# one\n# two\n# three\n"}]})
    line, char = _line_of(path, "return process_refund(")
    found = client.at("textDocument/definition", api, line + 3, char + len("return ") + 3)
    assert [(_rel(root, d["uri"]), d["range"]["start"]["line"] + 1) for d in found] == [(REFUND, 10)]
    assert client.at("textDocument/definition", api, 1, 2) is None          # a typed line names nothing saved
    u = client.open(root / REFUND)
    dline, dchar = _line_of(root / REFUND, "def process_refund")
    refs = client.at("textDocument/references", u, dline, dchar + 5, context={"includeDeclaration": False})
    in_api = [x["range"]["start"]["line"] for x in refs if x["uri"] == api]
    assert line + 3 in in_api                                 # the calling line, where the buffer has it now
    assert path.read_text() == text                            # nothing saved


def test_bad_input_gets_empty_answers_or_protocol_errors(indexed_shop, tmp_path):
    root = indexed_shop
    client = Client(root, "--no-daemon")
    try:
        with pytest.raises(LspError) as err:
            client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(root / REFUND)}})
        assert err.value.code == -32002                        # ServerNotInitialized
        client.initialize(root)
        outside = tmp_path / "elsewhere.py"
        outside.write_text("def f():\n    pass\n")
        assert client.at("textDocument/definition", uri(outside), 0, 4) is None
        assert client.at("textDocument/definition", "untitled:Untitled-1", 0, 0) is None
        assert client.at("textDocument/prepareCallHierarchy", uri(root / REFUND), 10_000, 3) is None
        assert client.at("textDocument/references", uri(root / "README.md"), 0, 0,
                         context={"includeDeclaration": True}) == []
        assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(root / "nope.py")}}) == []
        assert client.request("callHierarchy/incomingCalls", {"item": {
            "name": "x", "kind": 12, "uri": uri(root / REFUND), "data": {"id": 10**9},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "selectionRange": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}}) == []
        with pytest.raises(LspError):
            client.request("textDocument/definition", {"textDocument": {"uri": 3}, "position": "x"})
        assert client.request("workspace/symbol", {"query": ""}) == []
    finally:
        assert client.close() == 0


def test_exit_ends_the_server_and_the_daemon_it_ran(shop):
    """With the default --daemon, the first answer indexes the workspace through a daemon run in the
    server's process; shutdown + exit end both, and the write lock is free again."""
    client = Client(shop)
    client.initialize(shop)
    u = client.open(shop / REFUND)
    line, char = _line_of(shop / REFUND, "def process_refund")
    assert client.at("textDocument/prepareCallHierarchy", u, line, char + 5)[0]["name"] == "process_refund"
    assert client.close() == 0
    assert run_cli("daemon", "status", cwd=shop).returncode == 3           # not running


def test_incoming_calls_equal_callers_on_flask(tmp_path):
    """The pinned real project (Flask 3.1.2, fetched by scripts/fetch_corpora.py): 25 random functions."""
    import shutil
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent.parent / "scripts"))
    from fetch_corpora import corpus_path
    src = corpus_path("flask")
    if not src.is_dir():
        pytest.skip("the Flask corpus is not fetched (python scripts/fetch_corpora.py flask)")
    root = tmp_path / "flask"
    shutil.copytree(src, root)
    run_cli("index", ".", cwd=root, check=True)
    client = Client(root, "--no-daemon")
    client.initialize(root)
    try:
        import apsw
        conn = apsw.Connection(str(root / ".graphmind" / "index.db"), flags=apsw.SQLITE_OPEN_READONLY)
        rows = list(conn.execute("SELECT s.qualname, f.path, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id"
                                 " WHERE s.kind IN ('function', 'method') AND f.path LIKE 'src/%' ORDER BY s.id"))
        conn.close()
        compared = 0
        for qual, path, start in random.Random(7).sample(rows, 25):
            u = uri(root / path)
            items = client.request("textDocument/prepareCallHierarchy", {
                "textDocument": {"uri": u}, "position": {"line": start - 1, "character": 0}})
            assert items, (qual, path, start)
            incoming = client.request("callHierarchy/incomingCalls", {"item": items[0]})
            got = {(_rel(root, c["from"]["uri"]), c["from"]["range"]["start"]["line"] + 1) for c in incoming}
            want = {(r["file"], r["start_line"]) for r in _cli_rows(root, "callers", f"{path}:{start}")}
            assert got == want, qual
            compared += bool(want)
        assert compared >= 5                         # the sample is not all uncalled functions
    finally:
        client.close()
