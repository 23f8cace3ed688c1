"""A workspace file's source read at query time, for the steps that look past the index into the code
(an `ast` tree, or its lines), and nothing when the file cannot be read or parsed. `tree_of` parses a file
once per process for every step, keyed by its modification time so a long-lived process (the daemon, the
MCP server) reads a saved file again."""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path


def read_tree(root: Path, rel: str, hint: re.Pattern | None = None) -> ast.Module | None:
    """A file's syntax tree (None if it cannot be read, or holds no match for hint)."""
    try:
        text = (root / rel).read_text(encoding="utf-8")
        return ast.parse(text) if hint is None or hint.search(text) else None
    except (OSError, SyntaxError, ValueError):
        return None


def read_lines(root: Path, rel: str, cache: dict[str, list[str]]) -> list[str]:
    """A file's lines, read once per cache (none if it cannot be read)."""
    if rel not in cache:
        try:
            cache[rel] = (root / rel).read_text(encoding="utf-8").splitlines()
        except (OSError, ValueError):
            cache[rel] = []
    return cache[rel]


def mtime(root: Path, rel: str) -> int:
    try:
        return (root / rel).stat().st_mtime_ns
    except OSError:
        return -1


@lru_cache(maxsize=512)
def _tree(root: Path, rel: str, stamp: int) -> ast.Module | None:
    return read_tree(root, rel)


def tree_of(root: Path, rel: str) -> ast.Module | None:
    """A file's syntax tree, shared by every step (None if it cannot be read or parsed): never changed by a reader."""
    return _tree(root, rel, mtime(root, rel))


@lru_cache(maxsize=2048)
def _holds(root: Path, rel: str, stamp: int, hint: re.Pattern) -> bool:
    try:
        return hint.search((root / rel).read_text(encoding="utf-8")) is not None
    except (OSError, ValueError):
        return False


def holds(root: Path, rel: str, hint: re.Pattern) -> bool:
    """Whether a file's text holds a match for hint (read once per process and file version)."""
    return _holds(root, rel, mtime(root, rel), hint)


def hinted_tree(root: Path, rel: str, hint: re.Pattern) -> ast.Module | None:
    """tree_of for a file whose text holds a match for hint, else None (the text is read once per process)."""
    stamp = mtime(root, rel)
    return _tree(root, rel, stamp) if _holds(root, rel, stamp, hint) else None


@lru_cache(maxsize=512)
def _defs(root: Path, rel: str, stamp: int) -> dict[int, ast.AST]:
    tree = _tree(root, rel, stamp)
    out: dict[int, ast.AST] = {}
    for n in ast.walk(tree) if tree is not None else ():
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for line in (n.lineno, *(d.lineno for d in n.decorator_list)):
                out.setdefault(line, n)
    return out


def def_at(root: Path, rel: str, line: int) -> ast.AST | None:
    """The function a file defines at a line (its `def` or one of its decorators; the first one `ast.walk`
    meets), from one walk of the file per process."""
    return _defs(root, rel, mtime(root, rel)).get(line)
