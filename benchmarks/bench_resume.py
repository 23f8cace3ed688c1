#!/usr/bin/env python3
"""Resuming a cold index cut short halfway (issue 35), against a clean index of the same tree.

Usage: python benchmarks/bench_resume.py [--corpus django] [--at 0.5 | --at-time 0.5] [--signal INT|KILL] [--variant LABEL] [--append]

On a copy of the corpus: a clean `graphmind index --rebuild` (wall, peak RSS); then a cold index
started afresh and cut short (SIGINT = Ctrl-C, or SIGKILL) once `--at` of the files are committed
(polled through a read-only connection), or at `--at-time` of the clean index's wall time, then `graphmind index` again: the resume (wall, CPU, peak RSS). A cut that lands after the index
was complete (a loaded machine: the poll saw the files late) measures nothing and is discarded.
Peak RSS is GNU time's %M: the largest of the process and the descendants it waited for. The rows of
the resumed index are compared with the clean one, table by table (`digest`).
One JSON line per figure; `--append` adds them to results/resume.jsonl. Another tree side by side:
put its sources first on PYTHONPATH and name it with --variant.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchkit import corpus_path, log, report


def timed(root: Path, *args: str) -> tuple[float, int, float]:
    """`graphmind index ARGS` under GNU time: (wall s, peak RSS MB, CPU s: user + system, the workers
    included; on a loaded machine the CPU ratio is the steadier figure)."""
    t0 = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", sys.executable, "-m", "graphmind", "index", *args],
                          cwd=root, capture_output=True, text=True, check=True)
    rss, user, system = proc.stderr.strip().splitlines()[-1].split()
    return time.perf_counter() - t0, int(rss) // 1024, float(user) + float(system)


def digest(db: Path) -> dict[str, Counter]:
    """Every graph table as a multiset of row hashes, ids replaced by what they name (path, qualified
    name, start byte), as tests/daemonkit.graph_rows compares them (a Counter of hashes: Django's rows
    as strings would take gigabytes)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    paths = dict(conn.execute("SELECT id, path FROM files"))
    syms = {i: (paths.get(f), q, b) for i, f, q, b in conn.execute("SELECT id, file_id, qualname, start_byte FROM symbols")}
    out = {}
    for (name,) in conn.execute("SELECT name FROM pragma_table_list WHERE type='table' AND schema='main'"
                                " AND name NOT LIKE 'sqlite_%'").fetchall():
        if name in ("meta", "extractions"):
            continue
        cols = [c[1] for c in conn.execute(f"PRAGMA table_info({name})")]
        keep = [(i, c) for i, c in enumerate(cols) if c not in ("id", "indexed_at", "mtime_ns")]
        rows = Counter()
        for row in conn.execute(f"SELECT * FROM {name}"):
            item = [paths.get(row[i]) if c == "file_id" else syms.get(row[i], ("?", row[i]))
                    if c.endswith("_id") and row[i] is not None else row[i] for i, c in keep]
            rows[hashlib.blake2b(repr(item).encode(), digest_size=8).digest()] += 1
        out[name] = rows
    conn.close()
    return out


def committed(root: Path) -> int:
    return _read(root, "SELECT count(*) FROM files") or 0


def filling(root: Path) -> str | None:
    """The phase a cold index was cut in (load, resolve), None once it finished."""
    return _read(root, "SELECT value FROM meta WHERE key = 'filling'")


def _read(root: Path, sql: str):
    try:
        db = sqlite3.connect(f"file:{root / '.graphmind' / 'index.db'}?mode=ro", uri=True, timeout=0.1)
        try:
            row = db.execute(sql).fetchone()
            return None if row is None else row[0]
        finally:
            db.close()
    except sqlite3.Error:
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--at", type=float, default=0.5, help="cut once this share of the files is committed")
    ap.add_argument("--at-time", type=float, default=None, help="cut at this share of the clean index's time instead")
    ap.add_argument("--signal", default="INT", choices=["INT", "KILL"])
    ap.add_argument("--variant", default="tree")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    import graphmind
    tmp = Path(tempfile.mkdtemp(prefix="gm-bench-resume-"))
    try:
        clean, cut = tmp / "clean", tmp / "cut"
        for root in (clean, cut):
            shutil.copytree(corpus_path(args.corpus), root, ignore=shutil.ignore_patterns(".graphmind"))
        lines = [{"metric": "env", "cpus": os.cpu_count(), "loadavg": os.getloadavg()[0]}]
        clean_s, clean_mb, clean_cpu = timed(clean, "--rebuild")
        files = committed(clean)
        log(f"clean index {clean_s:.1f} s, {clean_mb} MB, {files} files", "bench_resume")
        proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index"], cwd=cut, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        t0 = time.perf_counter()
        while proc.poll() is None and (committed(cut) < args.at * files if args.at_time is None
                                       else time.perf_counter() - t0 < args.at_time * clean_s):
            time.sleep(0.05)
        cut_at = time.perf_counter() - t0
        proc.send_signal(getattr(signal, "SIG" + args.signal))
        _, err = proc.communicate(timeout=120)
        kept, phase = committed(cut), filling(cut)
        log(f"cut at {cut_at:.1f} s with {kept} files committed ({phase}): {err.strip().splitlines()[-1:]}",
            "bench_resume")
        if phase is None:           # on a loaded machine the cut can land after the whole index: nothing to resume
            log("discarded: the cut came after the index was complete", "bench_resume")
            return
        resume_s, resume_mb, resume_cpu = timed(cut)
        same = digest(cut / ".graphmind" / "index.db") == digest(clean / ".graphmind" / "index.db")
        lines.append({"metric": "resume", "corpus": args.corpus, "signal": args.signal, "cut_at_s": round(cut_at, 1),
                      "files_committed": kept, "files": files, "cut_phase": phase, "clean_s": round(clean_s, 2), "clean_peak_mb": clean_mb,
                      "resume_s": round(resume_s, 2), "resume_peak_mb": resume_mb,
                      "clean_cpu_s": round(clean_cpu, 2), "resume_cpu_s": round(resume_cpu, 2),
                      "ratio_time": round(resume_s / clean_s, 3), "ratio_cpu": round(resume_cpu / clean_cpu, 3),
                      "ratio_memory": round(resume_mb / clean_mb, 3), "loadavg_end": round(os.getloadavg()[0], 1),
                      "equal_to_clean": same})
        report(lines, "resume.jsonl" if args.append else None, bench="resume", variant=args.variant,
               source=Path(graphmind.__file__).parents[1].name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
