"""Test files read once per query process: the steps of reach/ look up a file for many symbols, over
several rounds. Keyed by the file's modification time, so a long-lived process (the daemon, the MCP server)
reads a saved file again."""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from graphmind.query.selection.sources import read_tree

_VALUE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?![\w.]|\s*\()")   # a name neither called nor an attribute


def _mtime(root: Path, rel: str) -> int:
    try:
        return (root / rel).stat().st_mtime_ns
    except OSError:
        return -1


@lru_cache(maxsize=512)
def _tree(root: Path, rel: str, mtime: int) -> ast.Module | None:
    return read_tree(root, rel)


@lru_cache(maxsize=2048)
def _words(root: Path, rel: str, mtime: int) -> frozenset[str]:
    try:
        return frozenset(_VALUE.findall((root / rel).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return frozenset()


def tree_of(root: Path, rel: str) -> ast.Module | None:
    """A file's syntax tree (None if it cannot be read or parsed)."""
    return _tree(root, rel, _mtime(root, rel))


def values_of(root: Path, rel: str) -> frozenset[str]:
    """The names a file's text holds neither called nor read as an attribute (`padfn = _padboth`,
    `func=cmd_bump`), to skip walking files that never hold a function as a value."""
    return _words(root, rel, _mtime(root, rel))
