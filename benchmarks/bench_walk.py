"""What finding the files costs: the walk (ignore rules, configuration, skipped-folder report) and a
no-op `graphmind index` (the refresh every query pays without a daemon), this tree beside a baseline
commit, on copies of pinned corpora, runs alternated.

Usage: python benchmarks/bench_walk.py [--corpus django flask] [--runs 7] [--baseline REV] [--walk-only] [--append]

Each variant runs in its own interpreter (PYTHONPATH = its sources): the walk is timed 5 times in one
process (median), the no-op index once per run. One JSON line per figure: medians over the runs and
the ratio this tree / baseline. `--append` adds them to benchmarks/results/walk.jsonl.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_resolve import baseline_tree, commit
from benchkit import REPO, corpus_path, corpus_version, log

WALK = ("import statistics, sys, time\nfrom pathlib import Path\nfrom graphmind.index import workspace\n"
        "root = Path(sys.argv[1]); times = []\nfor _ in range(5):\n    t = time.perf_counter(); n = len(workspace.walk(root))\n"
        "    times.append(time.perf_counter() - t)\nprint(n, statistics.median(times))\n")
INDEX = "import sys\nfrom graphmind.cli import main\nsys.argv = ['graphmind', *sys.argv[1:]]\nmain()\n"


def run(source: Path, code: str, *args: str, cwd: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(source))
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return proc.stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", nargs="+", default=["django", "flask"])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--baseline", default="4be14ef")
    ap.add_argument("--walk-only", action="store_true", help="no index runs (no cold index of each copy first)")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        variants = {"tree": REPO, "baseline": baseline_tree(args.baseline, Path(tmp) / "baseline")}
        for name in args.corpus:
            walks: dict[str, list[float]] = {v: [] for v in variants}
            noops: dict[str, list[float]] = {v: [] for v in variants}
            files = {}
            roots = {}
            for variant, source in variants.items():
                roots[variant] = Path(tmp) / f"{name}-{variant}"
                shutil.copytree(corpus_path(name), roots[variant])
                if not args.walk_only:
                    run(source, INDEX, "index", "--json", cwd=roots[variant])  # the index a no-op run finds
            for i in range(args.runs):
                for variant in (variants if i % 2 == 0 else reversed(list(variants))):
                    n, seconds = run(variants[variant], WALK, str(roots[variant]), cwd=roots[variant]).split()
                    files[variant] = int(n)
                    walks[variant].append(float(seconds))
                    if not args.walk_only:
                        t0 = time.perf_counter()
                        run(variants[variant], INDEX, "index", "--json", cwd=roots[variant])
                        noops[variant].append(time.perf_counter() - t0)
                log(f"{name} run {i + 1}/{args.runs}")
            for figure, samples in (("walk_s", walks), ("noop_index_s", noops))[:1 if args.walk_only else 2]:
                med = {v: statistics.median(s) for v, s in samples.items()}
                lines.append({"figure": figure, "corpus": f"{name}-{corpus_version(name)}", "runs": args.runs,
                              "tree": round(med["tree"], 4), "baseline": round(med["baseline"], 4),
                              "ratio": round(med["tree"] / med["baseline"], 3), "files": files,
                              "commit": commit(), "baseline_commit": commit(args.baseline),
                              "load": os.getloadavg()[0]})
    for line in lines:
        print(json.dumps(line))
    if args.append:
        with open(REPO / "benchmarks" / "results" / "walk.jsonl", "a") as fh:
            fh.writelines(json.dumps(line) + "\n" for line in lines)


if __name__ == "__main__":
    main()
