"""A closure built by a factory stands, at each call, for the one function it was built around. A decorator
(`def deprecated(func): ... def wrapper(*a): return func(*a)`) makes one `wrapper` per function it wraps, but
the index has one `wrapper` whose call `func(...)` resolves to every function ever handed to the factory, so a
test calling any decorated function (`bump_major(...)`, `v1 < v2` through `@_comparator`) reaches them all.
A call of the closure runs the function bound under the name the call uses: the decorated function's own name
(`@deprecated` on `def bump_major`), or the name the factory's result is assigned to (`cmd_compare =
deprecated(cli.cmd_compare)`). For a changed function handed to a factory, the callers of its closure that call
it by the name another handed function is bound to are cut (pairs for the search to skip); a call under a name
bound to no handed function is kept, since what it stands for is not known. Read at query time, only for the
functions asked about."""
from __future__ import annotations

import ast
from functools import lru_cache
from typing import Callable
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.reach.funcvalues import _named as _name
from graphmind.query.selection.sources import def_at, mtime, tree_of

CLOSURE_CAP = 20             # closures handing a reached function on, looked at per layer
CALL_CAP = 2_000             # calls read from the closures of a layer


def _params(fn: ast.AST) -> set[str]:
    a = fn.args
    return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p is not None}


@lru_cache(maxsize=256)
def _file_sites(root: Path, path: str, stamp: int, factory: str) -> tuple[tuple[int, int, str, frozenset[str]], ...]:
    """(first line, last line, name bound, names of the functions handed over) for each use of the factory in a
    file, in one walk: a function it decorates (`@factory`, `@factory(...)`: bound under its own name), or an
    assignment of its result (`cmd_compare = deprecated(cli.cmd_compare, ...)`)."""
    out = []
    tree = tree_of(root, path)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out += [(d.lineno, d.end_lineno or d.lineno, node.name, frozenset([node.name])) for d in node.decorator_list
                    if _name(d.func if isinstance(d, ast.Call) else d) == factory]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and _name(node.value.func) == factory:
            handed = frozenset(_name(a) for a in node.value.args if _name(a))
            out += [(node.lineno, node.end_lineno or node.lineno, _name(t), handed) for t in node.targets if _name(t)]
    return tuple(out)


def _bindings(conn: apsw.Connection, root: Path, factory_id: int, closure: int, factory: str) -> dict[str, set[str]]:
    """{name bound: names of the functions handed over} over every use of the factory in the workspace."""
    out: dict[str, set[str]] = {}
    for path, line in conn.execute(
            "SELECT DISTINCT f.path, c.line FROM calls c JOIN files f ON f.id = c.file_id WHERE"
            " (c.target_id = ?1 AND c.kind IN ('call', 'decorator') OR c.target_id = ?2 AND c.kind = 'decorator')"
            " LIMIT 500", (factory_id, closure)):
        for first, last, bound, handed in _file_sites(root, path, mtime(root, path), factory):
            if first <= line <= last:
                out.setdefault(bound, set()).update(handed)
    return out


def closure_cuts(conn: apsw.Connection, root: Path, frontier: list[int],
                 reached: Callable[[int], bool]) -> set[tuple[int, int]]:
    """(caller, closure) pairs to skip, for the closures among the frontier handing a reached function on: the
    calls of the closure under a name bound to another function handed to the same factory (and its decorator
    sites), when no function bound under that name is reached."""
    cuts: set[tuple[int, int]] = set()
    handing: dict[tuple[int, int, str, int, str], set[str]] = {}
    for closure, target, name, callee, factory_id, factory, line, path in conn.execute(
            "SELECT DISTINCT w.id, c.target_id, t.name, c.name, f.id, f.name, f.start_line, p.path"
            " FROM json_each(?1) j CROSS JOIN symbols w ON w.id = j.value AND w.kind = 'function'"
            " JOIN symbols f ON f.id = w.parent_id AND f.kind IN ('function', 'method') JOIN files p ON p.id = f.file_id"
            f" JOIN calls c ON c.caller_id = w.id AND c.{RESOLVED} AND c.kind = 'call' AND c.implicit = 0"
            f" JOIN symbols t ON t.id = c.target_id LIMIT {CALL_CAP}", (json_list(frontier),)).fetchall():
        if reached(target):
            handing.setdefault((closure, factory_id, factory, line, path), set()).add((callee, name))
    for (closure, factory_id, factory, line, path), calls in list(handing.items())[:CLOSURE_CAP]:
        fn = def_at(root, path, line)
        names = {name for callee, name in calls if fn is not None and callee in _params(fn)}
        if not names:
            continue                 # the closure calls something else than what the factory was handed
        bound = _bindings(conn, root, factory_id, closure, factory)
        mine = {b for b, handed in bound.items() if handed & names}
        others = set(bound) - mine
        if not mine:
            continue                 # not known under which name the reached function is called
        cuts |= {(caller, closure) for caller, called, kind in conn.execute(
            "SELECT DISTINCT caller_id, name, kind FROM calls WHERE target_id = ?", (closure,))
            if called in others or kind == "decorator"}
    return cuts
