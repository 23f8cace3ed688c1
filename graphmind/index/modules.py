"""Module names: how a file's path becomes the first part of every qualified name in it.

A Python file is named as it is imported: from the nearest folder above it that is a project (it holds
`pyproject.toml`, `setup.py` or `setup.cfg` and is no package itself), or from that project's `src/`;
so each package of a monorepo (`libs/alpha/alpha/core.py` -> `alpha.core`,
`packages/b/src/b/x.py` -> `b.x`) is named as it would be alone, and imports between them resolve.
"""
from __future__ import annotations

import os
import time
from pathlib import PurePosixPath

from graphmind import config
from graphmind.models import FileInfo

# A top-level folder that holds packages but is not part of their import names (the src layout).
SOURCE_ROOT = "src"
CACHE_SECONDS = 2.0         # project folders seen are trusted this long (a daemon lives for days)

_projects: dict[str, bool] = {}
_projects_at = [0.0]


def _is_project(folder: str) -> bool:
    """Whether a folder is a Python project's root: a project file, and no `__init__.py` (a setup.py
    shipped as data inside a package does not make one)."""
    now = time.monotonic()
    if now - _projects_at[0] > CACHE_SECONDS:
        _projects.clear()
        _projects_at[0] = now
    found = _projects.get(folder)
    if found is None:
        found = _projects[folder] = (any(os.path.isfile(os.path.join(folder, name))
                                         for name in config.PYTHON_PROJECT_FILES)
                                     and not os.path.isfile(os.path.join(folder, "__init__.py")))
    return found


def forget_projects() -> None:
    """Look at the project folders afresh (a full walk: a project file may have come or gone)."""
    _projects.clear()


def _project_depth(root: str, folders: list[str]) -> int:
    """How many leading folders of a file's path lead to its nearest project (0: the workspace's)."""
    for depth in range(len(folders), 0, -1):
        if _is_project(os.path.join(root, *folders[:depth])):
            return depth
    return 0


def module_name(path: str, language: str, root: str | None = None) -> str:
    """The module's qualified name: `pkg/sub/mod.py` -> `pkg.sub.mod`, `pkg/__init__.py` -> `pkg`;
    with the workspace `root`, a Python file is named from its project (see above)."""
    p = PurePosixPath(path)
    parts = list(p.parent.parts)
    if language == "python":
        if root is not None:
            parts = parts[_project_depth(root, parts):]
        if parts and parts[0] == SOURCE_ROOT:
            parts = parts[1:]
        if p.stem != "__init__":
            parts.append(p.stem)
    else:
        stem = p.stem
        if stem != "index" or not parts:
            parts.append(stem)
    return ".".join(parts) or p.stem


def module_of(info: FileInfo) -> str:
    """module_name for a file found by the walk (its workspace root is its absolute path's head)."""
    if info.language != "python" or not info.abspath.endswith(info.path):
        return module_name(info.path, info.language)
    return module_name(info.path, info.language, info.abspath[: len(info.abspath) - len(info.path)] or os.sep)


def resolve_relative(module: str, is_package: bool, written: str) -> str | None:
    """The absolute module a Python import names: `..p` seen from `a.b.c` -> `a.p`."""
    if not written.startswith("."):
        return written
    level = len(written) - len(written.lstrip("."))
    rest = written[level:]
    base = module.split(".") if module else []
    if not is_package:
        base = base[:-1]
    if level > 1:
        if level - 1 > len(base):
            return None
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([rest] if rest else [])) or None
