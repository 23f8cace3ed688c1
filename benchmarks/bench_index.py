#!/usr/bin/env python3
"""Benchmark of the graph engine: cold index, no-op re-index, universal-ctags baseline, blast radius.

Usage (with the interpreter graphmind is installed in; subprocesses use the same one):
    python benchmarks/bench_index.py [--corpus django flask requests] [--runs N] [--append]

Each corpus (fetched beforehand by scripts/fetch_corpora.py) is copied into a temporary folder, so no
.graphmind ever lands in the corpus cache. Prints one JSON line per figure; with --append the same
lines, stamped with the time, the git commit and a run id, are appended to benchmarks/results/index.jsonl.
What every figure means: benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from benchkit import corpus_path, corpus_version, log

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "index.jsonl"
CTAGS = "/usr/bin/ctags"
SEED = 20240611                 # fixed: the same 80 random targets every run (for the same index)
HUB_TARGETS = 20
RANDOM_TARGETS = 80
CLASS_TARGETS = 20
DEPTHS = (3, 5)
WALK_LIMIT = 200
SAMPLE_INTERVAL_S = 0.05

# `graphmind` exactly as the console script runs it, plus an atexit hook that records getrusage:
# RUSAGE_SELF is the main process alone; RUSAGE_CHILDREN covers every reaped descendant (the parser
# workers), and its ru_maxrss is the peak of the single largest descendant, not a sum.
WRAPPER = r"""
import atexit, json, os, resource, sys
def _dump(path=os.environ["GRAPHMIND_BENCH_RUSAGE"]):
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path, "w") as f:
        json.dump({"self_maxrss_kb": s.ru_maxrss, "children_maxrss_kb": c.ru_maxrss,
                   "self_cpu_s": s.ru_utime + s.ru_stime, "children_cpu_s": c.ru_utime + c.ru_stime}, f)
