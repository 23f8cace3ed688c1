#!/usr/bin/env python3
"""What re-parsing TypeScript the grammar rejects costs: parse-only CPU of a corpus's files, with and
without `parser.parse_recovering` (graphmind/index/parser.py), interleaved, in one process.

Usage: python benchmarks/bench_recovery.py [--corpus effect] [--runs 5] [--append]
One JSON line: files, files recovered, partial files before/after, median CPU seconds of each way and
their ratio. CPU time (process_time), not wall time: this machine is shared.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import time

from benchkit import REPO, corpus_path, log
from graphmind.index import parser

RESULTS = REPO / "benchmarks" / "results" / "recovery.jsonl"


def run(sources: list[bytes], recovering: bool) -> tuple[float, int]:
    """CPU seconds to parse every source, and how many trees still have syntax errors."""
    start, errors = time.process_time(), 0
    for src in sources:
        tree = parser.parse_recovering("typescript", src)[1] if recovering else parser.parse("typescript", src)
        errors += tree.root_node.has_error
    return time.process_time() - start, errors


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="effect")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    root = corpus_path(args.corpus)
    sources = [p.read_bytes() for p in sorted((root / "src").rglob("*.ts"))]
    plain, recovering = [], []
    for i in range(args.runs):
        t, before = run(sources, False)
        plain.append(t)
        t, after = run(sources, True)
        recovering.append(t)
        log(f"run {i + 1}: parse {plain[-1]:.2f}s, parse_recovering {recovering[-1]:.2f}s")
    line = {"bench": "recovery", "corpus": args.corpus, "files": len(sources), "partial_before": before,
            "partial_after": after, "parse_cpu_median_s": round(statistics.median(plain), 3),
            "recovering_cpu_median_s": round(statistics.median(recovering), 3),
            "ratio": round(statistics.median(recovering) / statistics.median(plain), 3),
            "runs": {"parse": [round(x, 3) for x in plain], "recovering": [round(x, 3) for x in recovering]}}
    print(json.dumps(line))
    if args.append:
        line["at"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        with RESULTS.open("a") as out:
            out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
