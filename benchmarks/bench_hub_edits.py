#!/usr/bin/env python3
"""Hub edits through a running daemon on a copy of Django: what a save of a module everybody imports costs.

Usage: python benchmarks/bench_hub_edits.py [--modules N] [--kinds a,b] [--also PATHS] [--variant LABEL] [--append]

The N (default 20) most-imported modules (by files importing them, read from the index), and the modules
of issue 35 (`--also`: db/models/base.py, utils/functional.py, conf/__init__.py), each get, one
save at a time, and each followed by the save that undoes it:
  import      `import functools as _gm_hub` added after the module's first import line, then removed
  definition  `def _gm_hub_added(): …` appended at module level, then removed
  base        the first class with two bases or more loses its last one, or the first class with one
              base after another class gains that class as a base; then the base list is restored
  body        one statement added to the first function body, then removed (the body-only peer)
Each save waits until the daemon says the workspace is fresh, then reads `status`: `last_update.ms`
(batch taken -> committed, the daemon's own clock) and `last_update.reopened` (call sites elsewhere
sent back to pending; absent on trees older than issue 35). Prints one JSON line per edit kind and
one for all hub edits (p50, p99, max), `--append` adds them to results/hub_edits.jsonl. To run
another tree side by side, put its sources first on PYTHONPATH and name it with --variant.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import corpus_path, log, report

KINDS = ("import", "definition", "base", "body")
ISSUE_MODULES = ("django/db/models/base.py", "django/utils/functional.py", "django/conf/__init__.py")   # issue 35's


def gm(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=cwd, capture_output=True, text=True,
                          check=True, timeout=1800)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 1)


def hubs(root: Path, n: int) -> list[str]:
    """Paths of the n modules imported by the most files (`import m`, `from m import x`, `from pkg import m`)."""
    db = sqlite3.connect(f"file:{root / '.graphmind' / 'index.db'}?mode=ro", uri=True)
    rows = db.execute(
        "SELECT f.path, count(DISTINCT i.file_id) AS n FROM files f JOIN imports i ON i.file_id != f.id AND"
        " (i.resolved = f.module OR i.resolved || '.' || i.symbol = f.module)"
        " WHERE f.language = 'python' GROUP BY f.id ORDER BY n DESC, f.path LIMIT ?", (n,)).fetchall()
    db.close()
    return [p for p, _ in rows]


def edited(text: str, kind: str) -> str | None:
    """The text with one edit of `kind`, or None when the file offers no place for it."""
    lines = text.split("\n")
    if kind == "import":
        at = next((i for i, ln in enumerate(lines) if re.match(r"(import |from (?!__future__))", ln)), None)
        return None if at is None else "\n".join(lines[:at] + ["import functools as _gm_hub"] + lines[at:])
    if kind == "definition":
        return text + "\n\ndef _gm_hub_added():\n    return 1\n"
    if kind == "base":      # the first class with bases: its last base dropped, else a class defined above added
        defined = []
        for i, ln in enumerate(lines):
            m = re.match(r"class (\w+)\(((?!\)).*?)\):\s*$", ln)
            if m and "metaclass" not in ln and "=" not in ln:
                bases = [b.strip() for b in m.group(2).split(",") if b.strip()]
                if len(bases) >= 2:
                    lines[i] = f"class {m.group(1)}({', '.join(bases[:-1])}):"
                    return "\n".join(lines)
                if defined:
                    lines[i] = f"class {m.group(1)}({', '.join(bases + [defined[0]])}):"
                    return "\n".join(lines)
            if re.match(r"class (\w+)", ln):
                defined.append(re.match(r"class (\w+)", ln).group(1))
        return None
    for i, ln in enumerate(lines):                        # body: a statement first in a top-level function
        if re.match(r"def \w+\(.*\).*:\s*$", ln) and i + 1 < len(lines) and lines[i + 1].startswith("    "):
            return "\n".join(lines[:i + 1] + ["    _gm_hub_local = 1"] + lines[i + 1:])
    return None


def save(client, root: Path, path: Path, content: str) -> dict:
    path.write_text(content)
    assert client.wait_fresh(root, 600)["fresh"]
    return client.request(root, "status", io_timeout=60.0)["last_update"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--modules", type=int, default=20)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--also", default=",".join(ISSUE_MODULES), help="modules edited besides the most imported")
    ap.add_argument("--variant", default="tree")
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    import graphmind
    from graphmind.live import client
    stamp = {"bench": "hub_edits", "variant": args.variant, "source": Path(graphmind.__file__).parents[1].name}
    tmp = Path(tempfile.mkdtemp(prefix="gm-bench-hub-"))
    root = tmp / "django"
    shutil.copytree(corpus_path("django"), root, ignore=shutil.ignore_patterns(".graphmind"))
    lines = [{"metric": "env", "cpus": os.cpu_count(), "loadavg": os.getloadavg()[0]}]
    t0 = time.perf_counter()
    gm("index", ".", cwd=root)
    log(f"cold index {time.perf_counter() - t0:.1f} s", "bench_hub")
    modules = hubs(root, args.modules)
    modules += [m for m in args.also.split(",") if m and m not in modules and (root / m).exists()]
    figures: dict[str, list[tuple[float, int | None]]] = {k: [] for k in args.kinds.split(",")}
    pid = None
    try:
        pid = json.loads(gm("daemon", "start", "--json", cwd=root).stdout)["pid"]
        assert client.wait_fresh(root, 600)["fresh"]
        for rel in modules:
            path = root / rel
            original = path.read_text()
            for kind in figures:
                text = edited(original, kind)
                if text is None:
                    continue
                for step, content in (("do", text), ("undo", original)):
                    last = save(client, root, path, content)
                    figures[kind].append((last["ms"], last.get("reopened")))
                    log(f"{kind} {step} {rel}: {last['ms']:.0f} ms, reopened {last.get('reopened')}", "bench_hub")
    finally:
        if pid is not None:
            gm("daemon", "stop", cwd=root)
        shutil.rmtree(tmp, ignore_errors=True)
    hub = [f for k, xs in figures.items() if k != "body" for f in xs]
    for kind, xs in [*figures.items(), ("hub", hub)]:
        if not xs:
            continue
        ms = [m for m, _ in xs]
        opened = [r for _, r in xs if r is not None]
        lines.append({"metric": f"{kind}_commit_ms", "p50": pct(ms, 0.5), "p99": pct(ms, 0.99), "max": max(ms),
                      "median": round(statistics.median(ms), 1), "n": len(ms),
                      "reopened_p50": pct(opened, 0.5) if opened else None,
                      "reopened_max": max(opened) if opened else None})
    report(lines, "hub_edits.jsonl" if args.append else None, **stamp)


if __name__ == "__main__":
    main()
