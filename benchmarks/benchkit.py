"""What every benchmark script shares: the pinned corpora (scripts/fetch_corpora.py) and a log line.

The scripts run as `python benchmarks/bench_x.py`, so this folder is on sys.path and they import it
directly; the corpus list lives in scripts/fetch_corpora.py only.
"""
from __future__ import annotations

import sys
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
