"""Which indexed files changed recently: `git status` when the workspace is a git work tree, else mtimes."""
from __future__ import annotations

import subprocess
import time
from pathlib import Path

import apsw

CACHE_SECONDS = 10.0
RECENT_SECONDS = 24 * 3600          # without git: files modified within a day ...
RECENT_SHARE = 0.10                 # ... unless that is more than a tenth of them (a fresh copy or checkout)
_cache: dict[str, tuple[float, dict[str, int]]] = {}


def _git_changed(root: Path) -> set[str] | None:
    """Paths (relative to root) that `git status` reports changed or untracked, or None without git."""
    try:
        prefix = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-prefix"], capture_output=True,
                                text=True, timeout=2, check=True).stdout.strip()
        out = subprocess.run(["git", "-C", str(root), "status", "--porcelain=v1", "-z", "--untracked-files=all",
                              "--", "."], capture_output=True, timeout=3, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    paths, entries = set(), out.decode("utf-8", "replace").split("\0")
    skip = False
    for entry in entries:
        if skip or len(entry) < 4:
            skip = False
            continue
        status, path = entry[:2], entry[3:]
        skip = "R" in status or "C" in status          # a rename carries its old path as the next entry
        if path.startswith(prefix):
            paths.add(path[len(prefix):])
    return paths


def recent_files(conn: apsw.Connection, root: Path) -> dict[str, int]:
    """Recently changed indexed files -> their mtime_ns (newest first), cached for a few seconds."""
    key = str(root)
    hit = _cache.get(key)
    if hit and time.monotonic() - hit[0] < CACHE_SECONDS:
        return hit[1]
    changed = _git_changed(root)
    rows = conn.execute("SELECT path, mtime_ns FROM files ORDER BY mtime_ns DESC").fetchall()
    if changed is not None:
        recent = {p: m for p, m in rows if p in changed}
    else:
        cutoff = (time.time() - RECENT_SECONDS) * 1e9
        fresh = [(p, m) for p, m in rows if m >= cutoff]
        recent = dict(fresh) if len(fresh) <= RECENT_SHARE * len(rows) else {}
    _cache[key] = (time.monotonic(), recent)
    return recent
