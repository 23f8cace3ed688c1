"""Where else an option key comes from, for query/selection/dispatch/gated.py: the code setting it itself
(`elif reindent_aligned: options["strip_whitespace"] = True`, under a condition reading another key, directly
or through a local bound to `options.get("reindent_aligned")`), and the command-line options an `argparse`
parser stores under it (`add_argument("-r", "--reindent", ...)`: a test passing `"-r"` holds the key)."""
from __future__ import annotations

import ast
from pathlib import Path

import apsw

from graphmind.query.selection.sources import tree_of
from graphmind.query.testids import is_test_code

FILE_CAP = 50                # files read for argparse options


def key_of(node: ast.expr, params: set[str], local: dict[str, set[str]]) -> set[str]:
    """The string keys an expression reads from a parameter (`p.get("k")`, `p["k"]`, `"k" in p`) or through a
    local bound to such a read."""
    keys = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id in local:
            keys |= local[n.id]
            continue
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get" and n.args:
            on, key = n.func.value, n.args[0]
        elif isinstance(n, ast.Subscript):
            on, key = n.value, n.slice
        elif isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], ast.In):
            on, key = n.comparators[0], n.left
        else:
            continue
        if isinstance(on, ast.Name) and on.id in params and isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.add(key.value)
    return keys


def params_of(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    a = fn.args
    return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p}


def _locals(fn: ast.AST, params: set[str]) -> dict[str, set[str]]:
    """{local name: the keys it was bound from} for `x = p.get("k")` in a function."""
    out: dict[str, set[str]] = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            got = key_of(n.value, params, {})
            if got:
                out.setdefault(n.targets[0].id, set()).update(got)
    return out


def _stores(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, set[str] | None]]:
    """(key, the keys of the conditions it is set under, or None when set under none) for each `p["k"] = <a
    true constant>` in a function."""
    params = params_of(fn)
    local = _locals(fn, params)
    out = []

    def walk(body: list[ast.stmt], keys: set[str]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.If):
                walk(stmt.body, keys | key_of(stmt.test, params, local))
                walk(stmt.orelse, keys)
            elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant) and stmt.value.value:
                for t in stmt.targets:
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in params and \
                            isinstance(t.slice, ast.Constant) and isinstance(t.slice.value, str):
                        out.append((t.slice.value, set(keys) or None))
            elif isinstance(stmt, (ast.For, ast.While, ast.With, ast.Try)):
                for part in ("body", "orelse", "finalbody"):
                    walk(getattr(stmt, part, []), keys)
    walk(fn.body, set())
    return out


def closed_keys(trees: list[ast.Module], keys: set[str]) -> set[str] | None:
    """The keys with those whose conditions set one of them in the code (None when one is set unconditionally)."""
    stores = [s for tree in trees for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
              for s in _stores(fn)]
    out = set(keys)
    while True:
        more = set()
        for key, under in stores:
            if key in out:
                if under is None:
                    return None
                more |= under - out
        if not more:
            return out
        out |= more


def option_strings(conn: apsw.Connection, root: Path, keys: set[str]) -> set[str]:
    """The command-line option strings an argparse parser outside the tests stores under one of the keys."""
    out: set[str] = set()
    paths = [p for (p,) in conn.execute("SELECT DISTINCT f.path FROM calls c JOIN files f ON f.id = c.file_id"
                                        " WHERE c.name = 'add_argument' LIMIT ?", (FILE_CAP,)) if not is_test_code(p)]
    for path in paths:
        tree = tree_of(root, path)
        for n in ast.walk(tree) if tree is not None else ():
            if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "add_argument"):
                continue
            flags = [a.value for a in n.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            dest = next((k.value.value for k in n.keywords if k.arg == "dest" and isinstance(k.value, ast.Constant)),
                        next((f.lstrip("-").replace("-", "_") for f in flags if f.startswith("--")), None))
            if dest in keys:
                out.update(f for f in flags if f.startswith("-"))
    return out
