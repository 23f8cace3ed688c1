#!/usr/bin/env python3
"""Search benchmark on a pinned corpus (default Django): what the lexical index costs, how fast search is.

1. Cold index with the lexical index off (GRAPHMIND_NO_LEXICAL=1: no FTS rows, no docstrings) and on,
   interleaved, `graphmind index --json` in a fresh interpreter each: wall seconds, CPU seconds of the
   whole process tree, database size. Ratios on/off are the figures the targets speak of (+25% time,
   +50% size at most).
2. Search latency, in-process, one read connection, over a seeded query mix drawn from the index
   (exact names, prefixes, dotted Class.method, misspellings, camelCase forms, words of names and
   paths): p50/p99/max per kind and overall, graph signals on, no embeddings. Peer: the existing
   `symbols` substring lookup (lookup.list_symbols) on the same name queries.
3. The cost of the recency signal (`git status` or mtimes), cold and cached.
4. Attribution: one serial in-process cold index with the lexical steps timed (robust to a noisy
   machine, where the wall-time ratios of step 1 are not).

Usage: python benchmarks/bench_search.py [--corpus django] [--runs 2] [--queries 300]
Prints one JSON line per figure.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import corpus_path

REPO = Path(__file__).resolve().parents[1]
SEED = 20240611


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    return s[max(0, -(-len(s) * p // 100) - 1)] if s else float("nan")


def emit(**doc) -> None:
    print(json.dumps({"bench": "search", **doc}), flush=True)


def db_bytes(root: Path) -> int:
    base = root / ".graphmind" / "index.db"
    return sum(os.path.getsize(str(base) + s) for s in ("", "-wal") if os.path.exists(str(base) + s))


def cold_index(root: Path, lexical: bool) -> dict:
    """One cold `graphmind index --json` run: wall and CPU seconds (whole process tree), size."""
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    env = dict(os.environ)
    env.pop("GRAPHMIND_NO_LEXICAL", None)
    if not lexical:
        env["GRAPHMIND_NO_LEXICAL"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "graphmind", "index", "--json", "."], cwd=root, env=env,
                         capture_output=True, check=True).stdout
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "inprocess": json.loads(out)["seconds"], "bytes": db_bytes(root)}


def bench_cold(root: Path, runs: int) -> None:
    res: dict[bool, list[dict]] = {False: [], True: []}
    for i in range(runs):
        for lexical in (False, True):
            res[lexical].append(cold_index(root, lexical))
            print(f"[bench] cold run {i + 1}/{runs} lexical={lexical}: {res[lexical][-1]}", file=sys.stderr)
    med = {lx: {k: statistics.median(r[k] for r in rs) for k in ("wall", "cpu", "inprocess", "bytes")}
           for lx, rs in res.items()}
    for lx in (False, True):
        emit(metric="cold_index", lexical=lx, runs=runs, wall_median=round(med[lx]["wall"], 2),
             cpu_median=round(med[lx]["cpu"], 2), inprocess_median=round(med[lx]["inprocess"], 2),
             db_bytes=int(med[lx]["bytes"]), walls=[round(r["wall"], 2) for r in res[lx]],
             cpus=[round(r["cpu"], 2) for r in res[lx]])
    emit(metric="lexical_overhead", wall_ratio=round(med[True]["wall"] / med[False]["wall"], 3),
         cpu_ratio=round(med[True]["cpu"] / med[False]["cpu"], 3),
         inprocess_ratio=round(med[True]["inprocess"] / med[False]["inprocess"], 3),
         size_ratio=round(med[True]["bytes"] / med[False]["bytes"], 3),
         note="lexical on / off, medians of interleaved cold runs on the same machine; targets: time <= 1.25, "
              "size <= 1.5; cpu = user+sys of the whole process tree (parser workers included)")


def bench_attribution(root: Path) -> None:
    """One serial in-process cold index with the lexical steps timed: their share of the run."""
    from graphmind.index import extractor
    from graphmind.store import searchindex
    from graphmind.index.indexer import index_workspace
    spent = {"add_file": 0.0, "delete_file": 0.0, "optimize": 0.0, "attach_docs": 0.0}
    originals = {"add_file": searchindex.add_file, "delete_file": searchindex.delete_file,
                 "optimize": searchindex.optimize, "attach_docs": extractor.attach_docs}

    def timed(name):
        def run(*args):
            t0 = time.perf_counter()
            try:
                return originals[name](*args)
            finally:
                spent[name] += time.perf_counter() - t0
        return run
    for name in ("add_file", "delete_file", "optimize"):
        setattr(searchindex, name, timed(name))
    extractor.attach_docs = timed("attach_docs")
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    try:
        t0 = time.perf_counter()
        index_workspace(root, jobs=1)
        total = time.perf_counter() - t0
    finally:
        for name in ("add_file", "delete_file", "optimize"):
            setattr(searchindex, name, originals[name])
        extractor.attach_docs = originals["attach_docs"]
    lexical = sum(spent.values())
    emit(metric="lexical_attribution", total_seconds=round(total, 2), lexical_seconds=round(lexical, 2),
         by_step={k: round(v, 3) for k, v in spent.items()}, share=round(lexical / total, 3),
         implied_overhead_ratio=round(total / (total - lexical), 3), db_bytes=db_bytes(root),
         note="index_workspace(root, jobs=1), one process: seconds inside the lexical steps (FTS rows, "
              "their deletion, the merge after the load, docstring extraction) / the whole run; "
              "implied ratio = total / (total - lexical), the CPU cost the lexical index adds")


def make_queries(conn, n: int, seed: int) -> list[tuple[str, str]]:
    """A seeded mix of realistic queries drawn from the indexed names and paths."""
    rng = random.Random(seed)
    rows = conn.execute("SELECT s.name, s.qualname, f.path FROM symbols s JOIN files f ON f.id = s.file_id"
                        " WHERE s.kind != 'module' ORDER BY s.id").fetchall()
    rows = [r for r in rows if len(r[0]) >= 4 and not r[0].startswith("__")]
    words = [w.lower() for _, q, p in rows for w in re.findall(r"[A-Za-z]{4,}", q + " " + p)]
    out: list[tuple[str, str]] = []
    per = n // 6
    for name, qual, _ in rng.sample(rows, per):
        out.append(("exact", name))
    for name, _, _ in rng.sample(rows, per):
        out.append(("prefix", name[: max(3, len(name) // 2)]))
    for name, qual, _ in rng.sample(rows, per):
        out.append(("dotted", ".".join(qual.split(".")[-2:])))
    for name, _, _ in rng.sample(rows, per):
        i = rng.randrange(1, len(name) - 1)
        out.append(("typo", name[:i] + name[i + 1:]))
    for name, _, _ in rng.sample(rows, per):
        parts = [p for p in name.split("_") if p]
        out.append(("camel", parts[0].lower() + "".join(p.capitalize() for p in parts[1:])))
    while len(out) < n:
        out.append(("words", " ".join(rng.sample(words, rng.choice((2, 3, 4))))))
    return out


def bench_latency(root: Path, n: int, seed: int) -> None:
    from graphmind.query import lookup, recency, search
    from graphmind.store import open_reader
    conn = open_reader(root)
    queries = make_queries(conn, n, seed)
    search.search(conn, "warm up the statement cache", limit=20)
    times: dict[str, list[float]] = {}
    empty, runs = 0, []
    for kind, q in queries:
        t0 = time.perf_counter()
        res = search.search(conn, q, limit=20)
        ms = (time.perf_counter() - t0) * 1000
        times.setdefault(kind, []).append(ms)
        runs.append((round(ms, 1), kind, q))
        empty += not res
    allms = [x for v in times.values() for x in v]
    slow = sorted(runs, reverse=True)
    emit(metric="search_latency", corpus=root.name, queries=len(allms), p50_ms=round(pct(allms, 50), 2),
         p99_ms=round(pct(allms, 99), 2), max_ms=round(max(allms), 2), empty_results=empty,
         by_kind={k: {"n": len(v), "p50_ms": round(pct(v, 50), 2), "p99_ms": round(pct(v, 99), 2),
                      "max_ms": round(max(v), 2)} for k, v in times.items()},
         slowest=slow[:5], note="search.search(conn, q, limit=20), graph on, no recency, in-process, one read "
                                "connection; targets p50 <= 20 ms, p99 <= 100 ms")
    peer = []
    for kind, q in queries:
        if kind in ("exact", "prefix"):
            t0 = time.perf_counter()
            lookup.list_symbols(conn, q, None, None, 20)
            peer.append((time.perf_counter() - t0) * 1000)
    names = times["exact"] + times["prefix"]
    emit(metric="peer_symbols_substring", p50_ms=round(pct(peer, 50), 2), p99_ms=round(pct(peer, 99), 2),
         search_p50_ms_same_queries=round(pct(names, 50), 2),
         ratio_p50=round(pct(names, 50) / pct(peer, 50), 2),
         note="lookup.list_symbols (graphmind symbols PATTERN: substring scan of qualified names) on the exact "
              "and prefix queries; ratio = search p50 / peer p50")
    recency._cache.clear()
    t0 = time.perf_counter()
    recent = recency.recent_files(conn, root)
    cold_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    recency.recent_files(conn, root)
    warm_ms = (time.perf_counter() - t0) * 1000
    emit(metric="recency_lookup", cold_ms=round(cold_ms, 2), cached_ms=round(warm_ms, 3), recent_files=len(recent),
         note="recency.recent_files: git status when a work tree, else mtimes; cached 10 s per root")
    conn.close()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--runs", type=int, default=2, help="cold runs per mode (default 2)")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--no-cold", action="store_true", help="skip the cold-index comparison")
    args = ap.parse_args(argv)
    src = corpus_path(args.corpus)
    if not (src / ".fetched").exists():
        raise SystemExit(f"corpus {args.corpus} is not fetched: run scripts/fetch_corpora.py {args.corpus}")
    import apsw
    emit(metric="env", corpus=args.corpus, sqlite=apsw.sqlite_lib_version(), cpus=os.cpu_count(),
         loadavg=[round(x, 2) for x in os.getloadavg()])
    with tempfile.TemporaryDirectory(prefix="graphmind-bench-search-") as tmp:
        root = Path(tmp) / args.corpus
        shutil.copytree(src, root, ignore=shutil.ignore_patterns(".graphmind", ".fetched"), symlinks=True)
        if not args.no_cold:
            bench_cold(root, args.runs)
            bench_attribution(root)
        if not (root / ".graphmind" / "index.db").exists() or args.no_cold:
            cold_index(root, True)
        bench_latency(root, args.queries, args.seed)
    emit(metric="env_end", loadavg=[round(x, 2) for x in os.getloadavg()])


if __name__ == "__main__":
    main()
