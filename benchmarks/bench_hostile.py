#!/usr/bin/env python3
"""A hostile file planted in a real project (issue 36): the cold index of Flask and Requests with and
without a 50,000-level nested-call file (and the other generated pathological files), run as
`graphmind index` subprocesses side by side (interleaved, medians), and how long after SIGTERM a cold
index with the planted file exits.

Usage: python benchmarks/bench_hostile.py [--runs 3] [--corpora flask,requests] [--append]
  → one JSON line per figure on stdout (wall and children's CPU seconds; the ratio with/without).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import REPO, corpus_path, corpus_version, log, report

sys.path.insert(0, str(REPO / "tests"))
from hostile_files import pathological  # noqa: E402


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _index(root: Path) -> tuple[float, float]:
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    cpu, started = _cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "graphmind", "index", str(root)], check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(REPO)))
    return time.perf_counter() - started, _cpu() - cpu


def _sigterm_latency(root: Path, after: float) -> float:
    """Seconds from SIGTERM (sent `after` s into a cold index) to the process's exit."""
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", str(root)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(REPO)))
    time.sleep(after)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=300)
    return time.perf_counter() - sent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--corpora", default="flask,requests")
    ap.add_argument("--append", action="store_true", help="append the figures to results/hostile.jsonl")
    args = ap.parse_args()
    lines = []
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        for corpus in args.corpora.split(","):
            clean, planted = Path(tmp) / f"{corpus}-clean", Path(tmp) / f"{corpus}-planted"
            for root in (clean, planted):
                shutil.copytree(corpus_path(corpus), root, ignore=shutil.ignore_patterns(".graphmind"))
            (planted / "deep_calls.py").write_text(pathological()["calls.py"])
            every = Path(tmp) / f"{corpus}-every"
            shutil.copytree(clean, every)
            for name, text in pathological().items():
                (every / f"hostile_{name}").write_text(text)
            times: dict[str, list[tuple[float, float]]] = {"clean": [], "planted": [], "every": []}
            for run in range(args.runs):              # interleaved: the machine's load hits each alike
                for name, root in (("clean", clean), ("planted", planted), ("every", every)):
                    times[name].append(_index(root))
                    log(f"{corpus} {name} run {run}: {times[name][-1][0]:.2f} s wall, {times[name][-1][1]:.2f} s CPU")
            med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in times.items()}
            for name in ("planted", "every"):
                lines.append({"bench": "hostile_index", "corpus": corpus, "version": corpus_version(corpus),
                              "case": name, "runs": args.runs,
                              "wall_s": round(med[name][0], 3), "clean_wall_s": round(med["clean"][0], 3),
                              "cpu_s": round(med[name][1], 3), "clean_cpu_s": round(med["clean"][1], 3),
                              "wall_ratio": round(med[name][0] / med["clean"][0], 3),
                              "cpu_ratio": round(med[name][1] / med["clean"][1], 3), "load1": round(load, 1)})
            for after in (1.0, 3.0, 6.0):
                lat = [_sigterm_latency(planted, after) for _ in range(args.runs)]
                lines.append({"bench": "hostile_sigterm", "corpus": corpus, "sent_after_s": after,
                              "runs": args.runs, "median_exit_s": round(statistics.median(lat), 3),
                              "max_exit_s": round(max(lat), 3), "load1": round(load, 1)})
                log(f"{corpus} SIGTERM at {after} s: exit after {lat}")
    report(lines, "hostile.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
