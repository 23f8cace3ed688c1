"""Which indexed files changed recently: `git status` when the workspace is a git work tree, else mtimes.
Once a process has asked git, an answer older than a few seconds is still used while git is asked again
in a thread: two git processes cost a search tens to hundreds of milliseconds (Django's work tree)."""
from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path

import apsw

CACHE_SECONDS = 10.0
RECENT_SECONDS = 24 * 3600          # without git: files modified within a day ...
RECENT_SHARE = 0.10                 # ... unless that is more than a tenth of them (a fresh copy or checkout)
_cache: dict[str, tuple[float, dict[str, int]]] = {}
_git: dict[str, tuple[float, set[str] | None]] = {}     # root -> (when asked, what git said)
_asking: set[str] = set()
_lock = threading.Lock()


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


def _ask_git(root: Path) -> set[str] | None:
    """What git says changed, kept for the next calls."""
    changed = None
    try:
        changed = _git_changed(root)
        return changed
    finally:
        with _lock:
            _git[str(root)] = (time.monotonic(), changed)
            _asking.discard(str(root))


def _changed(root: Path) -> set[str] | None:
    """git's changed paths: asked now the first time, else the last answer (asked again in a thread
    when it is older than CACHE_SECONDS)."""
    key = str(root)
    with _lock:
        hit = _git.get(key)
        if hit is not None:
            if time.monotonic() - hit[0] >= CACHE_SECONDS and key not in _asking:
                _asking.add(key)
                threading.Thread(target=_ask_git, args=(root,), name="graphmind-recency", daemon=True).start()
            return hit[1]
        _asking.add(key)
    return _ask_git(root)


def recent_files(conn: apsw.Connection, root: Path) -> dict[str, int]:
    """Recently changed indexed files -> their mtime_ns (newest first), cached for a few seconds."""
    key = str(root)
    hit = _cache.get(key)
    if hit and time.monotonic() - hit[0] < CACHE_SECONDS:
        return hit[1]
    changed = _changed(root)
    rows = conn.execute("SELECT path, mtime_ns FROM files ORDER BY mtime_ns DESC").fetchall()
    if changed is not None:
        recent = {p: m for p, m in rows if p in changed}
    else:
        cutoff = (time.time() - RECENT_SECONDS) * 1e9
        fresh = [(p, m) for p, m in rows if m >= cutoff]
        recent = dict(fresh) if len(fresh) <= RECENT_SHARE * len(rows) else {}
    _cache[key] = (time.monotonic(), recent)
    return recent
