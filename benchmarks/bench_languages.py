#!/usr/bin/env python3
"""Indexing speed per language on real pinned corpora, next to universal-ctags on the same files.

Usage (with the interpreter graphmind is installed in):
    python benchmarks/bench_languages.py [--entry rxjs:typescript ...] [--runs N] [--append]

Each entry is (corpus, language): the corpus (fetched by scripts/fetch_corpora.py) is reduced to the
files graphmind reads as that language (plus the config files import resolution reads:
package.json, tsconfig.json, go.mod, Cargo.toml, …), copied into a temporary folder, and indexed
cold N times by `graphmind index --json .`, interleaved with `ctags -R --languages=<L>` on the same
folder. One JSON line per entry, then one summary line: every language's MB/s against Python's,
from the same run. With --append the lines, stamped, go to benchmarks/results/languages.jsonl.
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
import time
import uuid
from pathlib import Path

from benchkit import fetch_module, log

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "languages.jsonl"
CTAGS = "/usr/bin/ctags"

# (corpus, graphmind language). Python first: it is the per-megabyte baseline of the summary.
ENTRIES: list[tuple[str, str]] = [
    ("flask", "python"),
    ("requests", "python"),
    ("django", "python"),
    ("rxjs", "typescript"),
    ("effect", "typescript"),
    ("goyaml", "go"),
    ("regex-syntax", "rust"),
]
# graphmind language -> universal-ctags language
CTAGS_LANGUAGE = {"python": "Python", "typescript": "TypeScript", "javascript": "JavaScript",
                  "go": "Go", "rust": "Rust", "java": "Java", "kotlin": "Kotlin", "c": "C", "cpp": "C++",
                  "csharp": "C#"}
# config files kept next to the sources: import resolution reads them
CONFIG_FILES = frozenset({"package.json", "tsconfig.json", "jsconfig.json", "pnpm-workspace.yaml", "go.mod",
                          "Cargo.toml", "pom.xml", "build.gradle", "build.gradle.kts", "setup.py", "pyproject.toml"})


def corpus_version(mod, name: str) -> str:
    for table in ("CORPORA", "NPM_CORPORA", "DEB_CORPORA"):
        if name in getattr(mod, table, {}):
            return getattr(mod, table)[name][1]
    return "?"


def reduce_corpus(src: Path, dest: Path, language: str) -> tuple[int, int]:
    """Copy the files graphmind reads as `language` (and config files) from src to dest: (files, bytes)."""
    from graphmind.index import workspace
    files = [f for f in workspace.walk(src) if f.language == language]
    total = 0
    for f in files:
        target = dest / f.path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / f.path, target)
        total += f.size
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = [d for d in dirnames if d not in workspace.config.SKIP_DIRS]
        for name in filenames:
            if name in CONFIG_FILES:
                rel = Path(dirpath).relative_to(src) / name
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src / rel, dest / rel)
    return len(files), total


def timed(cmd: list[str], cwd: Path) -> tuple[float, str]:
    started = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, proc.stdout + proc.stderr


def bench_entry(corpus: str, language: str, runs: int, fetch) -> dict:
    src = fetch.corpus_path(corpus)
    if not src.is_dir():
        raise SystemExit(f"corpus {corpus} missing: python scripts/fetch_corpora.py {corpus}")
    with tempfile.TemporaryDirectory(prefix=f"gm-lang-{corpus}-") as tmp:
        root = Path(tmp) / corpus
        root.mkdir()
        files, size = reduce_corpus(src, root, language)
        tags = Path(tmp) / "tags"
        ctags_cmd = [CTAGS, "-R", f"--languages={CTAGS_LANGUAGE[language]}", "--totals=yes", "-f", str(tags), "."]
        gm_wall, gm_inproc, ct_wall, summary, ctags_files = [], [], [], {}, None
        for i in range(runs):
            shutil.rmtree(root / ".graphmind", ignore_errors=True)
            wall, out = timed([sys.executable, "-m", "graphmind", "index", "--json", "."], root)
            summary = json.loads(out[out.index("{"):out.rindex("}") + 1])
            gm_wall.append(wall)
            gm_inproc.append(summary["seconds"])
            wall, out = timed(ctags_cmd, root)
            ct_wall.append(wall)
            ctags_files = next((int(line.split()[0]) for line in out.splitlines() if " files, " in line), None)
            log(f"{corpus}/{language} run {i + 1}: graphmind {gm_wall[-1]:.2f}s, ctags {ct_wall[-1]:.2f}s")
        from graphmind.store import open_reader
        conn = open_reader(root)
        indexed = conn.execute("SELECT count(*), coalesce(sum(size), 0) FROM files").fetchone()
        resolutions = dict(conn.execute("SELECT resolution, count(*) FROM calls GROUP BY resolution"))
        statuses = dict(conn.execute("SELECT status, count(*) FROM files GROUP BY status"))
        conn.close()
    mb = size / 1e6
    med = {k: statistics.median(v) for k, v in (("gm", gm_wall), ("in", gm_inproc), ("ct", ct_wall))}
    return {
        "bench": "languages", "corpus": corpus, "corpus_version": corpus_version(fetch, corpus),
        "language": language, "files": files, "mb": round(mb, 3), "indexed_files": indexed[0],
        "ctags_files": ctags_files, "symbols": summary.get("symbols"), "resolved_edges": summary.get("edges"),
        "files_by_status": statuses, "calls_by_resolution": resolutions,
        "graphmind_wall_median_s": round(med["gm"], 3), "graphmind_inprocess_median_s": round(med["in"], 3),
        "ctags_wall_median_s": round(med["ct"], 3),
        "graphmind_files_per_s": round(files / med["gm"], 1), "graphmind_mb_per_s": round(mb / med["gm"], 3),
        "graphmind_inprocess_mb_per_s": round(mb / med["in"], 3),
        "ctags_files_per_s": round(files / med["ct"], 1), "ctags_mb_per_s": round(mb / med["ct"], 3),
        "ratio_graphmind_vs_ctags": round(med["gm"] / med["ct"], 2),
        "runs": {"graphmind_wall": [round(x, 3) for x in gm_wall], "graphmind_inprocess": [round(x, 3) for x in gm_inproc],
                 "ctags_wall": [round(x, 3) for x in ct_wall]},
    }


def summarize(lines: list[dict]) -> dict:
    """Every language's MB/s (wall and in-process, pooled over its corpora) against Python's."""
    pooled: dict[str, list[float]] = {}
    for line in lines:
        acc = pooled.setdefault(line["language"], [0.0, 0.0, 0.0])
        acc[0] += line["mb"]
        acc[1] += line["graphmind_wall_median_s"]
        acc[2] += line["graphmind_inprocess_median_s"]
    rate = {lang: (mb / wall, mb / inproc) for lang, (mb, wall, inproc) in pooled.items()}
    base = rate.get("python")
    return {"bench": "languages", "metric": "per_mb_vs_python",
            "mb_per_s": {k: round(v[0], 3) for k, v in rate.items()},
            "inprocess_mb_per_s": {k: round(v[1], 3) for k, v in rate.items()},
            "slowdown_vs_python_inprocess": {k: round(base[1] / v[1], 2) for k, v in rate.items()} if base else None,
            "note": "slowdown = (s per MB of the language) / (s per MB of Python), in-process; > 1 is slower; the target is <= 1.5"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entry", nargs="*", help="corpus:language pairs (default: every entry in ENTRIES)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--append", action="store_true", help=f"append the lines to {RESULTS.relative_to(REPO)}")
    args = ap.parse_args()
    entries = [tuple(e.split(":", 1)) for e in args.entry] if args.entry else ENTRIES
    fetch = fetch_module()
    env = {"bench": "languages", "metric": "env", "python": sys.version.split()[0], "cores": os.cpu_count(),
           "ctags": subprocess.run([CTAGS, "--version"], capture_output=True, text=True).stdout.split("\n")[0],
           "loadavg_start": os.getloadavg()[0], "runs": args.runs}
    lines = [env] + [bench_entry(corpus, language, args.runs, fetch) for corpus, language in entries]
    lines.append(summarize(lines[1:]))
    lines[0]["loadavg_end"] = os.getloadavg()[0]
    stamp = {"ts": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "run_id": uuid.uuid4().hex[:12],
             "commit": subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()}
    for line in lines:
        print(json.dumps(line))
    if args.append:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        with RESULTS.open("a") as fh:
            for line in lines:
                fh.write(json.dumps({**stamp, **line}) + "\n")


if __name__ == "__main__":
    main()
