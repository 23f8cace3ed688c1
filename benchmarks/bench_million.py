"""graphmind at a million lines: one workspace made of pinned real projects side by side, fetched by
scripts/fetch_corpora.py (never committed), copied into a temporary folder.

    python scripts/fetch_corpora.py django sympy flask requests rxjs goyaml     # once; needs the network
    python benchmarks/bench_million.py [--corpora django sympy ...] [--runs 1] [--saves 20] [--append]
    python benchmarks/bench_million.py --indexed DIR [--tree OLD_SRC] [--saves 20] [--append]

Figures (one JSON line each; --append adds them to results/million.jsonl):
- `workspace`: files and lines of the languages graphmind reads, per top folder (each project's
  import roots sit at the top, IMPORT_ROOTS, so its module names and imports are its own).
- `cold_index`: `graphmind index` from scratch: wall, peak RSS of the main process and of the largest
  worker (getrusage, as bench_index.py), CPU; peer: universal-ctags on the same files (if installed).
- `noop`: nothing changed: the freshness check a query pays without a daemon (in-process, imports
  excluded) and a whole `graphmind index` process.
- `daemon`: `graphmind daemon start` on the indexed workspace: time until it answers fresh, idle
  RSS, then one-file saves (a function appended to a different file each time): save -> committed
  latency (wait_fresh after the write), median and p90.
- `inprocess_refresh` (the daemon's peer, measured after it): what a save costs without a daemon
  (freshness.current after the write).
- `database`: index.db size.
Each figure is printed (and appended) as soon as it is measured.

With `--indexed DIR` (a workspace assembled and indexed before, left as it is) only daemon saves are
measured, on a copy: `save_side_by_side` runs this tree's daemon and, with `--tree` (another tree's
source, `git archive C | tar -x -C OLD_SRC`; the line names its folder, so name it by the commit), that tree's daemon on a second copy, the same file saved
in one then the other, alternated (files spread over Django, SymPy, Flask and Requests, Django's
`admin/sites.py` among them); medians, and each save as measured.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import benchkit
from bench_index import run_graphmind

DEFAULT = ["django", "sympy", "flask", "requests", "rxjs", "goyaml"]


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:")) / 1024


# Each project's import roots, placed at the top of the workspace (module names come from paths: a
# project copied whole under its own folder would be `django.django.db…`, and its imports would not
# resolve): (folder in the corpus, folder in the workspace). A corpus not listed is copied whole.
IMPORT_ROOTS = {"django": [("django", "django"), ("tests", "tests")], "sympy": [("sympy", "sympy")],
                "flask": [("src/flask", "flask"), ("tests", "flask_tests")],
                "requests": [("src/requests", "requests"), ("tests", "requests_tests")]}


def assemble(corpora: list[str], root: Path) -> dict:
    for name in corpora:
        for src, dest in IMPORT_ROOTS.get(name, [("", name)]):
            shutil.copytree(benchkit.corpus_path(name) / src, root / dest, ignore=shutil.ignore_patterns(".graphmind"))
    from graphmind.index import workspace
    files = workspace.walk(root)
    per: dict[str, list[int]] = {}
    for f in files:
        with open(f.abspath, "rb") as fh:
            n = fh.read().count(b"\n")
        per.setdefault(f.path.split("/", 1)[0], [0, 0])
        per[f.path.split("/", 1)[0]][0] += 1
        per[f.path.split("/", 1)[0]][1] += n
    return {"metric": "workspace", "files": len(files), "lines": sum(v[1] for v in per.values()),
            "per_corpus": {k: {"files": v[0], "lines": v[1]} for k, v in per.items()}, "paths": [f.path for f in files]}


def ctags_seconds(root: Path, paths: list[str], tmp: Path) -> float | None:
    if shutil.which("ctags") is None:
        return None
    listing = tmp / "files.txt"
    listing.write_text("\n".join(paths) + "\n")
    t = time.perf_counter()
    subprocess.run(["ctags", "-L", str(listing), "-f", str(tmp / "tags")], cwd=root, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def timed_check(root: Path) -> float:
    code = ("import sys,time; from pathlib import Path; from graphmind.live import freshness; r=Path(sys.argv[1]);"
            "freshness.current(r); t=time.perf_counter(); f=freshness.current(r); print(time.perf_counter()-t)")
    return float(subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True,
                                check=True).stdout.split()[-1])


def saves(root: Path, paths: list[str], n: int, wait) -> list[float]:
    """n one-file saves, each followed by `wait(root)`; seconds from the write to wait's return."""
    py = [p for p in paths if p.endswith(".py") and "/tests/" not in p][::97][:n]
    out = []
    for i, rel in enumerate(py):
        path = root / rel
        data = path.read_bytes()
        t = time.perf_counter()
        path.write_bytes(data + f"\n\ndef bench_save_{i}():\n    return len('x')\n".encode())
        wait(root)
        out.append(time.perf_counter() - t)
    return out


