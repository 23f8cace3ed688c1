"""Pictures of answers: DOT parsed by Graphviz's own `dot`, Mermaid flowcharts, on the shop fixture."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import copy_repo, run_cli
from graphmind.views import Picture, to_dot, to_mermaid
from graphmind.views.picture import Edge, Node

TESTS_FILE = "from shop.payments.refund import process_refund\n\n\ndef test_refund():\n    process_refund(None, 1)\n"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed (.ci/run installs it)")


@pytest.fixture
def shop_with_tests(tmp_path):
    from graphmind.index.indexer import index_workspace
    root = copy_repo("shop", tmp_path)
    (root / "tests").mkdir()
    (root / "tests" / "test_shop.py").write_text(TESTS_FILE)
    index_workspace(root)
    return root


def _svg(dot_text: str) -> str:
    proc = subprocess.run(["dot", "-Tsvg"], input=dot_text, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and not proc.stderr.strip(), proc.stderr
    return proc.stdout


def _dot_edges(text: str) -> set[tuple[str, str]]:
    return set(re.findall(r'^\s*"([^"]+)" -> "([^"]+)"', text, re.M))


@needs_dot
@pytest.mark.parametrize("args, edge", [
    (("blast-radius", "shop.orders.validate"), ("shop.payments.refund.RefundService.refund_all",
                                                "shop.payments.refund.RefundService.refund_one")),
    (("callers", "shop.orders.validate"), ("shop.payments.refund.process_refund", "shop.orders.validate")),
    (("callees", "shop.payments.refund.process_refund", "--depth", "2"), ("shop.payments.refund.process_refund",
                                                                         "shop.orders.validate")),
    (("impact", "shop/payments/refund.py:10"), ("tests.test_shop.test_refund", "shop.payments.refund.process_refund")),
], ids=lambda a: a[0] if isinstance(a[0], str) and " " not in a[0] else "")
def test_dot_parses_with_graphviz_and_has_the_walks_edges(shop_with_tests, args, edge):
    proc = run_cli(*args, "--format", "dot", cwd=shop_with_tests, check=True)
    assert proc.stdout.startswith("digraph graphmind {")
    assert edge in _dot_edges(proc.stdout)
    svg = _svg(proc.stdout)
    assert "<svg" in svg and edge[0] in svg and edge[1] in svg


@pytest.mark.parametrize("command", ["blast-radius", "callers"])
def test_mermaid_is_a_flowchart_with_every_edge(shop_with_tests, command):
    text = run_cli(command, "shop.orders.validate", "--format", "mermaid", cwd=shop_with_tests, check=True).stdout
    dot = run_cli(command, "shop.orders.validate", "--format", "dot", cwd=shop_with_tests, check=True).stdout
    assert text.startswith("flowchart ")
    ids = dict((label.split("<br/>")[0], nid) for nid, label in re.findall(r'^\s*(n\d+)\["([^"]*)"\]', text, re.M))
    edges = set(re.findall(r"^\s*(n\d+) -(?:->|\.->)(?:\|[^|]*\|)? (n\d+)$", text, re.M))
    want = {(ids[a], ids[b]) for a, b in _dot_edges(dot)}
    assert want and edges == want


def test_odd_names_are_escaped_in_both_languages():
    odd = 'pkg.<lambda>"x"|[y]{z}'
    pic = Picture("a \"title\"", "up", [Node(odd, "function", "a b/c.py", 3, 4, "def f(x='\\\\')", 0, "target"),
                                         Node("m.caller", "method", "m.py", 1, 2, "def caller()", 1, "dependant")],
                  [Edge("m.caller", odd, ["call", "inherit"], [1]), Edge("m.caller", odd, ["call"], [2], possible=True)])
    mer = to_mermaid(pic)
    label = re.search(r'n0\["([^"]*)"\]', mer).group(1)
    assert not set(label.replace("<br/>", "")) & set('"<>|[]{}`')
    assert "#quot;" in label and "#lt;lambda#gt;" in label
    assert "n1 -->|inherit| n0" in mer and "n1 -.->|possible| n0" in mer
    dot = to_dot(pic)
    assert '"pkg.<lambda>\\"x\\"|[y]{z}"' in dot
    if shutil.which("dot"):
        assert "lambda" in _svg(dot)


def test_format_is_checked(shop_with_tests):
    bad = run_cli("callers", "shop.orders.validate", "--format", "png", cwd=shop_with_tests)
    assert bad.returncode != 0 and "text, dot or mermaid" in bad.stderr
    both = run_cli("callers", "shop.orders.validate", "--format", "dot", "--json", cwd=shop_with_tests)
    assert both.returncode != 0 and "not both" in both.stdout


def test_plain_text_is_unchanged_without_format(shop_with_tests):
    plain = run_cli("callers", "shop.orders.validate", cwd=shop_with_tests, check=True).stdout
    text = run_cli("callers", "shop.orders.validate", "--format", "text", cwd=shop_with_tests, check=True).stdout
    assert plain == text and plain.startswith("blast radius of shop.orders.validate")
