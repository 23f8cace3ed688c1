"""What a query costs without a daemon: the no-op freshness check, a no-op `graphmind index` (its own
`seconds`, in-process) and whole query processes (`callers`,
`blast-radius`, `search`), this tree against a baseline tree run side by side (alternated, same shell,
medians and their ratio), with a bare interpreter (`python -c pass`) and `python -c "import typer"` timed
in the same loop as the floor and the old cost of the command line's framework.

    git archive <base> | tar -x -C BASE_DIR            # the old code, once
    python benchmarks/bench_startup.py --baseline BASE_DIR [--corpus django] [--runs 9] [--append]
        [--indexed DIR]     # one indexed copy shared by both trees (same schema): no indexing here

The corpus is copied to a temporary folder and indexed once by each tree (their schemas may differ:
each keeps its own copy), unless --indexed names a copy already indexed. Each tree's modules are
compiled first (its `__pycache__/`, ignored by git), as an installed wheel's are: where
PYTHONDONTWRITEBYTECODE is set, a source tree would otherwise be compiled again by every process. (Not
PYTHONPYCACHEPREFIX: the installed dependencies' bytecode would not be found under the prefix, and typer
and click would be compiled on every run.) Wall and CPU seconds are both reported: on a loaded machine
the wall time is mostly waiting for a core. One JSON line per figure on stdout; --append adds them to
results/startup.jsonl. The load average is printed with them: the machine is shared.
"""
from __future__ import annotations

import argparse
import json
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


QUERIES = {"callers": ["callers", "{symbol}"], "blast_radius": ["blast-radius", "{symbol}"],
           "search": ["search", "{word}"]}
PEERS = {"python_c_pass": ["-c", "pass"], "import_typer": ["-c", "import typer"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", type=Path, required=True, help="a source tree of the old code (git archive)")
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--symbol", default="get_object_or_404")
    ap.add_argument("--word", default="get_object")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--indexed", type=Path, help="an indexed copy of the corpus, used by both trees")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    trees = {"new": HERE, "old": args.baseline.resolve()}
    lines = []
    with tempfile.TemporaryDirectory(prefix="gm-startup-") as tmp:
        if args.indexed:
            roots = {name: args.indexed.resolve() for name in trees}
        else:
            roots = benchkit.indexed_copies(trees, args.corpus, Path(tmp))
        envs = {}
        for name, tree in trees.items():
            envs[name] = _env(tree)
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "graphmind")], env=envs[name],
                           stdout=subprocess.DEVNULL, check=True)
        samples = {m: {k: [] for k in trees} for m in ("noop_check_seconds", "noop_check_cpu_seconds",
                                                       "noop_index_inprocess_seconds",
                                                       *(f"{q}_process_{u}" for q in QUERIES for u in ("seconds", "cpu_seconds")))}
        peers = {f"{p}_{u}": [] for p in PEERS for u in ("seconds", "cpu_seconds")}
        load = [os.getloadavg()[0]]
        for i in range(args.runs):
            for peer, argv in PEERS.items():
                wall, cpu = _timed([sys.executable, *argv], roots["new"], envs["new"])
                peers[f"{peer}_seconds"].append(wall)
                peers[f"{peer}_cpu_seconds"].append(cpu)
            for name in (list(trees) if i % 2 == 0 else list(reversed(list(trees)))):
                # cwd: the copy, not this checkout (`-c` puts the working folder first on sys.path,
                # ahead of PYTHONPATH: run from the repository, both trees would be this one)
                out = subprocess.run([sys.executable, "-c", CHECK, str(roots[name])], env=envs[name], cwd=roots[name],
                                     capture_output=True, text=True, check=True).stdout
                wall, cpu = map(float, out.strip().splitlines()[-1].split())
                samples["noop_check_seconds"][name].append(wall)
                samples["noop_check_cpu_seconds"][name].append(cpu)
                out = subprocess.run([sys.executable, "-m", "graphmind", "index", "--json"], cwd=roots[name],
                                     env=envs[name], capture_output=True, text=True, check=True).stdout
                summary = json.loads(out)
                assert summary["changed"] == summary["removed"] == 0, summary
                samples["noop_index_inprocess_seconds"][name].append(summary["seconds"])
                for query, argv in QUERIES.items():
                    argv = [a.format(symbol=args.symbol, word=args.word) for a in argv]
                    wall, cpu = _timed([sys.executable, "-m", "graphmind", *argv], roots[name], envs[name])
                    samples[f"{query}_process_seconds"][name].append(wall)
                    samples[f"{query}_process_cpu_seconds"][name].append(cpu)
        load.append(os.getloadavg()[0])
    for metric, by_tree in samples.items():
        med = {k: statistics.median(v) for k, v in by_tree.items()}
        lines.append({"metric": metric, "corpus": args.corpus, "runs": args.runs,
                      "new_median": round(med["new"], 4), "old_median": round(med["old"], 4),
                      "old_over_new": round(med["old"] / med["new"], 2),
                      "new": [round(x, 4) for x in by_tree["new"]], "old": [round(x, 4) for x in by_tree["old"]],
                      "loadavg_start_end": load})
    for metric, values in peers.items():
        lines.append({"metric": metric, "runs": args.runs, "median": round(statistics.median(values), 4),
                      "values": [round(x, 4) for x in values], "loadavg_start_end": load})
    benchkit.report(lines, "startup.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
