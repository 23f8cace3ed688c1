#!/usr/bin/env python3
"""Benchmark of the repo map (`graphmind map`) side by side with Aider's own RepoMap.

Usage:
    python benchmarks/bench_repomap.py [--corpus flask django] [--budgets 1024 4096]
                                                      [--runs 5] [--aider-python ~/.cache/graphmind-aider-venv/bin/python]
                                                      [--append]

Aider runs in its own benchmark-only venv (pip install aider-chat into ~/.cache/graphmind-aider-venv; never a project
dependency) through benchmarks/aider_repomap_driver.py: no LLM call, a stand-in model counting tokens
with tiktoken cl100k_base (vocabulary shipped inside litellm, nothing downloaded). Each corpus (pinned,
scripts/fetch_corpora.py) is copied twice into a temporary folder, one copy per tool. Aider is given
exactly the files graphmind indexed plus the important root files present (README, pyproject.toml, ...),
as its other_fnames; the same focus file / mentioned identifier go to both in the focused case.

Other engineers edit the tree while benchmarks run: to measure one consistent version, copy graphmind/,
schema.sql, queries/, scripts/ and benchmarks/ to a folder and run this script from there with
PYTHONPATH=<that folder> (the `env` line records the source folder and a hash of its code).

Figures (one JSON line each), per corpus and budget:
- cold (--cold-runs per budget, the tools alternating, medians): graphmind = index from scratch + first
  map (ranks computed and stored), in a fresh process, in-process seconds, and CPU seconds including the
  parser worker processes; Aider = tags cache deleted, new RepoMap, first map (every file parsed).
- warm: median of --runs maps in one process, after one unmeasured map on each side. graphmind:
  build_map (stored ranks), also with the freshness check an answer pays without a daemon (a no-op
  re-index), also the CLI `graphmind map` as a subprocess (interpreter start, imports, freshness);
  Aider: the same RepoMap again with force_refresh.
- size: cl100k_base tokens of each map (and graphmind's own estimate), definitions and files shown.
- overlap: files with a shown definition, and (file, name) definitions: Jaccard and the share of
  Aider's that graphmind also shows.
A focused case (focus file + mention) is measured warm at the first budget.
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from benchkit import corpus_path, log

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "repomap.jsonl"
DRIVER = REPO / "benchmarks" / "aider_repomap_driver.py"
FOCUS = {"flask": ("src/flask/app.py", "url_for"), "django": ("django/db/models/query.py", "get_queryset"),
         "requests": ("src/requests/sessions.py", "prepare_request")}


# -- graphmind side, in a child process -------------------------------------------------------------

def _cpu() -> float:
    import resource
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def gm_child(spec: dict) -> None:
    """Cold (index + map) or warm maps of one workspace, printed as JSON lines."""
    from graphmind.live import freshness
    from graphmind.query import repomap
    from graphmind.index.indexer import index_workspace
    root = Path(spec["root"])
    for case in spec["cases"]:
        kw = {"focus": case.get("focus", []), "mentions": case.get("mentions", [])}
        if case.get("cold"):
            shutil.rmtree(root / ".graphmind", ignore_errors=True)
            t0, c0 = time.perf_counter(), _cpu()
            index_workspace(root)
            t1 = time.perf_counter()
            m = repomap.build_map(root, case["budget"], **kw)
            t2 = time.perf_counter()
            print(json.dumps({"case": case, "mode": "cold", "seconds": t2 - t0, "cpu_seconds": _cpu() - c0,
                              "index_seconds": t1 - t0, "map_seconds": t2 - t1, **m.as_json()}), flush=True)
            continue
        repomap.build_map(root, case["budget"], **kw)          # unmeasured, as Aider's warm side is primed
        for _ in range(spec["runs"]):
            t0 = time.perf_counter()
            m = repomap.build_map(root, case["budget"], **kw)
            print(json.dumps({"case": case, "mode": "warm", "seconds": time.perf_counter() - t0,
                              **m.as_json()}), flush=True)
        for _ in range(spec["runs"]):
            t0 = time.perf_counter()
            freshness.current(root)
            repomap.build_map(root, case["budget"], **kw)
            print(json.dumps({"case": case, "mode": "warm+fresh", "seconds": time.perf_counter() - t0}), flush=True)


def _child_lines(cmd: list[str], spec: dict, tmp: Path) -> list[dict]:
    path = tmp / f"spec-{uuid.uuid4().hex}.json"
    path.write_text(json.dumps(spec))
    proc = subprocess.run([*cmd, str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd} failed: {proc.stderr[-3000:]}")
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _cli_wall(root: Path, budget: int, runs: int, case: dict) -> list[float]:
    args = [sys.executable, "-m", "graphmind", "map", "--tokens", str(budget)]
    for f in case.get("focus", []):
        args += ["--focus", f]
    for m in case.get("mentions", []):
        args += ["--mention", m]
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, cwd=root, check=True, stdout=subprocess.DEVNULL)
        out.append(time.perf_counter() - t0)
    return out


# -- comparison ------------------------------------------------------------------------------------

def _overlap(ours: set, theirs: set) -> dict:
    union = ours | theirs
    return {"ours": len(ours), "aider": len(theirs), "both": len(ours & theirs),
            "jaccard": round(len(ours & theirs) / len(union), 3) if union else None,
            "share_of_aider_also_ours": round(len(ours & theirs) / len(theirs), 3) if theirs else None}


def _ours_sets(doc: dict) -> tuple[set, set]:
    defs = {(d["file"], d["symbol"].rsplit(".", 1)[-1]) for d in doc["definitions"]}
    return {f for f, _ in defs}, defs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", nargs="+", default=["flask", "django"])
    ap.add_argument("--budgets", nargs="+", type=int, default=[1024, 4096])
    ap.add_argument("--runs", type=int, default=5, help="warm maps per case")
    ap.add_argument("--cold-runs", type=int, default=2, help="cold maps per budget and tool (alternating)")
    ap.add_argument("--aider-python", default=str(Path.home() / ".cache" / "graphmind-aider-venv" / "bin" / "python"))
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    run_id = uuid.uuid4().hex[:12]
    lines: list[dict] = []

    def emit(figure: str, **fields) -> None:
        doc = {"figure": figure, **fields}
        lines.append(doc)
        print(json.dumps(doc), flush=True)

    aider_version = subprocess.run([args.aider_python, "-c", "import aider; print(aider.__version__)"],
                                   capture_output=True, text=True).stdout.strip()
    digest = hashlib.sha256()
    for path in sorted([*(REPO / "graphmind").rglob("*.py"), REPO / "schema.sql"]):
        digest.update(path.read_bytes())
    emit("env", aider_version=aider_version, python=sys.version.split()[0], cpus=os.cpu_count(),
         budgets=args.budgets, runs=args.runs, cold_runs=args.cold_runs, source=REPO.name, source_hash=digest.hexdigest()[:16])
    for name in args.corpus:
        with tempfile.TemporaryDirectory(prefix="gm-repomap-") as tmp_s:
            tmp = Path(tmp_s)
            gm_root, ai_root = tmp / "gm" / name, tmp / "aider" / name
            for dest in (gm_root, ai_root):
                shutil.copytree(corpus_path(name), dest, ignore=shutil.ignore_patterns(".graphmind", ".aider*"))
            focus, mention = FOCUS[name]
            cold_cases = [{"budget": b, "cold": True} for b in args.budgets]
            cases = [{"budget": b} for b in args.budgets]
            cases.insert(1, {"budget": args.budgets[0], "focus": [focus], "mentions": [mention]})
            files: list[str] = []
            gm, ai = [], []
            for r in range(args.cold_runs):           # cold runs alternate between the tools
                for case in cold_cases:
                    log(f"{name}: cold {case['budget']} run {r + 1}: graphmind, aider")
                    gm += _child_lines([sys.executable, __file__, "--gm-child"],
                                       {"root": str(gm_root), "runs": args.runs, "cases": [case]}, tmp)
                    if not files:
                        from graphmind.query.mapfiles import important_files
                        from graphmind.store import open_reader
                        files = [p for (p,) in open_reader(gm_root).execute("SELECT path FROM files ORDER BY path")]
                        files += [p for p in important_files(gm_root) if p not in set(files)]
                    ai += _child_lines([args.aider_python, str(DRIVER)], {"root": str(ai_root), "files": files,
                                                                          "cases": [case]}, tmp)
            log(f"{name}: warm: graphmind, CLI, aider")
            gm += _child_lines([sys.executable, __file__, "--gm-child"], {"root": str(gm_root), "runs": args.runs,
                                                                         "cases": cases}, tmp)
            cli = {json.dumps(c, sort_keys=True): _cli_wall(gm_root, c["budget"], args.runs, c) for c in cases}
            ai += _child_lines([args.aider_python, str(DRIVER)], {"root": str(ai_root), "files": files,
                                                                  "warm_runs": args.runs, "cases": cases}, tmp)
            texts = [d["map"] for d in gm if "map" in d]
            counts_file = tmp / "texts.json"
            counts_file.write_text(json.dumps(texts))
            counts = json.loads(subprocess.run([args.aider_python, str(DRIVER), "--count", str(counts_file)],
                                               capture_output=True, text=True, check=True).stdout)
            cl100k = dict(zip(texts, counts))
            med = statistics.median
            for case in cold_cases:
                key = json.dumps(case, sort_keys=True)
                g = [d for d in gm if json.dumps(d["case"], sort_keys=True) == key]
                a = [d for d in ai if json.dumps(d["case"], sort_keys=True) == key]
                emit("cold_seconds", corpus=name, budget=case["budget"], runs=len(g),
                     graphmind_median=round(med(d["seconds"] for d in g), 3),
                     graphmind_runs=[round(d["seconds"], 3) for d in g],
                     graphmind_index_median=round(med(d["index_seconds"] for d in g), 3),
                     graphmind_map_median=round(med(d["map_seconds"] for d in g), 3),
                     graphmind_cpu_median=round(med(d["cpu_seconds"] for d in g), 2),
                     aider_median=round(med(d["seconds"] for d in a), 3),
                     aider_runs=[round(d["seconds"], 3) for d in a],
                     aider_cpu_median=round(med(d["cpu_seconds"] for d in a), 2),
                     aider_over_graphmind=round(med(d["seconds"] for d in a) / med(d["seconds"] for d in g), 2))
            for case in cases:
                key = json.dumps(case, sort_keys=True)
                label = {"corpus": name, "budget": case["budget"], "focused": bool(case.get("focus")),
                         "focus": case.get("focus"), "mentions": case.get("mentions")}
                g = [d for d in gm if json.dumps(d["case"], sort_keys=True) == key]
                a = [d for d in ai if json.dumps(d["case"], sort_keys=True) == key]
                g_warm = [d["seconds"] for d in g if d["mode"] == "warm"]
                g_fresh = [d["seconds"] for d in g if d["mode"] == "warm+fresh"]
                a_warm = [d["seconds"] for d in a if d["mode"] == "warm"]
                emit("warm_seconds", **label, graphmind_median=round(med(g_warm), 4),
                     graphmind_runs=[round(x, 4) for x in g_warm],
                     graphmind_with_freshness_median=round(med(g_fresh), 4),
                     graphmind_cli_wall_median=round(med(cli[key]), 3), aider_median=round(med(a_warm), 3),
                     aider_runs=[round(x, 3) for x in a_warm],
                     aider_over_graphmind=round(med(a_warm) / med(g_warm), 1),
                     aider_over_graphmind_with_freshness=round(med(a_warm) / med(g_fresh), 1))
                gdoc, adoc = next(d for d in g if d["mode"] == "warm"), next(d for d in a if d["mode"] == "warm")
                g_files, g_defs = _ours_sets(gdoc)
                a_defs = {tuple(x) for x in adoc["definitions"]}
                emit("map_size", **label, graphmind_tokens_cl100k=cl100k[gdoc["map"]],
                     graphmind_tokens_estimated=gdoc["tokens"], graphmind_lines=gdoc["map"].count("\n"),
                     graphmind_definitions=len(g_defs), graphmind_files=len(g_files),
                     aider_tokens_cl100k=adoc["tokens_cl100k"], aider_lines=adoc["map"].count("\n"),
                     aider_definitions=len(a_defs), aider_files=len(adoc["files"]),
                     aider_shows_readme="README" in adoc["map"], graphmind_shows_readme="README" in gdoc["map"])
                emit("overlap", **label, files=_overlap(g_files, set(adoc["files"])),
                     definitions=_overlap(g_defs, a_defs))
    if args.append:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True,
                                    text=True).stdout.strip())
        stamp = {"ts": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "commit": commit,
                 "dirty": dirty, "run_id": run_id}
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        with RESULTS.open("a") as fh:
            for doc in lines:
                fh.write(json.dumps({**stamp, **doc}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--gm-child":
        sys.path.insert(0, str(REPO))
        gm_child(json.loads(Path(sys.argv[2]).read_text()))
    else:
        main()
