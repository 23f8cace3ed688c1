"""Classes built only under an option key. A class whose every instance outside the tests is built under an
`if` that reads a string key from a parameter of the building function (`if options.get("right_margin"):
stack.append(RightMarginFilter(...))`, `if "reindent" in options`, `if options["k"]`) has its methods run
only for callers passing that key: every test reaching the filter stack reaches each filter's `process`
by the graph (dispatch over a list of filters), but only the tests holding the key, as a keyword argument
(`format(sql, right_margin=40)`) or a string (`{"reindent": True}`), or naming the class themselves, build
one. Read from the files at query time; anything not read with certainty narrows nothing."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.dispatch.keysources import closed_keys, key_of, option_strings, params_of
from graphmind.query.selection.dispatched import FAMILY, USES
from graphmind.query.selection.sources import read_lines, tree_of
from graphmind.query.testids import TestHit, is_test_code



def _classes_of(conn: apsw.Connection, ids: list[int]) -> list[int] | None:
    """The class each changed symbol runs in (a method, or a function nested in one); None when one runs in
    none, or lies in the tests."""
    out = set()
    for sid in ids:
        cls = None
        for _ in range(8):
            row = conn.execute("SELECT s.kind, s.parent_id, f.path FROM symbols s JOIN files f ON f.id = s.file_id"
                               " WHERE s.id = ?", (sid,)).fetchone()
            if row is None or is_test_code(row[2]):
                return None
            if row[0] == "class":
                cls = sid
                break
            if row[0] not in ("method", "function") or row[1] is None:
                return None
            sid = row[1]
        if cls is None:
            return None
        out.add(cls)
    return sorted(out)


def _guarding_keys(tree: ast.Module, line: int) -> set[str]:
    """The keys read by the `if`s whose body holds the line, in the innermost function holding it."""
    def walk(node: ast.AST, params: set[str], keys: set[str]) -> set[str] | None:
        for child in ast.iter_child_nodes(node):
            if not (getattr(child, "lineno", line) <= line <= getattr(child, "end_lineno", line)):
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return walk(child, params_of(child), set())
            if isinstance(child, ast.If) and child.body[0].lineno <= line <= child.body[-1].end_lineno:
                return walk(child, params, keys | key_of(child.test, params, {}))
            if isinstance(child, ast.stmt) or isinstance(child, ast.expr):
                got = walk(child, params, keys)
                return got if got is not None else keys
        return keys
    return walk(tree, set(), set()) or set()


def gating_keys(conn: apsw.Connection, root: Path, ids: list[int]) -> tuple[set[str], set[str]] | None:
    """(the keys, the class names) when every instance outside the tests of the classes the changed symbols run
    in (or of a subclass) is built under a key condition; None otherwise."""
    classes = _classes_of(conn, ids)
    if not classes:
        return None
    family = [cid for (cid,) in conn.execute(f"WITH RECURSIVE {FAMILY} SELECT id FROM k", (json_list(classes),))]
    rows = conn.execute(
        "SELECT DISTINCT c.caller_id, s.kind, f.path, c.line FROM json_each(?1) j"
        " JOIN symbols m ON m.id = j.value OR (m.parent_id = j.value AND m.name IN ('__init__', '__new__'))"
        f" JOIN calls c ON c.target_id = m.id AND c.{RESOLVED} AND {USES} JOIN symbols s ON s.id = c.caller_id"
        " JOIN files f ON f.id = c.file_id", (json_list(family),)).fetchall()
    names = {n for (n,) in conn.execute("SELECT name FROM symbols WHERE id IN (SELECT value FROM json_each(?1))",
                                        (json_list(family),))}
    static = conn.execute(
        "SELECT 1 FROM json_each(?1) j JOIN symbols m ON m.parent_id = j.value JOIN calls c ON c.target_id = m.id"
        f" AND c.{RESOLVED} JOIN symbols s ON s.id = c.caller_id WHERE s.parent_id NOT IN (SELECT value FROM"
        " json_each(?1)) AND instr(c.callee, '.') > 0 AND substr(c.callee, 1, instr(c.callee, '.') - 1)"
        " IN (SELECT name FROM symbols WHERE id IN (SELECT value FROM json_each(?1))) LIMIT 1",
        (json_list(family),)).fetchone()
    if static is not None:                 # `Filter._process(...)` called on the class: no instance needed
        return None
    outside = [(path, line) for caller, kind, path, line in rows if not is_test_code(path)]
    if not outside or any(kind in ("module", "class") and not is_test_code(path) for _, kind, path, _ in rows):
        return None
    keys: set[str] = set()
    trees = {path: tree_of(root, path) for path in {path for path, _ in outside}}
    for path, line in outside:
        got = _guarding_keys(trees[path], line) if trees[path] is not None else set()
        if not got:
            return None
        keys |= got
    closed = closed_keys([t for t in trees.values() if t is not None], keys)
    if closed is None:
        return None
    return closed | option_strings(conn, root, closed), names


def _holds(text: str, keys: set[str], names: set[str]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(k)}\s*=(?!=)|['\"]{re.escape(k)}['\"]", text) for k in keys) or \
        any(re.search(rf"\b{re.escape(n)}\b", text) for n in names)


def _text(root: Path, test: TestHit, lines: dict[str, list[str]], trees: dict) -> str:
    """A test's source with its decorators (a `parametrize` passing the key) and, in a class, the class's
    helpers (`def formatter(sql): return format(sql, reindent=True)` that its tests call)."""
    src = read_lines(root, test.file, lines)
    start = test.start_line
    while start > 1 and src[start - 2].lstrip().startswith(("@", ")", "]", "}", '"', "'", "(")):
        start -= 1
    parts = src[start - 1:test.end_line]
    if test.file not in trees:
        trees[test.file] = tree_of(root, test.file)
    tree = trees[test.file]
    for cls in ast.walk(tree) if tree is not None and test.id.count("::") >= 2 else ():
        if isinstance(cls, ast.ClassDef) and cls.lineno <= test.start_line <= cls.end_lineno:
            for fn in cls.body:
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not fn.name.startswith("test"):
                    parts += src[fn.lineno - 1:fn.end_lineno]
    return "\n".join(parts)


def gated(conn: apsw.Connection, root: Path | None, ids: list[int], tests: list[TestHit]) -> list[TestHit]:
    """The tests holding a key that builds the changed symbols' class, when only such a key builds it (all the
    tests when none holds one)."""
    found = gating_keys(conn, root, ids) if root is not None and tests else None
    if found is None:
        return tests
    lines: dict[str, list[str]] = {}
    trees: dict[str, ast.Module | None] = {}
    kept = [t for t in tests if _holds(_text(root, t, lines, trees), *found)]
    return kept or tests
