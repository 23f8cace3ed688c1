#!/usr/bin/env python3
"""Order independence on a real project (issue 18): random structural edits (tests/editkit.py) on a
copy of a pinned corpus, brought up to date by `index` every `--every` edits (CLI) or by a running
daemon (`--daemon`), then compared table by table with a clean index of the final tree.

Usage: python benchmarks/bench_order.py [--corpus django] [--edits 300] [--every 10] [--daemon] [--seed 18] [--append]
→ one JSON line: rows only in the incremental index and only in the clean one, per table.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchkit import corpus_path, corpus_version, log, report

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from daemonkit import graph_rows  # noqa: E402  (the test suite's comparison and edits, shared)
from editkit import random_edits  # noqa: E402

from graphmind.index.indexer import index_workspace  # noqa: E402
from graphmind.live import client  # noqa: E402
from graphmind.store import index_path  # noqa: E402


def differences(a: Path, b: Path) -> dict:
    ra, rb = graph_rows(a), graph_rows(b)
    out = {}
    for table in sorted(set(ra) | set(rb)):
        ca, cb = Counter(ra.get(table, [])), Counter(rb.get(table, []))
        only_a, only_b = ca - cb, cb - ca
        if only_a or only_b:
            out[table] = {"only_incremental": sum(only_a.values()), "only_clean": sum(only_b.values()),
                          "examples": sorted(only_a)[:3] + sorted(only_b)[:3]}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--edits", type=int, default=300)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--daemon", action="store_true")
    ap.add_argument("--append", action="store_true", help="also append the line to benchmarks/results/order.jsonl")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work"
        shutil.copytree(corpus_path(args.corpus), work, ignore=shutil.ignore_patterns(".graphmind", ".fetched"))
        log(f"indexing {args.corpus}")
        index_workspace(work)
        started = time.perf_counter()
        if args.daemon:
            ping = client.start(work)
            try:
                ops = random_edits(work, random.Random(args.seed), args.edits, lambda: None, args.every, pause=True)
                client.wait_fresh(work, 300)
            finally:
                client.stop(work)
        else:
            ops = random_edits(work, random.Random(args.seed), args.edits, lambda: index_workspace(work), args.every)
        edit_s = time.perf_counter() - started
        clean = Path(tmp) / "clean"
        shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
        log("clean index of the final tree")
        index_workspace(clean)
        diff = differences(index_path(work), index_path(clean))
    report([{"bench": "order", "corpus": f"{args.corpus}-{corpus_version(args.corpus)}",
             "mode": "daemon" if args.daemon else "cli", "edits": len(ops), "every": args.every,
             "seed": args.seed, "seconds": round(edit_s, 1), "differences": diff, "equal": not diff,
             "daemon_pid": ping["pid"] if args.daemon else None}], "order.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
