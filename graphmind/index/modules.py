"""Module names: how a file's path becomes the first part of every qualified name in it."""
from __future__ import annotations

from pathlib import PurePosixPath

# A top-level folder that holds packages but is not part of their import names (the src layout).
SOURCE_ROOT = "src"


def module_name(path: str, language: str) -> str:
    """The module's qualified name: `pkg/sub/mod.py` -> `pkg.sub.mod`, `pkg/__init__.py` -> `pkg`."""
    p = PurePosixPath(path)
    parts = list(p.parent.parts)
    if language == "python":
        if parts and parts[0] == SOURCE_ROOT:
            parts = parts[1:]
        if p.stem != "__init__":
            parts.append(p.stem)
    else:
        stem = p.stem
        if stem != "index" or not parts:
            parts.append(stem)
    return ".".join(parts) or p.stem


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
