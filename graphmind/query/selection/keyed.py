"""Functions chosen by a string key: a module-level function used nowhere in its module but inside the values
of a module-level dict literal under string keys (`_table_formats = {"pipe": TableFormat(lineabove=
_pipe_line_with_colons, …)}`) runs only when a caller looks one of those keys up, and the callers pass the key
as a string (`tabulate(rows, tablefmt="pipe")`). Every test reaching the lookup reaches the function by the
graph; the tests that run it are those whose string literals hold the key. Read from the files at query
time, only for the modules of the changed functions holding a module-level `NAME = {`. A module-level function
used only inside such functions (`_pipe_segment` called by `_pipe_line` alone), and a function defined inside
one, runs only when one of them does and takes their keys. A function stored
bare under a key (`"upper": do_upper`) is a template name (registered.py) and is left alone."""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.registered import _HINT, TemplateTests
from graphmind.query.selection.sources import hinted_tree, mtime
from graphmind.query.selection.values.conditions import conditions
from graphmind.query.testids import TestHit

_KEYED_HINT = re.compile(_HINT.pattern + r"""|==\s*['"]|\bin\s*[(\[{]\s*['"]""", re.M)   # or `P == "k"`


def _keys_in_values(tree: ast.Module) -> dict[str, set[str]]:
    """{name: the string keys under which it appears inside a (non-bare) value} over module-level dict literals,
    for the names used nowhere else in the module and under no key a parameter takes by default."""
    keyed: dict[str, set[str]] = {}
    inside: dict[str, int] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if not isinstance(value, ast.Dict):
            continue
        for key, item in zip(value.keys, value.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or isinstance(item, ast.Name):
                continue
            for n in ast.walk(item):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                    keyed.setdefault(n.id, set()).add(key.value)
                    inside[n.id] = inside.get(n.id, 0) + 1
    used, defaults = {}, set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and n.id in keyed:
            used[n.id] = used.get(n.id, 0) + 1
        elif isinstance(n, ast.arguments):           # `fmt="grid"`: a caller passing nothing chooses the key
            defaults.update(d.value for d in (*n.defaults, *n.kw_defaults) if isinstance(d, ast.Constant))
    direct = {name: keys for name, keys in keyed.items() if used.get(name, 0) == inside[name] and not keys & defaults}
    return _helpers_of(tree, direct | _guarded(tree))


def _literal_keys(test: ast.expr, param: set[str]) -> set[str]:
    """The strings a condition asks a parameter to equal (`P == "rst"`, `P in ("a", "b")`, joined by `or`)."""
    if isinstance(test, ast.BoolOp):
        found = [_literal_keys(v, param) for v in test.values]
        return set().union(*found) if isinstance(test.op, ast.Or) and all(found) else \
            next((f for f in found if f), set()) if isinstance(test.op, ast.And) else set()
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)
            and test.left.id in param):
        return set()
    right = test.comparators[0]
    items = [right] if isinstance(test.ops[0], ast.Eq) else \
        right.elts if isinstance(test.ops[0], ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)) else []
    keys = {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)}
    return keys if items and len(keys) == len(items) else set()


def _guarded(tree: ast.Module) -> dict[str, set[str]]:
    """{name: keys} for the module-level functions used only under an `if` asking a parameter of the function
    using them to equal a string (`if tablefmt == "rst": rows = _rst_escape(rows)`): the parameter not rebound before,
    its default not the string, and the string held by no value in the module (a wrapper or an assignment choosing
    it: `numalign = "decimal"`)."""
    funcs = {f.name: f for f in tree.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    passed = _held(tree)
    out: dict[str, set[str]] = {}
    bad: set[str] = set()
    for user in funcs.values():
        args = user.args
        defaults = {d.value for d in (*args.defaults, *args.kw_defaults) if isinstance(d, ast.Constant)}
        params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        stored = _stored(user)
        for n in ast.walk(user):
            if not (isinstance(n, ast.Name) and n.id in funcs and n.id != user.name):
                continue
            param = {p for p in params if stored.get(p, n.lineno + 1) > n.lineno}     # not rebound before
            keys = next((k for test, holds in conditions(user, n.lineno) if holds
                         for k in [_literal_keys(test, param)] if k), set())
            if not keys or keys & (defaults | passed):
                bad.add(n.id)
            else:
                out.setdefault(n.id, set()).update(keys)
    used_outside = {n.id for f in tree.body if not isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for n in ast.walk(f) if isinstance(n, ast.Name)}
    return {name: keys for name, keys in out.items() if name not in bad | used_outside}


def _held(tree: ast.Module) -> set:
    """The constants of the module used as values: not compared, not a dict's key, not a docstring."""
    skip = {id(c) for n in ast.walk(tree) for c in (
        [n.left, *n.comparators, *(e for c in n.comparators if isinstance(c, (ast.Tuple, ast.List, ast.Set))
                                   for e in c.elts)] if isinstance(n, ast.Compare) else
        [*n.keys, *(v for k, v in zip(n.keys, n.values) if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
                    and k.value == v.value)] if isinstance(n, ast.Dict) else    # `{"rst": "rst"}` gives the key back
        [n.value] if isinstance(n, ast.Expr) else [])}
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip}


