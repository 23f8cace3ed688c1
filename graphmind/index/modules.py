"""Module names: how a file's path becomes the first part of every qualified name in it.

A Python file is named as it is imported: from the nearest folder above it that is a project (it holds
`pyproject.toml`, `setup.py` or `setup.cfg` and is no package itself), or from that project's `src/`;
so each package of a monorepo (`libs/alpha/alpha/core.py` -> `alpha.core`,
`packages/b/src/b/x.py` -> `b.x`) is named as it would be alone, and imports between them resolve.
"""
from __future__ import annotations

import os
import time

from graphmind import config
from graphmind.models import FileInfo

# A top-level folder that holds packages but is not part of their import names (the src layout).
SOURCE_ROOT = "src"
CACHE_SECONDS = 2.0         # project folders seen are trusted this long (a daemon lives for days)

_projects: dict[str, bool] = {}            # folder -> is a project root
_depths: dict[tuple[str, str], int] = {}   # (root, a file's folder) -> how many of its folders lead to its project
_seen_at = [0.0]


def _fresh() -> None:
    """Forget what was seen more than CACHE_SECONDS ago."""
    now = time.monotonic()
    if now - _seen_at[0] > CACHE_SECONDS:
        forget_projects()
        _seen_at[0] = now


def _is_project(folder: str) -> bool:
    """Whether a folder is a Python project's root: a project file, and no `__init__.py` (a setup.py
    shipped as data inside a package does not make one)."""
    found = _projects.get(folder)
    if found is None:
        found = _projects[folder] = (any(os.path.isfile(os.path.join(folder, name))
                                         for name in config.PYTHON_PROJECT_FILES)
                                     and not os.path.isfile(os.path.join(folder, "__init__.py")))
    return found


def forget_projects() -> None:
    """Look at the project folders afresh (a full walk: a project file may have come or gone)."""
    _projects.clear()
    _depths.clear()


def _project_depth(root: str, parent: str) -> int:
    """How many leading folders of a file's folder lead to its nearest project (0: the workspace's)."""
    key = (root, parent)
    found = _depths.get(key)
    if found is None:
        folders = parent.split("/") if parent else []
        found = next((depth for depth in range(len(folders), 0, -1)
                      if _is_project(os.path.join(root, *folders[:depth]))), 0)
        _depths[key] = found
    return found


def module_name(path: str, language: str, root: str | None = None) -> str:
    """The module's qualified name: `pkg/sub/mod.py` -> `pkg.sub.mod`, `pkg/__init__.py` -> `pkg`;
    with the workspace `root`, a Python file is named from its project (see above)."""
    folder, _, filename = path.rpartition("/")
    dot = filename.rfind(".")
    stem = filename[:dot] if dot > 0 else filename
    parts = folder.split("/") if folder else []
    if language == "python":
        if root is not None:
            _fresh()
            parts = parts[_project_depth(root, folder):]
        if parts and parts[0] == SOURCE_ROOT:
            parts = parts[1:]
        if stem != "__init__":
            parts.append(stem)
    elif stem != "index" or not parts:
        parts.append(stem)
    return ".".join(parts) or stem


def project_roots(files: list[FileInfo]) -> str:
    """The project folders the Python files are named from (each folder's nearest), as one text: an
    indexed file's module name changes only when this does (see _project_depth), so a run whose text is
    the one recorded need not name every file again to find renamed ones."""
    forget_projects()
    nearest: dict[str, str] = {}
    for info in files:
        if info.language != "python" or not info.abspath.endswith(info.path):
            continue
        folder = info.path.rpartition("/")[0]
        if folder not in nearest:
            root = info.abspath[: len(info.abspath) - len(info.path)] or os.sep
            nearest[folder] = "/".join(folder.split("/")[:_project_depth(root, folder)])
    return "\n".join(sorted(set(nearest.values())))


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
