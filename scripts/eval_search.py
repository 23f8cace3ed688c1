#!/usr/bin/env python3
"""Search quality on a labelled query set over a pinned corpus: MRR@10, recall@10, and the tokens of
results an agent reads before the first relevant one, per mode and per query kind.

Usage: python scripts/eval_search.py [--queries tests/search_eval/flask_queries.json ...] [--show-misses]
Needs the corpus (python scripts/fetch_corpora.py flask). Indexes a temporary copy of it, then prints
one JSON line per mode (lexical; lexical+graph; with the embed extra also semantic and hybrid, the
copy embedded first) and per kind within each mode. Several query files over one corpus share a copy.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUERIES = REPO / "tests" / "search_eval" / "flask_queries.json"
K = 10
MODES = {"lexical": {"graph": False}, "lexical+graph": {"graph": True}}
SEMANTIC_MODES = ("semantic", "hybrid")


def corpus_path(name: str) -> Path:
    spec = importlib.util.spec_from_file_location("fetch_corpora", REPO / "scripts" / "fetch_corpora.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.corpus_path(name)


def load_queries(path: Path = QUERIES) -> dict:
    return json.loads(path.read_text())


def index_copy(name: str, dest: Path) -> Path:
    """A fresh copy of a fetched corpus under dest, indexed."""
    from graphmind.index.indexer import index_workspace
    src = corpus_path(name)
    if not (src / ".fetched").exists():
        raise FileNotFoundError(f"corpus {name} is not fetched: run python scripts/fetch_corpora.py {name}")
    root = dest / name
    shutil.copytree(src, root, ignore=shutil.ignore_patterns(".graphmind", ".fetched"), symlinks=True)
    index_workspace(root)
    return root


def check_labels(conn, spec: dict) -> list[str]:
    """Relevant names that are not indexed symbols (a label typo, or the extractor changed)."""
    names = {q for (q,) in conn.execute("SELECT qualname FROM symbols")}
    return sorted({r for q in spec["queries"] for r in q["relevant"] if r not in names})


def score_query(results, relevant: set[str]) -> dict:
    """MRR@K, recall@K and tokens read before the first relevant result (all K when none is)."""
    top = results[:K]
    first = next((i for i, r in enumerate(top) if r.qualname in relevant), None)
    found = {r.qualname for r in top} & relevant
    before = top if first is None else top[:first]
    return {"rr": 0.0 if first is None else 1.0 / (first + 1), "recall": len(found) / len(relevant),
            "tokens_before": sum((len(r.line()) + 3) // 4 for r in before), "hit": first is not None}


def ranked(conn, query: str, graph: bool = True, mode: str = "lexical", root: Path | None = None) -> list:
    """The top K for a query in a mode: lexical (search() alone, no recency: results do not depend on
    file times), semantic (the vectors alone) or hybrid (their fusion, as `graphmind search` runs it)."""
    from graphmind.query.search import search
    if mode == "lexical":
        return search(conn, query, limit=K, graph=graph)
    from graphmind.semantic import fusion
    sem = fusion.semantic_ranking(conn, root, query, k=fusion.POOL)
    if mode == "semantic":
        return sem[:K]
    return fusion.fuse(search(conn, query, limit=fusion.POOL, graph=graph), sem, K)


def evaluate(conn, spec: dict, graph: bool, mode: str = "lexical", root: Path | None = None) -> list[dict]:
    """Every query of the set, run and scored in one mode."""
    out = []
    for q in spec["queries"]:
        results = ranked(conn, q["query"], graph, mode, root)
        out.append({"kind": q["kind"], "query": q["query"], **score_query(results, set(q["relevant"])),
                    "top": [r.qualname for r in results[:3]]})
    return out


def summarize(rows: list[dict]) -> dict:
    """Mean MRR@K and recall@K; mean and median tokens before the first relevant result."""
    tokens = [r["tokens_before"] for r in rows]
    return {"queries": len(rows), f"mrr@{K}": round(statistics.mean(r["rr"] for r in rows), 3),
            f"recall@{K}": round(statistics.mean(r["recall"] for r in rows), 3),
            "tokens_before_first_mean": round(statistics.mean(tokens), 1),
            "tokens_before_first_median": statistics.median(tokens),
            "misses": sum(not r["hit"] for r in rows)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=Path, nargs="+", default=[QUERIES])
    ap.add_argument("--show-misses", action="store_true", help="print the queries with no relevant result in the top 10")
    args = ap.parse_args(argv)
    specs = [load_queries(path) for path in args.queries]
    if len({spec["corpus"] for spec in specs}) != 1:
        raise SystemExit("give query files over one corpus")
    from graphmind.semantic.model import available
    from graphmind.store import open_reader
    with tempfile.TemporaryDirectory(prefix="graphmind-eval-") as tmp:
        root = index_copy(specs[0]["corpus"], Path(tmp))
        conn = open_reader(root)
        modes = [(mode, opts) for mode, opts in MODES.items()]
        if available():
            from graphmind.semantic.embedder import embed_workspace
            embed_workspace(conn, root)
            modes += [(mode, {"graph": True, "mode": mode, "root": root}) for mode in SEMANTIC_MODES]
        for spec, path in zip(specs, args.queries):
            missing = check_labels(conn, spec)
            if missing:
                raise SystemExit(f"labels naming no indexed symbol in {path.name}: {missing}")
            for mode, opts in modes:
                rows = evaluate(conn, spec, **opts)
                base = {"eval": "search", "queries_file": path.name, "corpus": spec["corpus"],
                        "version": spec["version"], "mode": mode}
                print(json.dumps({**base, "kind": "all", **summarize(rows)}), flush=True)
                for kind in sorted({r["kind"] for r in rows}):
                    print(json.dumps({**base, "kind": kind, **summarize([r for r in rows if r["kind"] == kind])}))
                if args.show_misses:
                    for r in rows:
                        if r["rr"] < 1:
                            print(f"  [{mode}] {r['kind']:<10} rr={r['rr']:.2f} rec={r['recall']:.2f} "
                                  f"{r['query']!r} -> {r['top']}", file=sys.stderr)
        conn.close()


if __name__ == "__main__":
    main()
