#!/usr/bin/env python3
"""Benchmark of the daemon on a copy of Django: save latency, write->visible, a 500-file branch switch,
idle RSS and CPU. The peer is the daemon-less path: an in-process refresh (what a query pays first).

Usage: python benchmarks/bench_daemon.py [--corpus django|goyaml|goyaml+flask] [--saves N] [--switch-files N]
    [--idle S] [--saves-only] [--variant LABEL] [--append]
`--corpus`: Django (default); goyaml (Go: its hooks rewrite the resolver's tables each pass); goyaml and
Flask side by side in one workspace, saves alternating between a Go and a Python file.
Prints one JSON line per figure (`--append`: also to results/daemon.jsonl, stamped). To run an older
tree side by side, put its sources first on PYTHONPATH (`git archive REV`) and name it with --variant:
the daemon and the in-process peer then run that tree's graphmind. The corpus (scripts/fetch_corpora.py) is copied to a temporary
folder first, without any .graphmind, so the cache is never written.

Figures:
  save_commit_ms        batch taken -> committed, one-file saves (the daemon's own clock), p50/p99
  save_event_commit_ms  last inotify event -> committed (includes the 50 ms debounce), p50/p99
  save_visible_ms       write() returned -> a query over the socket sees the new symbol, p50/p99
  peer_refresh_ms       the same one-file save, no daemon: in-process refresh (index_workspace)
  switch_fresh_s        rewrite N files (new content) -> wait_fresh says fresh; then back; then again
  idle_rss_mb, idle_cpu_s  daemon RSS and CPU seconds used over an idle window
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

from benchkit import corpus_path, log

REPO = Path(__file__).resolve().parents[1]


def _log(msg: str) -> None:
    log(msg, "bench_daemon")


STAMP: dict = {}
APPEND: list[bool] = []
RESULTS = REPO / "benchmarks" / "results" / "daemon.jsonl"


def emit(metric: str, **fields) -> None:
    line = json.dumps({"bench": "daemon", "metric": metric, **fields, **STAMP})
    print(line, flush=True)
    if APPEND:
        with RESULTS.open("a") as f:
            f.write(line + "\n")


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 1)


def proc_stat(pid: int) -> tuple[float, int, int]:
    """(cpu seconds, rss bytes, peak rss bytes) of a process."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return cpu, int(status["VmRSS"].split()[0]) * 1024, int(status["VmHWM"].split()[0]) * 1024


def gm(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=cwd, capture_output=True, text=True,
                          check=True, timeout=900)


