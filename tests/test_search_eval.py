"""Search quality floors on the labelled Flask query set (tests/search_eval/, scored by scripts/eval_search.py).

Needs the pinned Flask corpus (python scripts/fetch_corpora.py flask). Without it the test is skipped
on a workstation and fails in CI (CI=true), so the floors are always checked where it matters.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# Floors a little under the figures measured when they were set (lexical: MRR@10 0.947, recall@10
# 0.824 overall; identifier MRR 1.0; concept MRR 0.87): a drop below them is a regression.
FLOORS = {"all": {"mrr@10": 0.85, "recall@10": 0.75}, "identifier": {"mrr@10": 0.95, "recall@10": 0.95},
          "concept": {"mrr@10": 0.70, "recall@10": 0.65}, "impact": {"mrr@10": 0.95, "recall@10": 0.35}}


def _eval_module():
    name = "graphmind_eval_search"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "eval_search.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="module")
def flask_index(tmp_path_factory):
    ev = _eval_module()
    if not (ev.corpus_path("flask") / ".fetched").exists():
        message = "the Flask corpus is not fetched: run python scripts/fetch_corpora.py flask"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from graphmind.store import open_reader
    root = ev.index_copy("flask", tmp_path_factory.mktemp("eval"))
    conn = open_reader(root)
    yield ev, conn
    conn.close()


def test_query_set_is_labelled_with_indexed_symbols(flask_index):
    ev, conn = flask_index
    spec = ev.load_queries()
    assert len(spec["queries"]) >= 60
    assert {q["kind"] for q in spec["queries"]} == {"identifier", "concept", "impact"}
    assert ev.check_labels(conn, spec) == []


def test_lexical_search_quality_floors(flask_index):
    ev, conn = flask_index
    rows = ev.evaluate(conn, ev.load_queries(), graph=False)
    got = {"all": ev.summarize(rows)} | {k: ev.summarize([r for r in rows if r["kind"] == k])
                                         for k in ("identifier", "concept", "impact")}
    low = {f"{kind} {metric}: {got[kind][metric]} < {floor}" for kind, floors in FLOORS.items()
           for metric, floor in floors.items() if got[kind][metric] < floor}
    assert not low, sorted(low)


def test_graph_signals_find_what_a_change_reaches(flask_index):
    ev, conn = flask_index
    spec = ev.load_queries()
    impact = {"queries": [q for q in spec["queries"] if q["kind"] == "impact"]}
    lexical = ev.summarize(ev.evaluate(conn, impact, graph=False))
    graph = ev.summarize(ev.evaluate(conn, impact, graph=True))
    assert graph["recall@10"] >= lexical["recall@10"] + 0.3, (lexical, graph)
