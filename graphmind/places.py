"""Where graphmind keeps files outside the index: the extraction cache a repository's worktrees share."""
from __future__ import annotations

import os
from pathlib import Path

from graphmind import config


def git_common_dir(root: Path) -> Path | None:
    """The directory a repository's worktrees share (`git rev-parse --git-common-dir`), read from
    `.git` as git writes it (no subprocess): a folder, or in a linked worktree a file pointing to
    `<common>/worktrees/<name>`, whose `commondir` file names the common directory."""
    for folder in (root, *root.parents):
        dot = folder / ".git"
        if dot.is_dir():
            return dot.resolve()
        if dot.is_file():
            try:
                text = dot.read_text(errors="replace").strip()
            except OSError:
                return None
            if not text.startswith("gitdir:"):
                return None
            gitdir = (folder / text[len("gitdir:"):].strip()).resolve()
            try:
                common = (gitdir / "commondir").read_text(errors="replace").strip()
            except OSError:
                return gitdir
            return (gitdir / common).resolve()
    return None


def local_cache_path(root: Path) -> Path:
    """The extraction cache beside the index (outside a git repository, or when the shared one fails)."""
    return root / config.INDEX_DIR / "extractions.db"


def cache_path(root: Path) -> Path:
    """Where a workspace's extraction cache lives: under the repository's common git directory, so
    every worktree shares it, when that is writable; else beside the index."""
    common = git_common_dir(root)
    if common is not None and common.is_dir() and os.access(common, os.W_OK):
        return common / "graphmind" / "extractions.db"
    return local_cache_path(root)
