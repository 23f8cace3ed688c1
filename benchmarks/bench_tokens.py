#!/usr/bin/env python3
"""Benchmark: tokens an agent reads for "who calls X, up to depth N?" — graphmind's blast_radius answer
against grep-and-open, with the recall of true callers for both.

Usage: python benchmarks/bench_tokens.py [--corpus flask|django|requests] [--targets 50]
       [--depths 1 3] [--budget 2000]

Method (tokens are characters / 4 on both sides; one extra figure prices both with the budget's estimator):
- The corpus (fetched by scripts/fetch_corpora.py, pinned version) is copied to a temporary folder
  and indexed. Targets: functions and methods outside test files with at least one resolved caller,
  sorted by qualified name, N picked evenly spaced (deterministic for a given index).
- graphmind: the text of the MCP `blast_radius` answer (graphmind.agent.answers.walk_page, the default
  token budget unless --budget), exactly what the agent reads. When the budget cuts it, a second
  figure adds every further page (offset=…) an agent reads to reach full recall.
- grep-and-open: the agent greps the workspace for the target's name (the class name for __init__ /
  __new__) and opens every file containing it as a word; at each further hop it greps for the names
  of the true callers found at the previous hop and opens those files too, up to the same depth.
  Tokens: every distinct file opened, whole.
- Reference set of true callers: the graph's own resolved callers within the depth (an unbounded
  walk). So graphmind's recall measures only what the token budget cut; grep's recall is the share of
  reference callers whose file was opened and whose body names the symbol it calls (a caller reached
  through an alias, or a constructor call of a class whose __init__ is the target, is missed).
  Callers the resolver missed (possible / unresolved sites) are in neither side's reference set.
Prints one JSON line per figure.
"""
from __future__ import annotations

import argparse
import functools
import json
import math
import re
import shutil
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from benchkit import fetch_module

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from graphmind import budget  # noqa: E402
from graphmind.agent import answers
from graphmind.query import graph
from graphmind.query.impact import is_test  # noqa: E402
from graphmind.index.indexer import index_workspace  # noqa: E402
from graphmind.query.lookup import SymbolRef  # noqa: E402
from graphmind.store import open_reader  # noqa: E402

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


def emit(**fields) -> None:
    print(json.dumps(fields), flush=True)


def grep_name(name: str, qualname: str) -> str:
    """The word an agent greps for to find calls of a symbol."""
    if name in ("__init__", "__new__") and "." in qualname:
        return qualname.rsplit(".", 2)[-2]
    return name


