"""The generic fallback (definitions for grammars without a query of ours), status levels, and a
mixed repository: Python, Go and Dart in one index, never resolved across languages."""
from __future__ import annotations

import json
import shutil

import pytest

from graphmind import languages
from graphmind.index import generic
from graphmind.index import parser
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader
from langcases import REPOS, edges
from conftest import run_cli


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    root = tmp_path_factory.mktemp("mixed") / "repo"
    shutil.copytree(REPOS / "go_shop", root / "tools")
    (root / "service").mkdir()
    (root / "service" / "api.py").write_text(
        "def check(item):\n    return bool(item)\n\n\ndef handle(item):\n    check(item)\n    Add(item)\n")
    (root / "app").mkdir()
    (root / "app" / "cart.dart").write_text(
        "class Cart {\n  void add(String item) {\n    validate(item);\n  }\n\n"
        "  void validate(String item) {}\n}\n\nvoid main() {\n  Cart().add('x');\n}\n")
    index_workspace(root)
    return root


@pytest.mark.parametrize("name", ["dart", "haskell", "elixir", "solidity", "perl", "julia"])
def test_generic_query_compiles(name):
    """A sample (all 39 take ~15 s): the synthesized query finds definitions and compiles whole."""
    assert name in languages.GENERIC_NAMES
    assert "@definition." in parser.tags_source(name)
    parser.tags_query(name)                         # compiles as a whole


def test_definition_kind_is_read_from_node_kind_names():
    assert generic.definition_kind("class_definition") == "class"
    assert generic.definition_kind("function_declaration") == "function"
    assert generic.definition_kind("method_signature") == "method"
    assert generic.definition_kind("call_expression") is None
    assert generic.definition_kind("variable_declaration") is None


def test_mixed_repository_definitions(mixed):
    conn = open_reader(mixed)
    rows = dict(conn.execute("SELECT s.qualname, f.language FROM symbols s JOIN files f ON f.id = s.file_id"
                             " WHERE s.kind != 'module'"))
    assert rows["app.cart.Cart"] == "dart" and rows["app.cart.Cart.add"] == "dart"
    assert rows["app.cart.Cart.validate"] == "dart" and rows["app.cart.main"] == "dart"
    assert rows["service.api.handle"] == "python"
    assert rows["tools.store.Store.Add"] == "go"


def test_mixed_repository_never_resolves_across_languages(mixed):
    conn = open_reader(mixed)
    lang = dict(conn.execute("SELECT s.qualname, f.language FROM symbols s JOIN files f ON f.id = s.file_id"))
    for resolved in (True, False):
        for caller, target in edges(conn, resolved=resolved):
            assert lang[caller] == lang[target], (caller, target)
    # Python's Add() has no Python definition: Go's Store.Add is not a candidate
    assert conn.execute("SELECT resolution FROM calls c JOIN symbols s ON s.id = c.caller_id"
                        " WHERE s.qualname = 'service.api.handle' AND c.callee = 'Add'").fetchall() == [("unresolved",)]


def test_status_reports_levels(mixed):
    proc = run_cli("status", "--json", cwd=mixed, check=True)
    levels = {k: v["level"] for k, v in json.loads(proc.stdout)["languages"].items()}
    assert levels["dart"] == languages.GENERIC_LEVEL
    assert levels["go"].startswith("definitions, calls, imports (go.mod packages)")
    assert levels["python"].startswith("full")
    text = run_cli("status", cwd=mixed, check=True).stdout
    assert "dart: definitions only (generic fallback)" in text
