"""Which folder is the workspace, from wherever a command starts: the nearest enclosing `.graphmind/`,
else the repository root, else the folder itself. A subfolder never gets an index of its own unless
one is asked for (`--root`)."""
from __future__ import annotations

import os
from pathlib import Path

from graphmind import config
from graphmind.errors import NotAWorkspaceError


def _has_index_dir(folder: Path) -> bool:
    # a link counts as found: using it is refused later (private.index_dir), never walked past
    return os.path.isdir(folder / config.INDEX_DIR) or os.path.islink(folder / config.INDEX_DIR)


def enclosing_index(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding a `.graphmind/` folder, or None."""
    for cand in (start, *start.parents):
        if _has_index_dir(cand):
            return cand
    return None


def repository_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git` (a folder, or a worktree's file), or None.
    A home folder kept in git (dotfiles) is not a workspace: indexing all of it is never meant."""
    home = Path(os.path.expanduser("~")).resolve() if os.path.expanduser("~") != "~" else None
    for cand in (start, *start.parents):
        if os.path.lexists(cand / ".git"):
            return None if cand == home else cand
    return None


def folder(path: Path | str) -> Path:
    """`path` resolved, when it is a folder; else NotAWorkspaceError."""
    root = Path(path).resolve()
    if not root.is_dir():
        raise NotAWorkspaceError(str(path))
    return root


def workspace_of(start: Path | str) -> Path:
    """The workspace a command started in `start` works on: the nearest enclosing index, else the
    repository root, else `start` itself."""
    here = folder(start)
    return enclosing_index(here) or repository_root(here) or here
