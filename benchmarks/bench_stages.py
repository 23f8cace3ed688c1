#!/usr/bin/env python3
"""Where a cold index spends its CPU: extraction (and its flow facts), writing, tables, resolution,
indexes and the garbage collector, for one or more source trees side by side.

Usage (with the interpreter graphmind is installed in):
    python benchmarks/bench_stages.py [--corpus django] [--runs 2] [--tree REV ...] [--append]

Each corpus is copied once into a temporary folder; every run indexes it cold and serially (one
process, `jobs=1`, so every stage's CPU is in that process) in a fresh interpreter whose graphmind is
this working tree (`tree`) or the sources of a commit (`git archive REV`), the variants alternated
run after run. Stages are timed by thin wrappers around a few calls (CPU seconds, `process_time`),
the collector through `gc.callbacks` (the same functions exist from 20f0930, the tree the speed issue
was filed at, onward). One JSON line per corpus, variant and run, then medians, with the row counts
(more rows is more work: compare CPU with them);
`--append` adds them to benchmarks/results/stages.jsonl.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchkit import corpus_path, log, report

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "stages.jsonl"
# extract_all: parse + extraction of every file (parse: tree-sitter's parse; tags_query: the tag query's
# matches; flow: the flow facts, of which flow_query is their queries' matches; queries: both queries,
# run as one where a tree has parser.tag_and_flow_matches, then outside `flow`)
STAGES = ("extract_all", "parse", "queries", "tags_query", "flow", "flow_query", "write", "tables", "resolve",
          "indexes")

# Runs in the child interpreter: argv = root.
CHILD = r'''
import gc, json, sys, time
from pathlib import Path
import graphmind.index.indexer as ix, graphmind.index.extractor as ex, graphmind.resolve.passes as ps
import graphmind.index.parser as pa
from graphmind.store import Store
acc, gct = {}, {"s": 0.0, "t": 0.0}
def wrap(owner, name, key):
    f = getattr(owner, name)
    def timed(*a, **k):
        c = time.process_time()
        try:
            return f(*a, **k)
        finally:
            acc[key] = acc.get(key, 0.0) + time.process_time() - c
    setattr(owner, name, timed)
for owner, name, key in ((ix, "process_batch", "extract_all"), (ex, "extract_flow", "flow"),
                         (ps, "load_tables", "tables"), (ix, "resolve_pending", "resolve"),
                         (Store, "write_results", "write"), (Store, "create_indexes", "indexes"),
                         (pa, "parse", "parse"), (pa, "matches", "tags_query"), (pa, "flow_matches", "flow_query")):
    wrap(owner, name, key)
if hasattr(pa, "tag_and_flow_matches"):
    wrap(pa, "tag_and_flow_matches", "queries")
def collected(phase, info):
    if phase == "start":
        gct["t"] = time.process_time()
    else:
        gct["s"] += time.process_time() - gct["t"]
gc.callbacks.append(collected)
c0 = time.process_time()
summary = ix.index_workspace(Path(sys.argv[1]), jobs=1)
cpu = time.process_time() - c0
if not hasattr(pa, "tag_and_flow_matches"):
    acc["queries"] = acc.get("tags_query", 0.0) + acc.get("flow_query", 0.0)
store = Store(Path(sys.argv[1]))
count = lambda sql: store.conn.execute(sql).fetchall()
try:                                   # trees before the flow facts have no bindings table
    rows = dict(count("SELECT kind, count(*) FROM bindings GROUP BY kind"))
except Exception:
    rows = {}
sizes = {t: count(f"SELECT count(*) FROM {t}")[0][0] for t in ("files", "symbols", "calls")}
store.close()
print(json.dumps({"cpu": cpu, "gc": gct["s"], **acc, "edges": summary.edges, "args_rows": rows.get("args", 0),
                  "bindings": sum(rows.values()), **sizes}))
'''


def run(source: Path, root: Path) -> dict:
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    # cwd: the copy, not this checkout (`-c` puts the working folder first on sys.path, ahead of PYTHONPATH)
    proc = subprocess.run([sys.executable, "-c", CHILD, str(root)], env=dict(os.environ, PYTHONPATH=str(source)),
                          cwd=root, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", nargs="+", default=["django"])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--tree", nargs="*", action="extend", default=[],
                    help="commits to run beside the working tree (`--tree A B` or `--tree A --tree B`)")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          check=False)
    stamp = {"time": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "commit": head.stdout.strip(),
             "loadavg_start": round(os.getloadavg()[0], 2)}
    lines = []
    with tempfile.TemporaryDirectory(prefix="gm-bench-stages-") as tmp:
        variants = {"tree": REPO}
        for rev in args.tree:
            dest = Path(tmp) / f"src-{rev}"
            dest.mkdir()
            archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
            variants[rev] = dest
        for name in args.corpus:
            root = Path(tmp) / name
            shutil.copytree(corpus_path(name), root, ignore=shutil.ignore_patterns(".graphmind"))
            runs: dict[str, list[dict]] = {}
            for i in range(args.runs):
                for variant, source in variants.items():
                    res = {k: round(v, 2) if isinstance(v, float) else v for k, v in run(source, root).items()}
                    runs.setdefault(variant, []).append(res)
                    log(f"run {i + 1}: {name} {variant} {res}", "bench_stages")
                    lines.append({"figure": "stage_cpu_s", "corpus": name, "variant": variant, "run": i + 1, **res})
            for variant, rs in runs.items():
                med = {k: round(statistics.median(r.get(k, 0.0) for r in rs), 2) for k in ("cpu", "gc", *STAGES)}
                lines.append({"figure": "stage_cpu_s_median", "corpus": name, "variant": variant, "n_runs": len(rs),
                              **med, **{k: rs[-1].get(k) for k in ("edges", "args_rows", "bindings", "files",
                                                                   "symbols", "calls")}})
    stamp["loadavg_end"] = round(os.getloadavg()[0], 2)
    report(lines, RESULTS.name if args.append else None, **stamp)


if __name__ == "__main__":
    main()
