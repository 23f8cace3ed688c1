"""Where graphmind keeps files outside the index: the extraction cache a repository's worktrees share.

A `.git` file (a linked worktree's or a submodule's `gitdir: …`) is text anyone can commit or put in an
archive, so it is followed only to a real git directory of this very repository: one holding `HEAD`
and `objects` (or `commondir`), whose own record of its working tree points back at this folder.
Anything else (a plain folder, a bare repository, `../../x`) and the cache stays beside the index."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from graphmind import config

_SMALL = 4096           # bytes read of a git pointer file at most


def _read(path: Path) -> str | None:
    """A small regular file's text (never a FIFO or a link's target elsewhere), or None."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        return os.read(fd, _SMALL).decode("utf-8", "replace").strip()
    except OSError:
        return None
    finally:
        os.close(fd)


def _is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and ((path / "objects").is_dir() or (path / "commondir").is_file())


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _worktree_of(gitdir: Path) -> Path | None:
    """The working tree a git directory names for itself: a linked worktree's `gitdir` file (the path of
    its `.git` file), or a submodule's or separate git dir's `core.worktree`."""
    back = _read(gitdir / "gitdir")
    if back:
        return (gitdir / back).parent if not os.path.isabs(back) else Path(back).parent
    text = _read(gitdir / "config") or ""
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]").strip().lower()
        elif section == "core" and line.replace(" ", "").lower().startswith("worktree="):
            value = line.split("=", 1)[1].strip().strip('"')
            return gitdir / value
    return None


def _followed(folder: Path) -> Path | None:
    """The common git directory a `.git` file in folder leads to, when it is one of this repository's."""
    text = _read(folder / ".git")
    if text is None or not text.startswith("gitdir:"):
        return None
    gitdir = (folder / text[len("gitdir:"):].strip()).resolve()
    if not _is_git_dir(gitdir):
        return None
    home = _worktree_of(gitdir)
    if home is None or not _same(home, folder):
        return None                          # a git dir of another checkout, or none naming this one
    common = _read(gitdir / "commondir")
    if common is None:
        return gitdir
    common_dir = (gitdir / common).resolve()
    return common_dir if _is_git_dir(common_dir) else None


def git_common_dir(root: Path) -> Path | None:
    """The directory a repository's worktrees share (`git rev-parse --git-common-dir`), read from
    `.git` as git writes it (no subprocess): a folder, or in a linked worktree a file pointing to
    `<common>/worktrees/<name>`, whose `commondir` file names the common directory; None when the
    nearest `.git` is not a real git directory of this repository (see the module's docstring)."""
    for folder in (root, *root.parents):
        dot = folder / ".git"
        try:
            st = os.lstat(dot)
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            return dot.resolve() if _is_git_dir(dot) else None
        return _followed(folder) if stat.S_ISREG(st.st_mode) else None
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
