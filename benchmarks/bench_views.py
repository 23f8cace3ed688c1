"""The HTML view of a Django hub function's blast radius (depth 3) in headless Chromium: how long the page
takes from navigation to drawn, and how many requests leave file:// (must be 0).

Usage: python benchmarks/bench_views.py [--index DIR] [--runs 5] [--append]

DIR: an indexed copy of the Django corpus (default: a fresh copy indexed in a temporary folder). The hub
is the function with the most resolved callers. Each figure is the median over the runs, for the default
--limit (200) and for every dependant (--limit 5000: 1,000+ nodes, folders grouped). Targets: < 2 s,
0 external requests. `--append` adds the lines to benchmarks/results/views.jsonl.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchkit import corpus_path, corpus_version, log, report

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
HUB = ("SELECT s.qualname, count(*) n FROM calls c JOIN symbols s ON s.id = c.target_id JOIN files f ON f.id = s.file_id"
       " WHERE s.kind = 'function' AND f.path NOT LIKE 'tests/%' GROUP BY s.id ORDER BY n DESC LIMIT 1")


def page_times(browser, html: Path, runs: int) -> tuple[list[float], list[float], int, int]:
    """(navigation-to-drawn seconds, the page's own render ms, nodes drawn, external requests) per run."""
    walls, renders, external = [], [], []
    drawn = 0
    for _ in range(runs):
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://")
                   else (external.append(r.request.url), r.abort()))
        t0 = time.perf_counter()
        page.goto(html.as_uri())
        page.wait_for_selector("body.rendered", timeout=60_000)
        walls.append(time.perf_counter() - t0)
        renders.append(float(page.evaluate("document.documentElement.dataset.totalMs")))
        drawn = page.eval_on_selector_all(".node", "els => els.length")
        page.close()
    return walls, renders, drawn, len(external)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--index", type=Path, help="an indexed copy of the Django corpus")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from graphmind import views
    from graphmind.edgekinds import ALL_KINDS
    from graphmind.query import graph
    from graphmind.store import open_reader
    with tempfile.TemporaryDirectory() as tmp:
        root = args.index
        if root is None:
            from graphmind.index.indexer import index_workspace
            root = Path(tmp) / "django"
            shutil.copytree(corpus_path("django"), root)
            log("indexing a copy of Django")
            index_workspace(root)
        conn = open_reader(root)
        hub = conn.execute(HUB).fetchone()[0]
        lines = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for limit in (200, 5000):
                targets = graph.resolve_targets(conn, hub)
                t0 = time.perf_counter()
                w = graph.walk(conn, targets, "up", 3, limit, kinds=ALL_KINDS)
                pic = views.from_walk(w)
                out = Path(tmp) / f"hub-{limit}.html"
                out.write_text(views.to_html(pic), encoding="utf-8")
                write_s = time.perf_counter() - t0
                walls, renders, drawn, external = page_times(browser, out, args.runs)
                log(f"{hub} limit {limit}: {len(pic.nodes)} nodes, wall {statistics.median(walls):.3f} s")
                lines.append({"figure": "html_view_render_s", "corpus": f"django-{corpus_version('django')}",
                              "hub": hub, "depth": 3, "limit": limit, "nodes": len(pic.nodes), "edges": len(pic.edges),
                              "boxes_drawn": drawn, "page_bytes": out.stat().st_size, "runs": args.runs,
                              "walk_and_write_s": round(write_s, 3), "navigation_to_drawn_s": round(statistics.median(walls), 3),
                              "page_script_ms": statistics.median(renders), "external_requests": external,
                              "target_s": 2.0, "load": round(os.getloadavg()[0], 2)})
            browser.close()
    report(lines, "views.jsonl" if args.append else None)


if __name__ == "__main__":
    sys.exit(main())