def _stored(fn: ast.AST) -> dict[str, int]:
    """The names fn assigns, each with the first line assigning it."""
    out: dict[str, int] = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out[n.id] = min(out.get(n.id, n.lineno), n.lineno)
    return out


def _helpers_of(tree: ast.Module, keyed: dict[str, set[str]]) -> dict[str, set[str]]:
    """The keyed functions with the module-level functions used only inside them (`_pipe_segment(...)` called
    by `_pipe_line` alone), which run only when one of them does: each takes the keys of those using it."""
    funcs = {f.name: f for f in tree.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    uses: dict[str, list[int]] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and n.id in funcs and n.id not in keyed:
            uses.setdefault(n.id, []).append(n.lineno)
    out = dict(keyed)
    for _ in range(4):                               # helpers of helpers, a few levels down
        spans = [(f.lineno, f.end_lineno, out[name]) for name, f in funcs.items() if name in out]
        for name, lines in uses.items():
            if name in out:
                continue
            own = funcs[name]
            outer = [[keys for start, end, keys in spans if start <= line <= end] for line in lines
                     if not own.lineno <= line <= own.end_lineno]
            if outer and all(outer):
                out[name] = set().union(*(keys for found in outer for keys in found))
    return out


@lru_cache(maxsize=256)
def _keyed_in(root: Path, path: str, stamp: int) -> dict[str, set[str]]:
    tree = hinted_tree(root, path, _KEYED_HINT)
    return _keys_in_values(tree) if tree is not None else {}


def key_of_changed(conn: apsw.Connection, root: Path, ids: list[int]) -> set[str]:
    """The string keys that choose the changed functions, when every changed function is chosen by a key
    (else the empty set: nothing to narrow)."""
    rows = conn.execute(
        "SELECT s.id, s.name, s.kind, f.path, m.kind FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN files f ON f.id = s.file_id LEFT JOIN symbols m ON m.id = s.parent_id", (json_list(ids),)).fetchall()
    keys: set[str] = set()
    trees: dict[str, dict[str, set[str]]] = {}
    for sid, name, kind, path, parent in rows:
        for _ in range(4) if kind == "function" and parent == "function" else ():  # a def inside a keyed one
            sid, name, kind, parent = conn.execute(
                "SELECT s.id, s.name, s.kind, m.kind FROM symbols s JOIN symbols c ON c.parent_id = s.id"
                " LEFT JOIN symbols m ON m.id = s.parent_id WHERE c.id = ?", (sid,)).fetchone()
            if parent != "function":
                break
        if kind != "function" or parent != "module" or not path.endswith(".py"):
            return set()
        if path not in trees:
            trees[path] = _keyed_in(root, path, mtime(root, path))
        if name not in trees[path]:
            return set()
        keys |= trees[path][name]
    return keys


def key_spans(conn: apsw.Connection, root: Path, ids: list[int]) -> list[tuple[str, int, int]] | None:
    """(test file, first line, last line) of the tests whose string literals hold a key choosing the changed
    functions; None when no key chooses them."""
    keys = key_of_changed(conn, root, ids)
    if not keys:
        return None
    written = re.compile("|".join(re.escape(k) for k in sorted(keys)))      # skips the files never holding one
    return [(path, start, end) for path, start, end, text in TemplateTests(conn, root).tests(written)
            if keys & set(text.split("\n"))]


def narrowed(tests: list[TestHit], spans: list[tuple[str, int, int]]) -> list[TestHit]:
    """The tests found (by a path or may reach) that hold a key choosing the changed functions; all of them
    when none does."""
    kept = [t for t in tests if any(path == t.file and t.start_line <= end and t.end_line >= start
                                    for path, start, end in spans)]
    return kept or tests
