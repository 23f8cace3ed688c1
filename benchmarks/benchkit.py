"""What every benchmark script shares: the pinned corpora (scripts/fetch_corpora.py) and a log line.

The scripts run as `python benchmarks/bench_x.py`, so this folder is on sys.path and they import it
directly; the corpus list lives in scripts/fetch_corpora.py only.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=None)
def fetch_module():
    """scripts/fetch_corpora.py as a module (the pinned names, versions and cache paths)."""
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import fetch_corpora
    finally:
        sys.path.pop(0)
    return fetch_corpora


def corpus_path(name: str) -> Path:
    """Where a fetched corpus's source tree is."""
    return fetch_module().corpus_path(name)


def corpus_version(name: str) -> str:
    """The pinned version of a corpus."""
    return fetch_module().CORPORA[name][1]


def log(msg: str, tag: str = "bench") -> None:
    """A progress line on stderr (stdout carries only the JSON figures)."""
    sys.stderr.write(f"[{tag}] {msg}\n")
    sys.stderr.flush()


def measured_commit() -> str:
    """The commit of the graphmind code this process runs: this checkout's HEAD, or, when PYTHONPATH puts
    another tree first (a `git archive` of an older commit, measured side by side), that tree's HEAD if it
    is a checkout, else `tree:NAME`: never this checkout's HEAD for code that is not its own."""
    module = sys.modules.get("graphmind")
    code = Path(module.__file__).resolve().parents[1] if module and module.__file__ else REPO
    got = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=code, capture_output=True, text=True)
    inside = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=code, capture_output=True, text=True)
    if got.returncode == 0 and Path(inside.stdout.strip() or "/nonexistent").resolve() == code:
        return got.stdout.strip()
    return f"tree:{code.name}"


def report(lines: list[dict], results_file: str | None, **stamp) -> None:
    """Stamp each figure with the time, the commit of the code measured (measured_commit) and `stamp`
    (whose `commit` wins), print it as one JSON line, and append it to results/<results_file> when one is
    given."""
    commit = measured_commit()
    for line in lines:
        line.update({"commit": commit, "ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **stamp})
        print(json.dumps(line))
    if results_file:
        with open(REPO / "benchmarks" / "results" / results_file, "a") as fh:
            fh.writelines(json.dumps(line) + "\n" for line in lines)


def indexed_copies(trees: dict[str, Path], corpus: str, tmp: Path) -> dict[str, Path]:
    """One copy of a corpus per source tree (old code, new code), each indexed by its own tree
    (`graphmind index` with PYTHONPATH set to it): their schemas may differ."""
    import os
    import shutil
    roots = {}
    for name, tree in trees.items():
        roots[name] = tmp / name
        shutil.copytree(corpus_path(corpus), roots[name], ignore=shutil.ignore_patterns(".graphmind"))
        log(f"indexing {corpus} with the {name} tree")
        subprocess.run([sys.executable, "-m", "graphmind", "index", str(roots[name])], check=True,
                       env=dict(os.environ, PYTHONPATH=str(tree)), stdout=subprocess.DEVNULL)
    return roots
