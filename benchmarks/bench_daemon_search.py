"""A search request to the daemon over its socket, old code against new, alternated: the wall time the
asker waits and the CPU the daemon process spends per request (utime + stime from /proc, less what it
spends idle over an equal span). ROOT must be indexed and embedded (`graphmind embed`) by the code of
both trees (same schema).

Usage: python benchmarks/bench_daemon_search.py ROOT --old OLD_TREE [--rounds 3] [--mode hybrid]
       [--results search_semantic.jsonl]
The old tree is a folder holding an older `graphmind/` package (with schema.sql and queries/ beside it),
e.g. `git archive REV graphmind schema.sql queries | tar -x -C OLD_TREE`; its daemon runs with
PYTHONPATH pointing there."""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_embed import QUERIES
from benchkit import log, report

from graphmind.live import client


def daemon_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_daemon(root: Path, tree: Path | None, mode: str) -> tuple[list[float], float]:
    """Start a daemon from `tree` (None: the installed code), ask every query once; (walls, CPU per request)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    subprocess.run([sys.executable, "-m", "graphmind", "daemon", "start", "--root", str(root)], check=True,
                   capture_output=True, env=env)
    try:
        pid = client.read_pid(root)
        client.request(root, "wait_fresh", io_timeout=120, timeout=100)
        client.request(root, "search", io_timeout=120, query="warm up", mode=mode)
        time.sleep(2)
        walls = []
        c0, t0 = daemon_cpu_s(pid), time.perf_counter()
        for q in QUERIES:
            t = time.perf_counter()
            reply = client.request(root, "search", io_timeout=60, query=q, mode=mode)
            walls.append(time.perf_counter() - t)
            assert reply["ok"] and reply["mode"] == mode, reply
        span, busy = time.perf_counter() - t0, daemon_cpu_s(pid) - c0
        c1 = daemon_cpu_s(pid)
        time.sleep(span)
        idle = daemon_cpu_s(pid) - c1
        return walls, (busy - idle) / len(QUERIES)
    finally:
        subprocess.run([sys.executable, "-m", "graphmind", "daemon", "stop", "--root", str(root)],
                       capture_output=True, check=False, env=env)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--old", type=Path, required=True, help="a folder holding the old graphmind/ package")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--mode", default="hybrid")
    ap.add_argument("--results", default=None, help="append the figures to benchmarks/results/FILE")
    args = ap.parse_args(argv)
    walls: dict[str, list[float]] = {"old": [], "new": []}
    cpus: dict[str, list[float]] = {"old": [], "new": []}
    loads = []
    for r in range(args.rounds):
        for name, tree in (("old", args.old), ("new", None)):
            w, c = one_daemon(args.root, tree, args.mode)
            walls[name] += w
            cpus[name].append(c)
            loads.append(os.getloadavg()[0])
            log(f"round {r + 1} {name}: p50 wall {statistics.median(w) * 1000:.1f} ms, cpu/request {c * 1000:.1f} ms",
                "daemon_search")
    med = {n: (statistics.median(walls[n]) * 1000, statistics.median(cpus[n]) * 1000) for n in walls}
    lines = [{"bench": "daemon_search", "code": n, "mode": args.mode, "requests": len(walls[n]),
              "p50_wall_ms": round(med[n][0], 1), "cpu_per_request_ms": round(med[n][1], 1)} for n in walls]
    lines.append({"bench": "daemon_search", "ratio": "new/old", "p50_wall": round(med["new"][0] / med["old"][0], 2),
                  "cpu_per_request": round(med["new"][1] / med["old"][1], 2), "rounds": args.rounds,
                  "load_avg_median": round(statistics.median(loads), 2)})
    report(lines, args.results, corpus=args.root.name)


if __name__ == "__main__":
    main()