def wait_visible(client, root: Path, name: str, timeout: float = 120.0) -> float:
    """Poll a socket query until the symbol `name` is indexed; the time it took."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if client.request(root, "symbols", io_timeout=60.0, pattern=name, limit=1)["result"]:
            return time.perf_counter() - t0
        time.sleep(0.02)                        # polling must not steal the writer's CPU (2 cores)
    raise RuntimeError(f"{name} never became visible")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="django", choices=["django", "goyaml", "goyaml+flask"])
    ap.add_argument("--saves", type=int, default=20)
    ap.add_argument("--switch-files", type=int, default=500)
    ap.add_argument("--idle", type=float, default=30.0)
    ap.add_argument("--peer-runs", type=int, default=3)
    ap.add_argument("--saves-only", action="store_true", help="stop after the save figures")
    ap.add_argument("--variant", default="tree", help="a label for the graphmind found first on PYTHONPATH")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    import graphmind
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    STAMP.update(variant=args.variant, corpus=args.corpus, source=Path(graphmind.__file__).parents[1].name, commit=head.stdout.strip(),
                 ts=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    if args.append:
        APPEND.append(True)
    from graphmind.live import client
    from graphmind.index.indexer import index_workspace

    tmp = Path(tempfile.mkdtemp(prefix="gm-bench-daemon-"))
    root = tmp / args.corpus.replace("+", "_")
    for name in args.corpus.split("+"):
        shutil.copytree(corpus_path(name), root / name if "+" in args.corpus else root,
                        ignore=shutil.ignore_patterns(".graphmind"))
    every = sorted((root / "django").rglob("*.py")) if args.corpus == "django" else \
        sorted(p for p in root.rglob("*") if p.suffix in (".py", ".go"))
    by_lang = [[p for p in every if p.suffix == ext and p.stat().st_size > 2000] for ext in (".go", ".py")]
    py = [p for p in every if p.stat().st_size > 2000]
    emit("env", files_py=len(every), cpus=os.cpu_count(), loadavg=os.getloadavg()[0])
    _log("cold index (not timed here: see bench_index.py)")
    gm("index", ".", cwd=root)
    pid = None
    try:
        pid = json.loads(gm("daemon", "start", "--json", cwd=root).stdout)["pid"]
        client.wait_fresh(root, 120)
        # each file is saved twice in a row: the second save parses incrementally from the cached tree
        saves = [py[(i // 2) * 2 * len(py) // args.saves] for i in range(args.saves)]
        if "+" in args.corpus:                      # two saves of a Go file, two of a Python file, …
            saves = [by_lang[(i // 2) % 2][(i // 4) * 7 % len(by_lang[(i // 2) % 2])] for i in range(args.saves)]
        originals = {p: p.read_bytes() for p in saves}
        current = dict(originals)
        commit, event, visible = [], [], []
        for i, path in enumerate(saves):
            name = f"bench_saved_{i}"
            current[path] += (f"\n\ndef {name}():\n    return len('x')\n" if path.suffix == ".py"
                              else f"\nfunc {name}() int {{\n\treturn len(\"x\")\n}}\n").encode()
            path.write_bytes(current[path])
            visible.append(wait_visible(client, root, name) * 1000)
            assert client.wait_fresh(root, 120)["fresh"]
            last = client.request(root, "status", io_timeout=60.0)["last_update"]
            commit.append(last["ms"])
            event.append(last["event_to_commit_ms"])
            _log(f"save {i} {path.relative_to(root)}: visible {visible[-1]:.0f} ms, commit {commit[-1]:.0f} ms")
        for metric, xs in (("save_commit_ms", commit), ("save_event_commit_ms", event), ("save_visible_ms", visible)):
            emit(metric, p50=pct(xs, 0.5), p99=pct(xs, 0.99), median=round(statistics.median(xs), 1), n=len(xs))
        st = client.request(root, "status", io_timeout=60.0)
        emit("save_incremental_parses", value=st["reuse"]["incremental_parses"], of=len(saves))
        if args.saves_only:
            return
        time.sleep(3)                                          # idle: checkpoint, prune, memory released
        emit("rss_after_saves_mb", value=round(proc_stat(pid)[1] / 1e6, 1))

        # branch switch: N files get new content, then the originals back, then the new content again
        batch = every[-args.switch_files:]          # the tail of the sorted list: forms, http, middleware, …
        before = {p: p.read_bytes() for p in batch}
        after = {p: data + f"\n\ndef switched_{i}():\n    return None\n".encode() for i, (p, data) in enumerate(before.items())}
        for label, content in (("new_content", after), ("back", before), ("seen_before", after)):
            r0 = client.request(root, "status", io_timeout=60.0)["reuse"]
            t0 = time.perf_counter()
            for p, data in content.items():
                p.write_bytes(data)
            reply = client.wait_fresh(root, 300)
            took = time.perf_counter() - t0
            r1 = client.request(root, "status", io_timeout=60.0)["reuse"]
            reused, parsed = r1["reused"] - r0["reused"], r1["parsed"] - r0["parsed"]
            emit("switch_fresh_s", case=label, files=len(content), seconds=round(took, 2), fresh=reply["fresh"],
                 reused=reused, parsed=parsed)
            _log(f"switch {label}: {took:.2f}s fresh={reply['fresh']} reused={reused} parsed={parsed}")

        time.sleep(3)                                          # let the idle checkpoint/prune happen
        cpu0, rss0, _ = proc_stat(pid)
        time.sleep(args.idle)
        cpu1, rss1, peak = proc_stat(pid)
        status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
        parts = {k: round(int(status[k].split()[0]) / 1e3, 1) for k in ("RssAnon", "RssFile", "RssShmem") if k in status}
        emit("idle_rss_mb", value=round(rss1 / 1e6, 1), peak_mb=round(peak / 1e6, 1), loadavg=os.getloadavg()[0],
             **{f"{k}_mb": v for k, v in parts.items()})
        emit("idle_cpu_s", value=round(cpu1 - cpu0, 3), window_s=args.idle)
        gm("daemon", "stop", cwd=root)
        pid = None

        # peer: no daemon, each query first refreshes in-process
        peer, peer_noop = [], []
        for i in range(args.peer_runs):
            path = saves[2 * i]
            path.write_bytes(originals[path] + f"\n\ndef peer_{i}():\n    return 1\n".encode())
            t0 = time.perf_counter()
            index_workspace(root)
            peer.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            index_workspace(root)
            peer_noop.append((time.perf_counter() - t0) * 1000)
        emit("peer_refresh_ms", median=round(statistics.median(peer), 1), noop_median=round(statistics.median(peer_noop), 1),
             n=len(peer), daemon_visible_over_peer=round(statistics.median(visible) / statistics.median(peer), 2))
        for p, data in before.items():
            p.write_bytes(data)
        t0 = time.perf_counter()
        s = index_workspace(root)
        emit("peer_switch_refresh_s", files=s.changed, seconds=round(time.perf_counter() - t0, 2))
    finally:
        if pid is not None:
            subprocess.run([sys.executable, "-m", "graphmind", "daemon", "stop"], cwd=root, timeout=120)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