atexit.register(_dump)
from graphmind.cli import main
sys.argv[0] = "graphmind"
sys.exit(main())
"""


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


def r(x: float, nd: int = 4) -> float:
    return round(x, nd)


# -- processes --------------------------------------------------------------------------------
def run_graphmind(root: Path, args: list[str], tmp: Path, sampler: bool = False) -> dict:
    """Run `graphmind <args>` in a fresh interpreter; wall seconds, its stdout JSON, its rusage."""
    rusage_file = tmp / "rusage.json"
    rusage_file.unlink(missing_ok=True)
    env = dict(os.environ, GRAPHMIND_BENCH_RUSAGE=str(rusage_file))
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", WRAPPER, *args], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    mem = TreeSampler(proc.pid) if sampler else None
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    if mem:
        mem.stop()
    if proc.returncode != 0:
        raise RuntimeError(f"graphmind {' '.join(args)} failed ({proc.returncode}): {err.decode()[-2000:]}")
    res = {"wall": wall, "summary": json.loads(out), "rusage": json.loads(rusage_file.read_text())}
    if mem:
        res["tree"] = mem.result()
    return res


def run_timed(cmd: list[str], cwd: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


class TreeSampler:
    """Polls /proc for a process and its descendants: peak of the summed RSS and PSS (sampled)."""

    def __init__(self, pid: int):
        self.pid, self.peak_rss, self.peak_pss, self.max_procs, self.samples = pid, 0, 0, 0, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _tree(self) -> list[int]:
        pids, i = [self.pid], 0
        while i < len(pids):
            p = pids[i]
            i += 1
            try:
                for tid in os.listdir(f"/proc/{p}/task"):
                    with open(f"/proc/{p}/task/{tid}/children") as f:
                        pids += [int(x) for x in f.read().split()]
            except OSError:
                pass
        return pids

    def _run(self) -> None:
        while not self._stop.is_set():
            rss = pss = n = 0
            for p in self._tree():
                try:
                    with open(f"/proc/{p}/smaps_rollup") as f:
                        for line in f:
                            if line.startswith("Rss:"):
                                rss += int(line.split()[1])
                            elif line.startswith("Pss:"):
                                pss += int(line.split()[1])
                    n += 1
                except (OSError, ValueError):
                    pass
            self.peak_rss, self.peak_pss = max(self.peak_rss, rss), max(self.peak_pss, pss)
            self.max_procs = max(self.max_procs, n)
            self.samples += 1
            self._stop.wait(SAMPLE_INTERVAL_S)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def result(self) -> dict:
        return {"peak_rss_sum_kb": self.peak_rss, "peak_pss_sum_kb": self.peak_pss,
                "max_processes": self.max_procs, "samples": self.samples, "interval_s": SAMPLE_INTERVAL_S}


# -- the benchmark of one corpus ---------------------------------------------------------------
def bench_corpus(name: str, runs: int, seed: int, tree_sample: bool) -> list[dict]:
    src = corpus_path(name)
    if not (src / ".fetched").exists():
        raise SystemExit(f"corpus {name} is not fetched: run scripts/fetch_corpora.py {name}")
    tmp = Path(tempfile.mkdtemp(prefix=f"graphmind-bench-{name}-"))
    try:
        root = tmp / name
        shutil.copytree(src, root, ignore=shutil.ignore_patterns(".graphmind", ".fetched"), symlinks=True)
        return _bench(name, root, tmp, runs, seed, tree_sample)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _bench(name: str, root: Path, tmp: Path, runs: int, seed: int, tree_sample: bool) -> list[dict]:
    base = {"bench": "index", "corpus": name, "corpus_version": corpus_version(name)}
    out: list[dict] = []

    def emit(metric: str, **fields) -> None:
        doc = {**base, "metric": metric, **fields}
        out.append(doc)
        print(json.dumps(doc), flush=True)

    gm_dir = root / ".graphmind"
    ctags_out = tmp / "tags"
    file_list = tmp / "files.txt"

    # 1 + 3. cold index, interleaved with ctags so that machine noise falls on both alike.
    cold, ct_same, ct_py = [], [], []
    for i in range(runs):
        shutil.rmtree(gm_dir, ignore_errors=True)
        res = run_graphmind(root, ["index", "--json", "."], tmp)
        if res["summary"]["changed"] != res["summary"]["scanned"]:
            raise RuntimeError(f"cold run {i} was not cold: {res['summary']}")
        cold.append(res)
        if i == 0:
            files, lines, langs = _indexed_files(root)
            file_list.write_text("".join(p + "\n" for p in files))
        ct_same.append(run_timed([CTAGS, "-L", str(file_list), "-f", str(ctags_out)], root))
        same_tags = _count_tags(ctags_out)
        ct_py.append(run_timed([CTAGS, "-R", "--languages=Python", "-f", str(ctags_out), "."], root))
        py_tags = _count_tags(ctags_out)
        log(f"{name}: cold run {i + 1}/{runs}: graphmind {res['wall']:.2f}s, "
            f"ctags same files {ct_same[-1]:.2f}s, ctags -R Python {ct_py[-1]:.2f}s")
    summ = cold[-1]["summary"]
    walls = [c["wall"] for c in cold]
    inproc = [c["summary"]["seconds"] for c in cold]
    emit("corpus", files=len(files), lines=lines, by_language=langs, symbols=summ["symbols"],
         resolved_edges=summ["edges"], failed_files=summ["failed"],
         note="files/lines = what graphmind indexed (files table); lines = newlines in those files")
    emit("cold_seconds", median=r(median(walls)), runs=[r(x) for x in walls],
         inprocess_median=r(median(inproc)), inprocess_runs=[r(x) for x in inproc],
         note="median = wall of the `graphmind index` subprocess (interpreter start included); "
              "inprocess = index_workspace seconds from --json")
    m = median(walls)
    emit("cold_throughput", files_per_s=r(len(files) / m, 1), lines_per_s=r(lines / m, 0),
         inprocess_files_per_s=r(len(files) / median(inproc), 1),
         inprocess_lines_per_s=r(lines / median(inproc), 0))
    self_rss = [c["rusage"]["self_maxrss_kb"] for c in cold]
    child_rss = [c["rusage"]["children_maxrss_kb"] for c in cold]
    emit("cold_peak_rss_kb", main_median=median(self_rss), main_runs=self_rss,
         max_child_median=median(child_rss), max_child_runs=child_rss,
         note="main = getrusage(RUSAGE_SELF).ru_maxrss of the graphmind process; max_child = "
              "getrusage(RUSAGE_CHILDREN).ru_maxrss = peak of the single largest parser worker (not a sum)")
    emit("cold_cpu_seconds",
         main_median=r(median([c["rusage"]["self_cpu_s"] for c in cold]), 3),
         children_median=r(median([c["rusage"]["children_cpu_s"] for c in cold]), 3),
         note="user+sys; children = all parser workers together")
    if tree_sample:
        shutil.rmtree(gm_dir, ignore_errors=True)
        res = run_graphmind(root, ["index", "--json", "."], tmp, sampler=True)
        emit("cold_tree_memory", **res["tree"], wall=r(res["wall"]),
             note="one extra, untimed cold run; /proc sampled: sum over the process tree at each sample, "
                  "peak over samples (RSS double-counts shared copy-on-write pages, PSS does not)")
    emit("ctags_seconds", same_files_median=r(median(ct_same)), same_files_runs=[r(x) for x in ct_same],
         same_files_tags=same_tags, python_R_median=r(median(ct_py)), python_R_runs=[r(x) for x in ct_py],
         python_R_tags=py_tags,
         note="same_files = ctags -L <the files graphmind indexed>; python_R = ctags -R --languages=Python . "
              "(definitions only: no call sites, no resolution)")
    emit("cold_vs_ctags", ratio_same_files=r(median(walls) / median(ct_same), 2),
         ratio_python_R=r(median(walls) / median(ct_py), 2),
         note="graphmind cold median wall / ctags median wall, same machine, same run, interleaved")

    # 2. no-op re-index, and the bare cost of starting the CLI.
    noop, noop_in, imp, walk_s = [], [], [], []
    for _ in range(runs):
        res = run_graphmind(root, ["index", "--json", "."], tmp)
        if res["summary"]["changed"] or res["summary"]["removed"]:
            raise RuntimeError(f"no-op run changed something: {res['summary']}")
        noop.append(res["wall"])
        noop_in.append(res["summary"]["seconds"])
        imp.append(run_timed([sys.executable, "-c", "from graphmind.cli import main"], root))
        walk_s.append(_time_walk(root))
    emit("noop_seconds", median=r(median(noop)), runs=[r(x) for x in noop],
         inprocess_median=r(median(noop_in), 5), inprocess_runs=[r(x, 5) for x in noop_in],
         import_median=r(median(imp)), workspace_walk_median=r(median(walk_s)),
         note="median = subprocess wall (interpreter start included); inprocess = IndexSummary.seconds "
              "from --json (it starts after the file walk); import = `python -c 'from graphmind.cli import "
              "main'` wall; workspace_walk = graphmind.index.workspace.walk(root) timed in the bench process")
    log(f"{name}: no-op {median(noop):.3f}s wall, {median(noop_in) * 1000:.1f}ms in-process")

    # 4. blast radius, in-process, one read connection.
    for doc in _bench_queries(root, seed):
        emit(doc.pop("metric"), **doc)
    return out


def _time_walk(root: Path) -> float:
    from graphmind.index import workspace
    t0 = time.perf_counter()
    workspace.walk(root)
    return time.perf_counter() - t0


def _indexed_files(root: Path) -> tuple[list[str], int, dict]:
    from graphmind.store import open_reader
    conn = open_reader(root)
    try:
        rows = conn.execute("SELECT path, language, status FROM files ORDER BY path").fetchall()
    finally:
        conn.close()
    lines, langs = 0, {}
    for path, lang, status in rows:
        n = (root / path).read_bytes().count(b"\n")
        lines += n
        d = langs.setdefault(lang, {"files": 0, "lines": 0, "status": {}})
        d["files"] += 1
        d["lines"] += n
        d["status"][status] = d["status"].get(status, 0) + 1
    return [p for p, _, _ in rows], lines, langs


def _count_tags(path: Path) -> int:
    with open(path, "rb") as f:
        return sum(1 for line in f if not line.startswith(b"!_"))


_REF_SQL = ("SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, f.language"
            " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?")
_INCOMING = ("SELECT target_id, count(*) AS n FROM calls WHERE target_id IS NOT NULL"
             " AND resolution NOT IN ('possible', 'pending') GROUP BY target_id ORDER BY n DESC, target_id")


def _bench_queries(root: Path, seed: int) -> list[dict]:
    from graphmind.edgekinds import ALL_KINDS, CALL_KINDS
    from graphmind.query import graph
    from graphmind.query.edges import walk_sql
    from graphmind.query.lookup import SymbolRef
    from graphmind.store import open_reader

    conn = open_reader(root)
    try:
        incoming = dict(conn.execute(_INCOMING).fetchall())
        hubs = list(incoming)[:HUB_TARGETS]
        # Random functions/methods, drawn from a list ordered by location (stable across re-indexing).
        pool = [i for (i,) in conn.execute(
            "SELECT s.id FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind IN ('function', 'method')"
            " ORDER BY f.path, s.start_line, s.qualname")]
        hub_set = set(hubs)
        pool = [i for i in pool if i not in hub_set]
        rand = random.Random(seed).sample(pool, min(RANDOM_TARGETS, len(pool)))
        classes = [i for (i,) in conn.execute(
            "SELECT s.id FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind = 'class'"
            " ORDER BY f.path, s.start_line, s.qualname")]
        classes = random.Random(seed).sample(classes, min(CLASS_TARGETS, len(classes)))
        refs = {i: SymbolRef(*conn.execute(_REF_SQL, (i,)).fetchone()) for i in hubs + rand + classes}
        group = {i: "hub" for i in hubs} | {i: "random" for i in rand} | {i: "class" for i in classes}

        def timed(i: int, depth: int, kinds=ALL_KINDS) -> dict:
            t0 = time.perf_counter()
            w = graph.walk(conn, [refs[i]], "up", depth, limit=WALK_LIMIT, kinds=kinds)
            ms = (time.perf_counter() - t0) * 1000
            return {"ms": ms, "target": refs[i].qualname, "kind": refs[i].kind, "group": group[i],
                    "incoming": incoming.get(i, 0), "total": w.total, "hits": len(w.hits),
                    "truncated": w.truncated, "complete_depth": w.complete_depth}

        t0 = time.perf_counter()
        timed(rand[0] if rand else hubs[0], 1)     # warm-up: first statement compile, page cache
        warm_ms = (time.perf_counter() - t0) * 1000
        # How SQLite runs the recursive step (a full SCAN of calls per walked row is the slow case).
        plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + walk_sql("up", ALL_KINDS),
                                                ("[1]", 3, 5000))]
        stat = conn.execute("SELECT stat FROM sqlite_stat1 WHERE idx = 'calls_target'").fetchone()
        docs = [{"metric": "blast_radius_plan", "up_plan": plan, "calls_target_stat1": stat and stat[0],
                 "calls_rows": conn.execute("SELECT count(*) FROM calls").fetchone()[0],
                 "note": "EXPLAIN QUERY PLAN of the upward walk over every kind; sqlite_stat1 'rows avg-rows-per-target_id ...'"}]
        for depth in DEPTHS:
            calls_only = [timed(i, depth, CALL_KINDS)["ms"] for i in hubs + rand]
            docs.append({"metric": f"callers_walk_depth{depth}", "queries": len(calls_only),
                         "p50_ms": r(pct(calls_only, 50), 2), "p99_ms": r(pct(calls_only, 99), 2),
                         "note": "graph.walk over the call kinds only (what `callers`/`callees` follow)"})
            res = [timed(i, depth) for i in hubs + rand + classes]
            ms = [x["ms"] for x in res]
            slow = max(res, key=lambda x: x["ms"])
            top5 = sorted(res, key=lambda x: -x["ms"])[:5]
            trunc: dict[str, int] = {}
            for x in res:
                if x["truncated"]:
                    trunc[x["truncated"]] = trunc.get(x["truncated"], 0) + 1
            by = {g: [x["ms"] for x in res if x["group"] == g] for g in ("hub", "random", "class")}
            docs.append({"metric": f"blast_radius_depth{depth}", "queries": len(res),
                         "p50_ms": r(pct(ms, 50), 2), "p99_ms": r(pct(ms, 99), 2), "max_ms": r(max(ms), 2),
                         "hub_p50_ms": r(pct(by["hub"], 50), 2) if by["hub"] else None,
                         "random_p50_ms": r(pct(by["random"], 50), 2) if by["random"] else None,
                         "class_p50_ms": r(pct(by["class"], 50), 2) if by["class"] else None,
                         "truncated": trunc, "limit": WALK_LIMIT, "warmup_ms": r(warm_ms, 2),
                         "slowest": {**slow, "ms": r(slow["ms"], 2)},
                         "slowest5": [{k: (r(v, 2) if k == "ms" else v) for k, v in x.items()
                                       if k in ("ms", "target", "group", "incoming", "total", "truncated")}
                                      for x in top5],
                         "note": "graph.walk(conn, [ref], 'up', depth, limit=200) over every edge kind, in-process, "
                                 "one read connection; 20 most-called + 80 random functions/methods + 20 random "
                                 "classes (seeded)"})
            log(f"{root.name}: depth {depth}: p50 {pct(ms, 50):.1f}ms p99 {pct(ms, 99):.1f}ms "
                f"max {max(ms):.1f}ms ({slow['target']})")
        hub = timed(hubs[0], 5)
        docs.append({"metric": "blast_radius_hub", "depth": 5, **{**hub, "ms": r(hub["ms"], 2)},
                     "note": "the single most-called symbol (resolved incoming edges), depth 5, limit 200"})
        return docs
    finally:
        conn.close()


# -- bookkeeping -------------------------------------------------------------------------------
def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def source_hash() -> str:
    """sha256 of the engine's working tree (graphmind/*.py, schema.sql, queries/): commits lag the tree."""
    import hashlib
    h = hashlib.sha256()
    files = sorted([*REPO.glob("graphmind/**/*.py"), REPO / "schema.sql", *REPO.glob("queries/**/*.scm")])
    for f in files:
        if f.is_file():
            h.update(str(f.relative_to(REPO)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def environment() -> dict:
    import apsw
    import graphmind
    ctags = subprocess.run([CTAGS, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return {"bench": "index", "metric": "env", "python": platform.python_version(),
            "graphmind": getattr(graphmind, "__version__", "?"), "sqlite": apsw.sqlite_lib_version(),
            "ctags": ctags, "cpus": os.cpu_count(), "source_hash": source_hash(), "loadavg_start": [r(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", nargs="+", default=["django", "flask", "requests"])
    ap.add_argument("--runs", type=int, default=3, help="timed runs per measurement (default 3)")
    ap.add_argument("--seed", type=int, default=SEED, help="seed for the 80 random blast-radius targets")
    ap.add_argument("--append", action="store_true", help=f"append the lines to {RESULTS.relative_to(REPO)}")
    ap.add_argument("--no-tree-sample", action="store_true",
                    help="skip the extra cold run that samples the memory of the whole process tree")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")

    env = environment()
    print(json.dumps(env), flush=True)
    docs = [env]
    for name in args.corpus:
        log(f"{name}: {corpus_path(name)}")
        docs += bench_corpus(name, args.runs, args.seed, not args.no_tree_sample)
    env["loadavg_end"] = [r(x, 2) for x in os.getloadavg()]
    print(json.dumps({"bench": "index", "metric": "env_end", "loadavg_end": env["loadavg_end"]}), flush=True)

    if args.append:
        stamp = {"ts": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                 "commit": _git("rev-parse", "HEAD"), "dirty": bool(_git("status", "--porcelain")),
                 "run_id": uuid.uuid4().hex[:12], "n_runs": args.runs, "seed": args.seed}
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        with open(RESULTS, "a") as f:
            for doc in docs:
                f.write(json.dumps({**stamp, **doc}) + "\n")
        log(f"appended {len(docs)} lines to {RESULTS}")


if __name__ == "__main__":
    main()
