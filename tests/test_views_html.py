"""The HTML view in a real headless Chromium (Debian's chromium, driven by playwright): it renders, every
node is drawn, nothing is fetched, the console stays quiet, and a screenshot is taken."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from test_views import shop_with_tests  # noqa: F401  (the shop fixture with a tests/ file, indexed)

from conftest import run_cli

CHROMIUM = os.environ.get("GRAPHMIND_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no chromium (.ci/run installs Debian's)")


@pytest.fixture
def browser():
    sync = pytest.importorskip("playwright.sync_api")
    with sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def open_page(browser, path: Path, shot: Path):
    """The page loaded from file://, with every request outside file:// failed and recorded, console errors kept."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))

    def route(r):
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            problems.append(f"request: {r.request.url}")
            r.abort()
    page.route("**/*", route)
    page.goto(path.as_uri())
    page.wait_for_selector("body.rendered", timeout=30_000)
    page.screenshot(path=str(shot), full_page=False)
    assert shot.stat().st_size > 1000
    return page, problems


def test_blast_radius_page_renders_every_dependant_offline(shop_with_tests, tmp_path, browser):
    out = tmp_path / "radius.html"
    proc = run_cli("blast-radius", "shop.orders.validate", "--html", str(out), cwd=shop_with_tests, check=True)
    assert proc.stdout.startswith("blast radius of shop.orders.validate")      # the text answer still printed
    assert f"wrote {out}" in proc.stderr
    text = out.read_text()
    # the SVG namespace is a name, not a request: no other address is in the page
    assert re.findall(r"https?://[^\s\"']+", text) == ["http://www.w3.org/2000/svg"]
    page, problems = open_page(browser, out, tmp_path / "radius.png")
    drawn = set(page.eval_on_selector_all(".node[data-id]", "els => els.map(e => e.dataset.id)"))
    assert {"shop.orders.validate", "shop.payments.refund.RefundService.refund_all", "scripts.tool.main"} <= drawn
    assert page.eval_on_selector_all("path.edge", "els => els.length") >= len(drawn) - 1
    page.hover('.node[data-id="shop.payments.refund.process_refund"]')
    details = page.inner_text("#details")
    assert "shop/payments/refund.py:10" in details and "def process_refund" in details
    page.fill("#filter", "refund_all")
    shown = set(page.eval_on_selector_all(".node[data-id]", "els => els.map(e => e.dataset.id)"))
    assert shown == {"shop.orders.validate", "shop.payments.refund.RefundService.refund_all"}
    assert problems == []


def test_impact_page_lists_the_changes_and_the_tests(shop_with_tests, tmp_path, browser):
    out = tmp_path / "impact.html"
    run_cli("impact", "shop/payments/refund.py:10", "--html", str(out), cwd=shop_with_tests, check=True)
    page, problems = open_page(browser, out, tmp_path / "impact.png")
    assert "shop.payments.refund.process_refund" in page.inner_text("ul.changed")
    assert "tests/test_shop.py::test_refund" in page.inner_text("ul.tests")
    assert page.eval_on_selector('.node[data-id="tests.test_shop.test_refund"]', "e => e.getAttribute('class')") \
        .split().count("role-test") == 1
    assert problems == []


def test_a_thousand_nodes_are_grouped_per_folder(tmp_path, browser):
    from graphmind.views import Picture, to_html
    from graphmind.views.picture import Edge, Node
    nodes = [Node("hub", "function", "core/hub.py", 1, 2, "def hub()", 0, "target")]
    for i in range(1080):                                    # 12 folders x 3 depths x 30 symbols
        folder = f"pkg{i % 12}/sub"
        nodes.append(Node(f"pkg{i % 12}.sub.f{i}", "function", f"{folder}/m{i % 7}.py", i + 1, i + 2, f"def f{i}()",
                          1 + (i // 12) % 3, "dependant"))
    edges = [Edge(n.id, "hub", ["call"], [n.line]) for n in nodes[1:]]
    out = tmp_path / "big.html"
    out.write_text(to_html(Picture("big", "up", nodes, edges)))
    page, problems = open_page(browser, out, tmp_path / "big.png")
    groups = page.eval_on_selector_all(".node.group", "els => els.length")
    singles = page.eval_on_selector_all(".node[data-id]", "els => els.length")
    assert groups == 36 and singles == 1                     # 12 folders at 3 depths, the hub itself
    page.click(".node.group >> nth=0")
    assert page.eval_on_selector_all(".node[data-id]", "els => els.length") == 1 + 30
    assert problems == []
