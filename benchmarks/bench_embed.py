#!/usr/bin/env python3
"""The cost of embedding definitions with the numpy encoder (the embed extra), per definition, on a
sample of a corpus's real definition texts: by token cap, batch size and encoding threads (each with a
one-thread BLAS), as wall time and as CPU time (the machine is shared: CPU seconds say what an idle
machine would take, divided by its cores).

With --search (ROOT embedded by `graphmind embed`): query latency, lexical vs semantic vs hybrid, in a
warm process (the daemon's and the MCP server's case: model loaded, vectors in memory) and as a fresh
`graphmind search` process, as medians over alternated runs. With --daemon: a fresh `graphmind search
--mode hybrid` process with a daemon running (it asks the daemon) against the same process searching
itself, alternated, and the daemon's socket request alone.

Usage: python benchmarks/bench_embed.py ROOT [--sample 512] [--runs 3] [--search|--daemon] [--results embed.jsonl]
ROOT is an indexed copy of a corpus (never the read-only cache). Each configuration runs in its own
process.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchkit import log, report

CHILD = r"""
import json, random, sys, time
from pathlib import Path
from graphmind.store import open_reader
from graphmind.semantic.collect import workspace_items
from graphmind.semantic.model import Model
root, sample, cap, batch, runs, threads = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
conn = open_reader(root)
t0 = time.perf_counter()
texts = [it.text for _, items in workspace_items(conn, root, "m", cap) for it in (items or [])]
collect = time.perf_counter() - t0
total = len(texts)
random.Random(19).shuffle(texts)
texts = texts[:sample]
t0 = time.perf_counter(); model = Model(max_tokens=cap); load = time.perf_counter() - t0
times, cpu = [], []
for _ in range(runs):
    t0, c0 = time.perf_counter(), time.process_time()
    model.encode(texts, batch=batch, threads=threads)
    times.append(time.perf_counter() - t0); cpu.append(time.process_time() - c0)
