"""Functions read as values and called later, an uncertain link. A function is often not called where it is
named: a test lists it in `@pytest.mark.parametrize` and calls the parameter (`func(*args)`); a CLI stores
it under a keyword (`parser.set_defaults(func=cmd_bump)`, `Namespace(func=cmd_compare)`) and calls the
attribute of that name (`args.func(args)`); a function binds it to a local and calls that (`padfn =
_padboth`) or returns it from a factory (`return partial(try_float, **kwargs)`, natsort; also as a module's
member, `partial(utils.natsort_key, ...)`). No edge records those calls. Read at query time, only for the functions asked about, from the
files that define, import or read the function: the decorated test whose body calls one of its parameters; the functions calling an attribute named
as the keyword; the function binding it to a local name or returning it."""
from __future__ import annotations

import ast
from pathlib import Path

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.reach.trees import values_of
from graphmind.query.selection.sources import tree_of

READ_CAP = 2_000             # reads of a function's name looked at
CALLER_CAP = 500             # callers of an attribute named as a keyword


def _named(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _value(node: ast.AST) -> bool:
    """A name, or a member of a name that is no instance (`utils.natsort_key`, not `self.key`)."""
    return isinstance(node, ast.Name) or isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
        and node.value.id not in ("self", "cls")


def _returned(value: ast.AST, tops: frozenset[str]) -> list[ast.AST]:
    """What a factory returns as a function: the value itself (`return try_int`) or the function a `partial`
    binds (`return partial(try_float, **kwargs)`); not every value in the expression (`return wraps(f)(wrapper)`
    or `return Prop(prop)` call theirs elsewhere); only module-level functions (tops): a nested one is reached
    through the function building it, and names like `decorator` are nested in many functions."""
    if isinstance(value, ast.Call) and _named(value.func) == "partial" and value.args:
        value = value.args[0]
    return [value] if _named(value) in tops else []


def _handed(decorator: ast.AST) -> list[ast.AST]:
    """The nodes of the values a decorator is given (`@async_variant(sync_do_join)`, a parametrize list), not
    the decorator itself: its own body ran when the module was imported."""
    if not isinstance(decorator, ast.Call):
        return []
    return [n for v in (*decorator.args, *(k.value for k in decorator.keywords)) for n in _uncalled(v)]


def _uncalled(expr: ast.AST) -> list[ast.AST]:
    """The nodes of an expression but the callees of its calls and the objects whose attributes it reads:
    `f(x)` reads x as a value, not f; `f.make_context(...)` or `app.jinja_env` reads a member of f or app,
    and holds neither."""
    skip = {id(n.func) for n in ast.walk(expr) if isinstance(n, ast.Call)} | \
        {id(n.value) for n in ast.walk(expr) if isinstance(n, ast.Attribute)}
    return [n for n in ast.walk(expr) if id(n) not in skip]


def _locals(fn: ast.AST) -> set[str]:
    """The names a function binds itself (parameters, assignments): there, the name is no module's function."""
    args = fn.args
    out = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
    out |= {(a.asname or a.name).split(".")[0] for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))
            for a in n.names}             # `from blueprintapp import app` inside a test binds app there
    return out | {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))}


def _spots(tree: ast.Module, names: set[str], tops: frozenset[str] = frozenset()) -> dict[str, tuple[set[str], list[ast.AST], list[int]]]:
    """Where each name is used as a value in a file (one walk for them all), outside the functions binding that
    name themselves: the keywords it is passed under, the functions whose decorators name it (the decorator
    itself, whose wrapper runs with them, or a value handed to one: `@async_variant(sync_do_join)`, a parametrize
    list), and the lines of the functions binding it to a local name."""
    found: dict[str, tuple[set[str], list[ast.AST], list[int]]] = {n: (set(), [], []) for n in names}
    binds: dict[int, set[str]] = {}

    def shadowed(name: str, stack: list[ast.AST]) -> bool:
        for f in stack:
            if id(f) not in binds:                    # each function's own names, read once per walk
                binds[id(f)] = _locals(f)
        return any(name in binds[id(f)] for f in stack)

    def visit(node: ast.AST, stack: list[ast.AST]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in node.decorator_list:
                visit(d, stack)
            handed = {_named(n) for d in node.decorator_list for n in _handed(d) if isinstance(n, (ast.Name, ast.Attribute))}
            for name in handed & names:
                if not shadowed(name, stack):
                    found[name][1].append(node)
            for child in node.body:
                visit(child, [*stack, node])
            return
        if isinstance(node, ast.keyword) and node.arg and isinstance(node.value, ast.Name) and \
                node.value.id in names and not shadowed(node.value.id, stack):
            found[node.value.id][0].add(node.arg)
        elif isinstance(node, (ast.Assign, ast.Return)) and stack and node.value is not None:
            held = _uncalled(node.value) if isinstance(node, ast.Assign) else _returned(node.value, tops)
            for name in {_named(n) for n in held if _value(n)} & names:
                if not shadowed(name, stack):
                    found[name][2].append(stack[-1].lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, stack)

    visit(tree, [])
    return found


def _symbol_at(conn: apsw.Connection, file_id: int, line: int) -> int | None:
    row = conn.execute("SELECT id FROM symbols WHERE file_id = ? AND start_line = ? AND kind IN ('function', 'method')",
                       (file_id, line)).fetchone()
    return row[0] if row else None


def function_values(conn: apsw.Connection, root: Path | None, ids: list[int]) -> list[tuple[int, int]]:
    """(function that may call it, function among ids) for the functions read as values (module docstring)."""
    if root is None:
        return []
    per_file: dict[tuple[int, str], list[tuple[int, str]]] = {}     # (file id, path) -> the (function, name) read there
    tops: set[str] = set()
    for fn, name, own, top in conn.execute(
            "SELECT s.id, s.name, s.file_id, (SELECT p.kind FROM symbols p WHERE p.id = s.parent_id) = 'module'"
            " FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " WHERE s.kind = 'function' AND s.name NOT LIKE '\\_\\_%' ESCAPE '\\'",
            (json_list(ids),)).fetchall():
        tops |= {name} if top else set()
        for file_id, path in conn.execute(
                "SELECT f.id, f.path FROM files f WHERE f.id = ?3 OR f.id IN (SELECT c.file_id FROM calls c"
                " WHERE c.target_id = ?2 AND c.kind IN ('read', 'decorator', 'call') OR c.name = ?1 AND c.kind = 'read'"
                " AND c.target_id IS NULL) OR f.id IN (SELECT i.file_id FROM imports i"
                f" WHERE i.symbol = ?1) LIMIT {READ_CAP}", (name, fn, own)).fetchall():
            per_file.setdefault((file_id, path), []).append((fn, name))
    out: list[tuple[int, int]] = []
    for (file_id, path), wanted in per_file.items():
        names = {name for _, name in wanted} & values_of(root, path)
        tree = tree_of(root, path) if names else None
        if tree is None:
            continue
        spots = _spots(tree, names, frozenset(tops))
        for fn, name in wanted:
            if name not in spots:
                continue
            keywords, decorated, bound = spots[name]
            for got in [_symbol_at(conn, file_id, node.lineno) for node in decorated] + [_symbol_at(conn, file_id, line) for line in bound]:
                out += [(got, fn)] if got is not None and got != fn else []
            for kw in sorted(keywords):
                out += [(caller, fn) for (caller,) in conn.execute(
                    "SELECT DISTINCT caller_id FROM calls WHERE name = ?1 AND kind = 'call' AND callee LIKE '%.' || ?1"
                    f" AND target_id IS NULL LIMIT {CALLER_CAP}", (kw,))]
    return out
