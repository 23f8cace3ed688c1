"""Functions registered under a name in a module-level dict literal (`FILTERS = {"upper": do_upper}`, a
template engine's filters and tests) run when a template names them, in code generated at run time that no
edge reaches: the tests whose string literals use the name as a filter (`x|upper`, `{% filter upper %}`) or
as a test (`x is upper`) may reach them. Read from the files at query time, only for the modules of reached
functions that hold such a literal."""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.sources import hinted_tree, holds, mtime, tree_of
from graphmind.query.testids import runner_of

_HINT = re.compile(r"^\w+\s*(?::[^=\n]*)?=\s*\{", re.M)       # a module-level `NAME = {` (or annotated)


def _keys_by_function(tree: ast.Module) -> dict[str, set[str]]:
    """{function name: the string keys it is stored under} in the module-level dict literals of a module."""
    out: dict[str, set[str]] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if not isinstance(value, ast.Dict):
            continue
        for key, item in zip(value.keys, value.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(item, ast.Name):
                out.setdefault(item.id, set()).add(key.value)
    return out


def registered_keys(conn: apsw.Connection, root: Path, ids: list[int]) -> dict[int, set[str]]:
    """For the module-level Python functions among ids: the names a dict literal of their module registers
    them under."""
    by_file: dict[str, list[tuple[int, str]]] = {}
    for sid, name, path in conn.execute(        # the files holding a module-level dict literal, from the index
            "SELECT s.id, s.name, f.path FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value JOIN symbols m"
            " ON m.id = s.parent_id AND m.kind = 'module' JOIN files f ON f.id = s.file_id WHERE s.kind = 'function'"
            " AND f.language = 'python' AND EXISTS (SELECT 1 FROM bindings b WHERE b.file_id = s.file_id"
            " AND b.scope_id = m.id AND b.kind IN ('assign', 'annot') AND b.value LIKE '{%')", (json_list(ids),)):
        if not runner_of(path):
            by_file.setdefault(path, []).append((sid, name))
    out: dict[int, set[str]] = {}
    for path, funcs in by_file.items():
        tree = hinted_tree(root, path, _HINT)
        keys = _keys_by_function(tree) if tree is not None else {}
        out.update({sid: keys[name] for sid, name in funcs if name in keys})
    return out


def _pattern(keys: set[str]) -> re.Pattern:
    names = "|".join(sorted(re.escape(k) for k in keys))
    return re.compile(rf"\|\s*(?:{names})\b|\bfilter\s+(?:{names})\b|\bis\s+(?:not\s+)?(?:{names})\b")


@lru_cache(maxsize=2048)
def _literals(root: Path, rel: str, stamp: int) -> tuple[tuple[int, int, str], ...]:
    """(first line, last line, its string literals joined) for each test function and method of a file."""
    tree = tree_of(root, rel)
    out = []
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            texts = [n.value for part in (*node.decorator_list, *node.body) for n in ast.walk(part)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            if texts:
                out.append((node.lineno, node.end_lineno or node.lineno, "\n".join(texts)))
    return tuple(out)


class TemplateTests:
    """The test functions of a workspace with the string literals they hold, read once per process and file."""

    def __init__(self, conn: apsw.Connection, root: Path):
        self.conn, self.root = conn, root
        self._tests: list[tuple[str, int, int, str]] | None = None

    def tests(self, hint: re.Pattern | None = None) -> list[tuple[str, int, int, str]]:
        """(test file, first line, last line, its string literals joined) for every test function and method
        (with a hint, only in the test files whose text holds a match for it)."""
        if self._tests is not None and hint is None:
            return self._tests
        out = [(path, start, end, text) for (path,) in self.conn.execute(
               "SELECT path FROM files WHERE language = 'python'") if runner_of(path) == "pytest"
               and (hint is None or holds(self.root, path, hint))
               for start, end, text in _literals(self.root, path, mtime(self.root, path))]
        if hint is None:
            self._tests = out
        return out

    def naming(self, keys: set[str]) -> list[tuple[str, int, int]]:
        """The tests whose string literals use one of these names as a filter or a test."""
        pattern = _pattern(keys)
        return [(path, start, end) for path, start, end, text in self.tests() if pattern.search(text)]


def template_hits(conn: apsw.Connection, root: Path, reached: dict[int, int], how: str) -> list[tuple]:
    """(test file, start, end, depth, how) of the tests naming a registered function among the reached symbols
    (at their depths) in a template string, one link further."""
    keys = registered_keys(conn, root, list(reached))
    if not keys:
        return []
    found = TemplateTests(conn, root)
    return [(path, start, end, reached[sid] + 1, how) for sid, names in keys.items()
            for path, start, end in found.naming(names)]