tokens = sum(len(e.ids) for e in model.tokenizer.encode_batch(texts))
print(json.dumps({"definitions": total, "collect_s": collect, "load_s": load, "times": times, "cpu": cpu, "tokens": tokens}))
"""


def measure(root: Path, sample: int, cap: int, batch: int, threads: int, runs: int) -> dict:
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(sample), str(cap), str(batch), str(runs), str(threads)],
                         env=env, capture_output=True, text=True, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    med = statistics.median(got["times"])
    n = min(sample, got["definitions"])
    per = med / n
    cpu = statistics.median(got["cpu"]) / n
    return {"bench": "embed_encode", "max_tokens": cap, "batch": batch, "threads": threads, "sample": sample,
            "median_s": round(med, 3), "ms_per_definition": round(per * 1000, 3),
            "mean_tokens": round(got["tokens"] / min(sample, got["definitions"]), 1),
            "definitions": got["definitions"], "workspace_estimate_s": round(per * got["definitions"], 1),
            "cpu_ms_per_definition": round(cpu * 1000, 3),
            "workspace_cpu_s": round(cpu * got["definitions"], 1),
            "collect_s": round(got["collect_s"], 2), "model_load_s": round(got["load_s"], 2),
            "load_avg": os.getloadavg()[0]}


QUERIES = ["send the request again after a failure", "check the password of a user", "render a template to a string",
           "parse the date in an HTTP header", "escape html special characters", "QuerySet.filter",
           "validate an email address", "connect to the database", "cache the result of a method",
           "translate a message into the active language", "get_object_or_404", "sign a value with the secret key"]


def search_latency(root: Path, runs: int) -> list[dict]:
    """p50 of a query per mode: warm in-process, then a fresh CLI process (alternated)."""
    from graphmind.semantic.fusion import search_modes
    from graphmind.semantic.model import shared_model
    from graphmind.store import open_reader
    from graphmind.store.vectors import count_vectors
    conn = open_reader(root)
    t0 = time.perf_counter()
    shared_model()
    search_modes(conn, root, "warm up", mode="hybrid")
    first = time.perf_counter() - t0
    warm: dict[str, list[float]] = {m: [] for m in ("lexical", "semantic", "hybrid")}
    for _ in range(runs):
        for q in QUERIES:
            for mode in warm:
                t0 = time.perf_counter()
                search_modes(conn, root, q, mode=mode, limit=20)
                warm[mode].append(time.perf_counter() - t0)
    cold: dict[str, list[float]] = {m: [] for m in ("lexical", "hybrid")}
    for q in QUERIES[:6]:
        for mode in cold:
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "graphmind", "search", q, "--mode", mode, "--no-refresh"],
                           cwd=root, check=True, capture_output=True)
            cold[mode].append(time.perf_counter() - t0)
    load = os.getloadavg()[0]
    out = [{"bench": "embed_search", "process": "warm", "mode": m, "queries": len(v),
            "p50_ms": round(statistics.median(v) * 1000, 1), "load_avg": load} for m, v in warm.items()]
    out += [{"bench": "embed_search", "process": "fresh_cli", "mode": m, "queries": len(v),
             "p50_ms": round(statistics.median(v) * 1000, 1), "load_avg": load} for m, v in cold.items()]
    out.append({"bench": "embed_search", "process": "first_query_model_load", "seconds": round(first, 2),
                "vectors": count_vectors(root)})
    return out


IN_PROCESS = """
import sys
from graphmind.live import remote
remote.search = lambda *a, **k: None           # the path before the daemon's search op: search in this process
sys.argv = ["graphmind", *sys.argv[1:]]
from graphmind.cli import main
main()
"""


def daemon_latency(root: Path, runs: int) -> list[dict]:
    """With a daemon running: a fresh `graphmind search --mode hybrid` process that asks it, against the
    same process searching itself (model load included), alternated per query; and the socket request."""
    from graphmind.live import client
    subprocess.run([sys.executable, "-m", "graphmind", "daemon", "start", "--root", str(root)], check=True,
                   capture_output=True)
    try:
        client.request(root, "search", io_timeout=120, query="warm up", mode="hybrid")
        times: dict[str, list[float]] = {"fresh_cli_via_daemon": [], "fresh_cli_in_process": [],
                                         "fresh_cli_lexical": [], "socket": []}
        runs_of = (("fresh_cli_via_daemon", ["-m", "graphmind"], "hybrid"),
                   ("fresh_cli_in_process", ["-c", IN_PROCESS], "hybrid"),
                   ("fresh_cli_lexical", ["-m", "graphmind"], "lexical"))
        for _ in range(runs):
            for q in QUERIES:
                for name, argv, mode in runs_of:
                    t0 = time.perf_counter()
                    subprocess.run([sys.executable, *argv, "search", q, "--mode", mode, "--no-refresh"],
                                   cwd=root, check=True, capture_output=True)
                    times[name].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                client.request(root, "search", io_timeout=60, query=q, mode="hybrid")
                times["socket"].append(time.perf_counter() - t0)
    finally:
        subprocess.run([sys.executable, "-m", "graphmind", "daemon", "stop", "--root", str(root)], capture_output=True,
                       check=False)
    load = os.getloadavg()[0]
    return [{"bench": "embed_search", "process": name, "mode": "lexical" if name.endswith("lexical") else "hybrid",
             "queries": len(v),
             "p50_ms": round(statistics.median(v) * 1000, 1), "load_avg": load} for name, v in times.items()]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--sample", type=int, default=512)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--configs", default="128:32:2,64:32:2,256:32:2,128:8:2,128:64:2,128:32:1",
                    help="comma-separated max_tokens:batch:threads")
    ap.add_argument("--results", default=None, help="append the figures to benchmarks/results/FILE")
    ap.add_argument("--search", action="store_true", help="measure query latency instead (ROOT embedded)")
    ap.add_argument("--daemon", action="store_true", help=(
        "measure a fresh `graphmind search` through a running daemon against searching in-process (ROOT embedded)"))
    args = ap.parse_args(argv)
    if args.daemon:
        report(daemon_latency(args.root, args.runs), args.results, corpus=args.root.name)
        return
    if args.search:
        report(search_latency(args.root, args.runs), args.results, corpus=args.root.name)
        return
    lines = []
    for spec in args.configs.split(","):
        cap, batch, threads = map(int, spec.split(":"))
        log(f"max_tokens={cap} batch={batch} threads={threads}", "embed")
        lines.append(measure(args.root, args.sample, cap, batch, threads, args.runs))
        print(json.dumps(lines[-1]), file=sys.stderr)
    report(lines, args.results, corpus=args.root.name)


if __name__ == "__main__":
    main()
