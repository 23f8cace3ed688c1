#!/usr/bin/env python3
"""Cold index of SymPy beside Django (the type evaluator's scale), optionally beside a baseline commit.

Usage (with the interpreter graphmind is installed in):
    python benchmarks/bench_resolve.py [--corpus sympy django] [--runs 2] [--baseline REV [REV …] [--baseline-corpus django]]
        [--tree REV]
        [--append]

Each corpus (fetched beforehand: `python scripts/fetch_corpora.py sympy django`) is copied once into a
temporary folder; every run deletes `.graphmind` and indexes it cold in a fresh interpreter. With
`--baseline REV …` the sources of those commits (`git archive`) are indexed by the same interpreter in the
same loop, run after run, so both variants see the same machine load. Prints one JSON line per
corpus and variant (median wall seconds, and CPU seconds of the index process with its parser
workers: on a shared machine the CPU figure is the steadier one; edges) and one per ratio: SymPy / Django within a variant,
this tree / each baseline for each corpus; the load average at start and end. `--append` adds them to benchmarks/results/resolve.jsonl.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import corpus_path, corpus_version, log, report

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "resolve.jsonl"
RUNNER = "import sys; from graphmind.cli import main; sys.argv[0] = 'graphmind'; sys.exit(main())"


def index_cold(source: Path, root: Path) -> dict:
    """One cold `graphmind index --json` of root with the package found in `source`."""
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=str(source))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", RUNNER, "index", "--json", str(root)], cwd=root, env=env,
                          capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)     # the index process and its parser workers
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if proc.returncode != 0:
        raise RuntimeError(f"index of {root} failed: {proc.stderr.decode()[-2000:]}")
    return {"wall": wall, "cpu": cpu, **json.loads(proc.stdout)}


def baseline_tree(rev: str, dest: Path) -> Path:
    """The sources of a commit, unpacked (`git archive`)."""
    dest.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def commit(rev: str = "HEAD") -> str:
    return subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", rev], capture_output=True,
                          text=True).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", nargs="+", default=["sympy", "django"])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--baseline", nargs="+", default=None,
                    help="commits to run side by side (e.g. main); the first is `baseline`, others `baseline@REV`")
    ap.add_argument("--baseline-corpus", nargs="+", default=None,
                    help="run the baseline on these corpora only (default: every corpus)")
    ap.add_argument("--tree", default=None, help="a commit to run as this tree (default: the working tree)")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    load_start = round(os.getloadavg()[0], 2)
    measured = commit(args.tree or "HEAD")      # what runs as the tree: read now, not after the runs
    with tempfile.TemporaryDirectory(prefix="gm-bench-resolve-") as tmp:
        variants = {"tree": baseline_tree(args.tree, Path(tmp) / "tree") if args.tree else REPO}
        for i, rev in enumerate(args.baseline or ()):
            variants["baseline" if i == 0 else f"baseline@{rev}"] = baseline_tree(rev, Path(tmp) / f"baseline{i}")
        roots = {}
        for name in args.corpus:
            roots[name] = Path(tmp) / name
            shutil.copytree(corpus_path(name), roots[name], ignore=shutil.ignore_patterns(".graphmind"))
        walls: dict[tuple[str, str], list[float]] = {}
        cpus: dict[tuple[str, str], list[float]] = {}
        edges: dict[tuple[str, str], int] = {}
        for run in range(args.runs):
            for name in args.corpus:
                for variant, source in variants.items():
                    if variant.startswith("baseline") and args.baseline_corpus and name not in args.baseline_corpus:
                        continue
                    res = index_cold(source, roots[name])
                    walls.setdefault((name, variant), []).append(res["wall"])
                    cpus.setdefault((name, variant), []).append(res["cpu"])
                    edges[(name, variant)] = res.get("edges", 0)
                    log(f"run {run + 1}: {name} {variant} {res['wall']:.1f}s wall, {res['cpu']:.1f}s cpu,"
                        f" {res.get('edges')} edges")
    stamp = {"time": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "commit": measured,
             "baseline": commit(args.baseline[0]) if args.baseline else None, "n_runs": args.runs,
             "loadavg_start": load_start, "loadavg_end": round(os.getloadavg()[0], 2)}
    lines = []
    for figure, table in (("cold_index_s", walls), ("cold_index_cpu_s", cpus)):
        med = {key: statistics.median(xs) for key, xs in table.items()}
        for (name, variant), m in sorted(med.items()):
            lines.append({"figure": figure, "corpus": name, "version": corpus_version(name), "variant": variant,
                          "median": round(m, 2), "runs": [round(x, 2) for x in table[(name, variant)]],
                          "edges": edges[(name, variant)]})
        for variant in variants:
            if ("sympy", variant) in med and ("django", variant) in med:
                lines.append({"figure": f"sympy_over_django ({figure})", "variant": variant,
                              "ratio": round(med[("sympy", variant)] / med[("django", variant)], 3)})
        for variant in variants:
            for name in args.corpus:
                if variant == "tree" or (name, variant) not in med:
                    continue
                lines.append({"figure": f"tree_over_{variant} ({figure})", "corpus": name,
                              "ratio": round(med[(name, "tree")] / med[(name, variant)], 3)})
    report(lines, RESULTS.name if args.append else None, **stamp)


if __name__ == "__main__":
    main()
