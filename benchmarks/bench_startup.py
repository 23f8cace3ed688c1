"""What a query costs without a daemon: the no-op freshness check and a whole `graphmind callers` process,
this tree against a baseline tree run side by side (alternated, same shell, medians and their ratio).

    git archive <base> | tar -x -C BASE_DIR            # the old code, once
    python benchmarks/bench_startup.py --baseline BASE_DIR [--corpus django] [--runs 9] [--append]

The corpus is copied to a temporary folder and indexed once by each tree (their schemas may differ:
each keeps its own copy). One JSON line per figure on stdout; --append adds them to
results/startup.jsonl. The load average is printed with them: the machine is shared.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import benchkit

HERE = Path(__file__).resolve().parents[1]
# One no-op freshness check, timed inside the process (imports excluded), after one warm-up.
CHECK = """
import sys, time
from pathlib import Path
from graphmind.live import freshness
root = Path(sys.argv[1])
freshness.current(root)
t = time.perf_counter(); f = freshness.current(root); dt = time.perf_counter() - t
assert f.changed == 0, f
print(dt)
"""


def _env(tree: Path) -> dict:
    return dict(os.environ, PYTHONPATH=str(tree), PYTHONUTF8="1")


def _wall(cmd: list[str], cwd: Path, env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", type=Path, required=True, help="a source tree of the old code (git archive)")
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--symbol", default="get_object_or_404")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    trees = {"new": HERE, "old": args.baseline.resolve()}
    lines = []
    with tempfile.TemporaryDirectory(prefix="gm-startup-") as tmp:
        roots = benchkit.indexed_copies(trees, args.corpus, Path(tmp))
        check = {k: [] for k in trees}
        query = {k: [] for k in trees}
        load = [os.getloadavg()[0]]
        for i in range(args.runs):
            for name, tree in (trees.items() if i % 2 == 0 else reversed(trees.items())):
                # cwd: the copy, not this checkout (`-c` puts the working folder first on sys.path,
                # ahead of PYTHONPATH: run from the repository, both trees would be this one)
                out = subprocess.run([sys.executable, "-c", CHECK, str(roots[name])], env=_env(tree), cwd=roots[name],
                                     capture_output=True, text=True, check=True).stdout
                check[name].append(float(out.strip().splitlines()[-1]))
                query[name].append(_wall([sys.executable, "-m", "graphmind", "callers", args.symbol],
                                         roots[name], _env(tree)))
        load.append(os.getloadavg()[0])
    for metric, samples in (("noop_check_seconds", check), ("callers_process_seconds", query)):
        med = {k: statistics.median(v) for k, v in samples.items()}
        lines.append({"metric": metric, "corpus": args.corpus, "runs": args.runs,
                      "new_median": round(med["new"], 4), "old_median": round(med["old"], 4),
                      "old_over_new": round(med["old"] / med["new"], 2),
                      "new": [round(x, 4) for x in samples["new"]], "old": [round(x, 4) for x in samples["old"]],
                      "loadavg_start_end": load})
    benchkit.report(lines, "startup.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