class Corpus:
    """The indexed files' text, an inverted word index, and per-symbol source for recall checks."""

    def __init__(self, root: Path, conn):
        self.root, self.conn = root, conn
        self.text: dict[str, str] = {}
        self.files_with: dict[str, set[str]] = defaultdict(set)
        for (path,) in conn.execute("SELECT path FROM files WHERE status != 'skipped'"):
            try:
                text = (root / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            self.text[path] = text
            for w in set(_WORD.findall(text)):
                self.files_with[w].add(path)

    def tokens(self, files: set[str]) -> int:
        return sum(len(self.text[f]) for f in files) // 4

    def estimated(self, files: set[str]) -> int:
        """The same files priced by graphmind.budget.estimate_tokens (tokens.py when present)."""
        return sum(self._estimated(f) for f in files)

    @functools.lru_cache(maxsize=None)
    def _estimated(self, file: str) -> int:
        return budget.estimate_tokens(self.text[file])

    def body_names(self, file: str, start: int, end: int, word: str) -> bool:
        lines = self.text.get(file, "").splitlines()[start - 1:end]
        return re.search(rf"\b{re.escape(word)}\b", "\n".join(lines)) is not None


def pick_targets(conn, n: int) -> list[SymbolRef]:
    rows = conn.execute(
        "SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, f.language"
        " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind IN ('function', 'method')"
        " AND EXISTS (SELECT 1 FROM calls c WHERE c.target_id = s.id AND c.resolution NOT IN ('possible', 'pending'))"
        " ORDER BY s.qualname").fetchall()
    refs = [SymbolRef(*r) for r in rows if not is_test(r[3], r[2], r[4])]
    step = len(refs) / n
    return [refs[int(i * step)] for i in range(min(n, len(refs)))]


def measure(corpus: Corpus, target: SymbolRef, depth: int, token_budget: int) -> dict:
    conn = corpus.conn
    full = graph.walk(conn, [target], "up", depth, limit=1_000_000)
    key = (lambda h: (h["symbol"], h["file"], h["start_line"]) if isinstance(h, dict) else (h.symbol, h.file, h.start_line))
    reference = {key(h) for h in full.hits}
    shown_walk = graph.walk(conn, [target], "up", depth, limit=1000)
    page, doc = answers.walk_page(shown_walk, set(), token_budget)
    shown = {key(c) for c in doc["callers"]}
    all_pages_tokens, offset, next_page = len(page.text) // 4, 0, page
    while next_page.cut and next_page.cut.get("next_offset"):      # an agent paging to full recall
        offset = next_page.cut["next_offset"]
        if offset >= len(shown_walk.hits):
            shown_walk = graph.walk(conn, [target], "up", depth, limit=offset + 1000)
        next_page, _ = answers.walk_page(shown_walk, set(), token_budget, offset)
        all_pages_tokens += len(next_page.text) // 4
    # grep-and-open, hop by hop
    names = {grep_name(target.name, target.qualname)}
    opened: set[str] = set()
    by_depth: dict[int, list] = defaultdict(list)
    for h in full.hits:
        by_depth[h.depth].append(h)
    for k in range(1, depth + 1):
        for name in names:
            opened |= corpus.files_with.get(name, set())
        names = {grep_name(h.symbol.rsplit(".", 1)[-1], h.symbol) for h in by_depth[k]}
    found_by_grep = 0
    for h in {key(h): h for h in full.hits}.values():
        callee = h.path[1] if len(h.path) > 1 else target.qualname
        word = grep_name(callee.rsplit(".", 1)[-1], callee)
        if h.file in opened and corpus.body_names(h.file, h.start_line, h.end_line, word):
            found_by_grep += 1
    n_ref = len(reference)
    return {"target": target.qualname, "callers": n_ref, "graph_tokens": len(page.text) // 4,
            "graph_estimated": page.tokens, "grep_estimated": corpus.estimated(opened), "cut": page.cut is not None,
            "graph_all_pages_tokens": all_pages_tokens,
            "grep_tokens": corpus.tokens(opened), "grep_files": len(opened),
            "graph_recall": len(shown & reference) / n_ref if n_ref else 1.0,
            "grep_recall": found_by_grep / n_ref if n_ref else 1.0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="flask")
    ap.add_argument("--targets", type=int, default=50)
    ap.add_argument("--depths", type=int, nargs="+", default=[1, 3])
    ap.add_argument("--budget", type=int, default=budget.DEFAULT_TOKENS)
    ap.add_argument("--per-target", action="store_true", help="also print one line per target and depth")
    args = ap.parse_args()
    fetch = fetch_module()
    src = fetch.corpus_path(args.corpus)
    if not src.is_dir():
        sys.exit(f"corpus {args.corpus} is not fetched: run scripts/fetch_corpora.py {args.corpus}")
    version = fetch.CORPORA[args.corpus][1]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / args.corpus
        shutil.copytree(src, root)
        summary = index_workspace(root)
        conn = open_reader(root)
        corpus = Corpus(root, conn)
        targets = pick_targets(conn, args.targets)
        emit(figure="corpus", corpus=args.corpus, version=version, files=summary.scanned, symbols=summary.symbols,
             resolved_edges=summary.edges, targets=len(targets), budget=args.budget,
             reference="the graph's own resolved callers within the depth")
        for depth in args.depths:
            rows = [measure(corpus, t, depth, args.budget) for t in targets]
            if args.per_target:
                for r in rows:
                    emit(figure="target", depth=depth, **r)
            ratios = [r["grep_tokens"] / max(r["graph_tokens"], 1) for r in rows]
            emit(figure="token_ratio_grep_over_graph", corpus=args.corpus, depth=depth, n=len(rows),
                 median=round(statistics.median(ratios), 1), p10=round(pct(ratios, 10), 1),
                 p90=round(pct(ratios, 90), 1), min=round(min(ratios), 1),
                 share_at_least_20x=round(sum(x >= 20 for x in ratios) / len(ratios), 3))
            full = [r["grep_tokens"] / max(r["graph_all_pages_tokens"], 1) for r in rows]
            emit(figure="token_ratio_grep_over_graph_all_pages", corpus=args.corpus, depth=depth, n=len(rows),
                 note="graphmind read to full recall (every page of a cut answer)",
                 median=round(statistics.median(full), 1), p10=round(pct(full, 10), 1),
                 p90=round(pct(full, 90), 1), min=round(min(full), 1),
                 share_at_least_20x=round(sum(x >= 20 for x in full) / len(full), 3))
            est = [r["grep_estimated"] / max(r["graph_estimated"], 1) for r in rows]
            emit(figure="token_ratio_grep_over_graph_estimator", corpus=args.corpus, depth=depth, n=len(rows),
                 note="both sides priced by graphmind.budget.estimate_tokens instead of chars/4",
                 median=round(statistics.median(est), 1), p10=round(pct(est, 10), 1), p90=round(pct(est, 90), 1))
            emit(figure="tokens", corpus=args.corpus, depth=depth,
                 graph_median=statistics.median(r["graph_tokens"] for r in rows),
                 graph_p90=pct([r["graph_tokens"] for r in rows], 90),
                 grep_median=statistics.median(r["grep_tokens"] for r in rows),
                 grep_p90=pct([r["grep_tokens"] for r in rows], 90),
                 grep_files_median=statistics.median(r["grep_files"] for r in rows),
                 graph_answers_cut_by_budget=sum(r["cut"] for r in rows))
            emit(figure="recall_of_reference_callers", corpus=args.corpus, depth=depth,
                 callers_median=statistics.median(r["callers"] for r in rows),
                 graph_mean=round(statistics.mean(r["graph_recall"] for r in rows), 3),
                 graph_min=round(min(r["graph_recall"] for r in rows), 3),
                 grep_mean=round(statistics.mean(r["grep_recall"] for r in rows), 3),
                 grep_min=round(min(r["grep_recall"] for r in rows), 3),
                 graph_at_least_grep=sum(r["graph_recall"] >= r["grep_recall"] for r in rows))
        conn.close()


if __name__ == "__main__":
    main()
