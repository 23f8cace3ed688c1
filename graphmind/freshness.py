"""Answers must be about the code as it is on disk: bring the index up to date before reading."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from graphmind.indexer import index_workspace


@dataclass
class Freshness:
    """How current the index was made before an answer."""
    source: str                    # 'daemon' (a running daemon said it is current) | 'refreshed' | 'none'
    changed: int = 0               # files re-indexed to answer
    stale: list[str] = field(default_factory=list)   # files known to differ from the index


def ensure_fresh(root: Path, timeout: float = 5.0) -> Freshness:
    """Make the index current: wait for a running daemon, else re-index changed files in-process."""
    summary = index_workspace(root)
    return Freshness("refreshed", summary.changed + summary.removed)