SAVE_CORPORA = (("django/", 9), ("sympy/", 7), ("flask/", 2), ("requests/", 2))
SAVE_ALWAYS = "django/contrib/admin/sites.py"


def save_files(paths: list[str], n: int) -> list[str]:
    """n Python files to save, spread over the corpora (a stride through each), admin/sites.py first."""
    out = [SAVE_ALWAYS] if SAVE_ALWAYS in paths else []
    for prefix, share in SAVE_CORPORA:
        pool = [p for p in paths if p.startswith(prefix) and p.endswith(".py") and "/tests/" not in p and p not in out]
        k = max(1, round(share * n / 20))
        out += pool[len(pool) // (2 * k)::max(1, len(pool) // k)][:k]
    return out[:max(n, 1)]


def save_side_by_side(src: Path, tree: str | None, n: int, emit) -> None:
    """Daemon saves on copies of an indexed workspace: this tree's, and `tree`'s alternated with it."""
    from graphmind.index import workspace
    from graphmind.live import client
    paths = [f.path for f in workspace.walk(src)]
    files = save_files(paths, n)
    with tempfile.TemporaryDirectory(prefix="gm-msave-", dir=src.parent) as tmpd:
        roots = {}
        for tag, code in (("new", None), ("old", tree)) if tree else (("new", None),):
            roots[tag] = Path(tmpd) / tag
            shutil.copytree(src, roots[tag], symlinks=True)
            saved = os.environ.get("PYTHONPATH")
            os.environ["PYTHONPATH"] = code or str(Path(__file__).resolve().parent.parent)
            try:
                t = time.perf_counter()
                client.start(roots[tag], timeout=1800)
                assert client.wait_fresh(roots[tag], 1800)["fresh"]
                benchkit.log(f"{tag} daemon ready in {time.perf_counter() - t:.1f}s")
            finally:
                os.environ.pop("PYTHONPATH") if saved is None else os.environ.__setitem__("PYTHONPATH", saved)
        lat: dict[str, list[float]] = {tag: [] for tag in roots}
        try:
            for i, rel in enumerate(files):
                row = {"file": rel}
                for tag, root in roots.items():
                    path = root / rel
                    path.write_bytes(path.read_bytes() + f"\n\ndef bench_save_{i}():\n    return len('x')\n".encode())
                    t = time.perf_counter()
                    while not (client.wait_fresh(root, 600) or {}).get("fresh"):
                        if time.perf_counter() - t > 1800:
                            break
                    lat[tag].append(time.perf_counter() - t)
                    row[f"{tag}_ms"] = round(1000 * lat[tag][-1], 1)
                benchkit.log(str(row))
                emit({"metric": "save", **row})
        finally:
            for root in roots.values():
                client.stop(root, timeout=900)
        line = {"metric": "save_side_by_side", "saves": len(files), "old_tree": Path(tree).name if tree else None}
        for tag, values in lat.items():
            line[f"{tag}_p50_ms"] = round(1000 * statistics.median(values), 1)
            line[f"{tag}_p90_ms"] = round(1000 * sorted(values)[int(0.9 * len(values))], 1)
            line[f"{tag}_max_ms"] = round(1000 * max(values), 1)
        if tree:
            line["ratio_p50"] = round(line["new_p50_ms"] / line["old_p50_ms"], 3)
        emit(line)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", nargs="+", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--saves", type=int, default=20)
    ap.add_argument("--append", action="store_true")
    ap.add_argument("--indexed", type=Path, help="an indexed million-line workspace: daemon saves only, on copies")
    ap.add_argument("--tree", help="with --indexed: another tree's source, saved side by side (the old code)")
    args = ap.parse_args()
    from graphmind.live import client, freshness
    stamp = {"corpora": args.corpora}

    def emit(line: dict) -> None:             # each figure as soon as it is measured: a long run stopped
        benchkit.report([line], "million.jsonl" if args.append else None,   # halfway keeps what it had
                        **stamp, loadavg=os.getloadavg()[0])

    if args.indexed:
        save_side_by_side(args.indexed.resolve(), args.tree, args.saves, emit)
        return
    with tempfile.TemporaryDirectory(prefix="gm-million-") as tmpd:
        tmp = Path(tmpd)
        root = tmp / "ws"
        root.mkdir()
        ws = assemble(args.corpora, root)
        paths = ws.pop("paths")
        emit(ws)
        benchkit.log(f"{ws['files']} files, {ws['lines']} lines")
        cold, peers = [], []
        for i in range(args.runs):
            shutil.rmtree(root / ".graphmind", ignore_errors=True)
            cold.append(run_graphmind(root, ["index", "--json", "."], tmp))
            peers.append(ctags_seconds(root, paths, tmp))
            benchkit.log(f"cold run {i + 1}: {cold[-1]['wall']:.1f}s (ctags {peers[-1]})")
        emit({"metric": "cold_index", "wall_median_s": round(statistics.median(c["wall"] for c in cold), 1),
              "main_maxrss_mb": round(max(c["rusage"]["self_maxrss_kb"] for c in cold) / 1024, 1),
              "largest_worker_maxrss_mb": round(max(c["rusage"]["children_maxrss_kb"] for c in cold) / 1024, 1),
              "cpu_s": round(statistics.median(c["rusage"]["self_cpu_s"] + c["rusage"]["children_cpu_s"]
                                               for c in cold), 1),
              "symbols": cold[-1]["summary"]["symbols"], "edges": cold[-1]["summary"]["edges"],
              "ctags_median_s": round(statistics.median(peers), 2) if peers[0] is not None else None})
        checks = [timed_check(root) for _ in range(5)]
        procs = [run_graphmind(root, ["index", "--json", "."], tmp)["wall"] for _ in range(3)]
        emit({"metric": "noop", "check_median_s": round(statistics.median(checks), 3),
              "index_process_median_s": round(statistics.median(procs), 2)})
        db = root / ".graphmind" / "index.db"
        emit({"metric": "database", "bytes": db.stat().st_size, "mb": round(db.stat().st_size / 1e6, 1)})
        t = time.perf_counter()
        pid = client.start(root, timeout=1800)["pid"]
        assert client.wait_fresh(root, 1800)["fresh"]
        ready = time.perf_counter() - t
        time.sleep(3)
        idle = rss_mb(pid)
        lat = saves(root, paths[1:], args.saves, lambda r: client.wait_fresh(r, 60))
        after = rss_mb(pid)
        client.stop(root)
        emit({"metric": "daemon", "ready_s": round(ready, 1), "idle_rss_mb": round(idle, 1),
              "rss_after_saves_mb": round(after, 1),
              "save_p50_ms": round(1000 * statistics.median(lat), 1),
              "save_p90_ms": round(1000 * sorted(lat)[int(0.9 * len(lat))], 1), "saves": len(lat)})
        # the peer after the daemon (the daemon's figures are the targets; these saves are slower)
        inproc = saves(root, paths[2:], max(3, args.saves // 4), lambda r: freshness.current(r))
        emit({"metric": "inprocess_refresh", "save_p50_ms": round(1000 * statistics.median(inproc), 1),
              "saves": len(inproc)})


if __name__ == "__main__":
    main()
