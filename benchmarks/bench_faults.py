#!/usr/bin/env python3
"""Linear cost on pathological inputs (issue 18): each case is measured at n and at 4n, side by side
in this process, and reported as medians with their ratio (linear: ~4; quadratic: ~16).

Cases: a member chain `a.b.c…` over lines (index), one scope calling a function n times (index +
`callers`), a chain of n classes each inheriting the previous and calling super() (index).
Usage: python benchmarks/bench_faults.py [--runs 3]  → one JSON line per case on stdout.
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from benchkit import log
from graphmind.index.indexer import index_workspace
from graphmind.query import graph
from graphmind.store import open_reader


def member_chain(n: int) -> str:
    return "class A:\n    b = None\n\n\na = A()\nx = (a\n" + "    .b\n" * n + ")\n"


def many_calls(n: int) -> str:
    return "def t():\n    pass\n\n\ndef s():\n" + "    t()\n" * n


def class_chain(n: int) -> str:
    return "class C0:\n    def f(self):\n        return 1\n\n\n" + "".join(
        f"class C{i}(C{i - 1}):\n    def f(self):\n        return super().f()\n\n\n" for i in range(1, n))


def _callers(root: Path) -> None:
    conn = open_reader(root)
    try:
        graph.walk(conn, graph.resolve_targets(conn, "p.t"), depth=1)
    finally:
        conn.close()


CASES = {   # name: (source maker, n, what is timed after indexing, if anything)
    "member_chain_index": (member_chain, 5_000, None),
    "one_scope_calls_callers": (many_calls, 25_000, _callers),
    "class_chain_index": (class_chain, 2_500, None),
}


def _once(make, n: int, after) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "p.py").write_text(make(n))
        started = time.perf_counter()
        index_workspace(root, jobs=1)
        if after is not None:
            started = time.perf_counter()
            after(root)
        return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    for name, (make, n, after) in CASES.items():
        small, large = [], []
        for _ in range(args.runs):                  # interleaved: load on the machine hits both alike
            small.append(_once(make, n, after))
            large.append(_once(make, 4 * n, after))
        a, b = statistics.median(small), statistics.median(large)
        log(f"{name}: n={n} {a:.3f}s, 4n={4 * n} {b:.3f}s")
        print(json.dumps({"case": name, "n": n, "median_s": round(a, 4), "n4_median_s": round(b, 4),
                          "ratio_4n_over_n": round(b / a, 2), "runs": args.runs}))


if __name__ == "__main__":
    main()
