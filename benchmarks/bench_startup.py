"""What a query costs without a daemon: the no-op freshness check and a whole `graphmind callers` process,
this tree against a baseline tree run side by side (alternated, same shell, medians and their ratio).

    git archive <base> | tar -x -C BASE_DIR            # the old code, once
    python benchmarks/bench_startup.py --baseline BASE_DIR [--corpus django] [--runs 9] [--append]

The corpus is copied to a temporary folder and indexed once by each tree (their schemas may differ:
each keeps its own copy). Each tree's modules are compiled first (its `__pycache__/`, ignored by git), as
an installed wheel's are: where PYTHONDONTWRITEBYTECODE is set, a source tree would otherwise be
compiled again by every process. (Not PYTHONPYCACHEPREFIX: the installed dependencies' bytecode would
not be found under the prefix, and typer and click would be compiled on every run.) Wall and CPU seconds are both reported: on a
loaded machine the wall time is mostly waiting for a core. One JSON line per figure on stdout; --append adds them to
results/startup.jsonl. The load average is printed with them: the machine is shared.
"""
from __future__ import annotations

import argparse
import os
import resource
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
t, c = time.perf_counter(), time.process_time()
f = freshness.current(root)
dt, dc = time.perf_counter() - t, time.process_time() - c
assert f.changed == 0, f
print(dt, dc)
"""


def _env(tree: Path) -> dict:
    return dict(os.environ, PYTHONPATH=str(tree), PYTHONUTF8="1")


def _timed(cmd: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(wall, CPU) seconds of a child process."""
    r0, t = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall, r1 = time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime


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
        envs = {}
        for name, tree in trees.items():
            envs[name] = _env(tree)
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "graphmind")], env=envs[name],
                           stdout=subprocess.DEVNULL, check=True)
        check = {k: [] for k in trees}
        check_cpu = {k: [] for k in trees}
        query = {k: [] for k in trees}
        query_cpu = {k: [] for k in trees}
        load = [os.getloadavg()[0]]
        for i in range(args.runs):
            for name in (list(trees) if i % 2 == 0 else list(reversed(list(trees)))):
                # cwd: the copy, not this checkout (`-c` puts the working folder first on sys.path,
                # ahead of PYTHONPATH: run from the repository, both trees would be this one)
                out = subprocess.run([sys.executable, "-c", CHECK, str(roots[name])], env=envs[name], cwd=roots[name],
                                     capture_output=True, text=True, check=True).stdout
                wall, cpu = map(float, out.strip().splitlines()[-1].split())
                check[name].append(wall)
                check_cpu[name].append(cpu)
                wall, cpu = _timed([sys.executable, "-m", "graphmind", "callers", args.symbol], roots[name], envs[name])
                query[name].append(wall)
                query_cpu[name].append(cpu)
        load.append(os.getloadavg()[0])
    for metric, samples in (("noop_check_seconds", check), ("noop_check_cpu_seconds", check_cpu),
                            ("callers_process_seconds", query), ("callers_process_cpu_seconds", query_cpu)):
        med = {k: statistics.median(v) for k, v in samples.items()}
        lines.append({"metric": metric, "corpus": args.corpus, "runs": args.runs,
                      "new_median": round(med["new"], 4), "old_median": round(med["old"], 4),
                      "old_over_new": round(med["old"] / med["new"], 2),
                      "new": [round(x, 4) for x in samples["new"]], "old": [round(x, 4) for x in samples["old"]],
                      "loadavg_start_end": load})
    benchkit.report(lines, "startup.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
