"""Paths through a standard-library base class and back: a class deriving from one (`class Cache(
collections.abc.MutableMapping)`, `class Wrap(textwrap.TextWrapper)`) inherits methods the workspace never
defines (`update`, `wrap`), and those call back on self the methods it overrides (`__setitem__`,
`_wrap_chunks`). No edge says so: a call `cache.update(...)` stays unresolved. Linked at query time, only for the
methods asked about: a method overriding a name the library base defines may be run by an unresolved call, to
a name that base defines too, in a function that builds or uses an object of its class or subclasses (or is
one of their methods, on self). Only standard-library bases are looked into (their source parsed with `ast`
from Python's own library folder: never imported, nothing run). Also, a method bound as a parameter's default (`def
__setitem__(self, key, value, cache_setitem=Cache.__setitem__)`, called `cache_setitem(self, key, value)`)
is called by the method whose default names it: no edge says so either."""
from __future__ import annotations

import ast
import sys
import sysconfig
from functools import lru_cache
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list

CLASS_CAP = 5_000            # class rows walked up and down from the classes of the methods asked about
_PLAIN = {"object", "ABC", "abc.ABC", "Generic", "Protocol", "typing.Generic", "typing.Protocol"}


@lru_cache(maxsize=64)
def _stdlib_tree(module: str) -> ast.Module | None:
    """The parsed source of a standard-library module (read from Python's own library folder, never run),
    kept for the process: the library does not change under it."""
    home = Path(sysconfig.get_path("stdlib"))
    for path in (home / (module.replace(".", "/") + ".py"), home / module.replace(".", "/") / "__init__.py"):
        try:
            return ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            continue
    return None


def _methods(module: str, name: str, depth: int = 0) -> dict[str, ast.AST] | None:
    """{method name: its definition} of a standard-library class and its bases in the library, nearest first;
    followed through `from X import *` / `from X import name` (collections.abc re-exports _collections_abc)."""
    tree = _stdlib_tree(module) if depth < 4 else None
    if tree is None:
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            out: dict[str, ast.AST] = {}
            for base in node.bases:
                if isinstance(base, ast.Name):
                    out.update(_methods(module, base.id, depth + 1) or {})
            out.update({f.name: f for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))})
            return out
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and \
                any(a.name in ("*", name) for a in node.names):
            got = _methods(node.module, name, depth + 1)
            if got is not None:
                return got
    return None


def _library_class(conn: apsw.Connection, file_id: int, written: str, cache: dict) -> dict[str, ast.AST] | None:
    """The methods of the standard-library class written as a base (`abc.MutableMapping` with `from
    collections import abc`), or None when it is not one."""
    key = (file_id, written)
    if key in cache:
        return cache[key]
    cache[key] = None
    base = written.split("[", 1)[0]
    if not base or base in _PLAIN or "(" in base:
        return None
    first, _, rest = base.partition(".")
    row = conn.execute("SELECT module, symbol FROM imports WHERE file_id = ? AND alias = ?", (file_id, first)).fetchone()
    module = (row[0] or "") if row else first
    if row and row[1] is None and module.split(".", 1)[0] == first:      # `import collections.abc` binds collections
        module = first
    dotted = ".".join(p for p in (module, row[1] if row else None, rest) if p)
    if "." not in dotted or dotted.split(".", 1)[0] not in sys.stdlib_module_names:
        return None
    module, _, name = dotted.rpartition(".")
    cache[key] = _methods(module, name)
    return cache[key]


_PROTOCOL = {"len": "__len__", "iter": "__iter__", "reversed": "__reversed__", "list": "__iter__",
             "tuple": "__iter__", "set": "__iter__", "dict": "__iter__", "repr": "__repr__", "str": "__str__",
             "hash": "__hash__", "bool": "__bool__"}
_SUBSCRIPT = {ast.Load: "__getitem__", ast.Store: "__setitem__", ast.Del: "__delitem__"}


def _on_self(fn: ast.AST) -> set[str]:
    """The names a function's body looks up or runs on `self`: attributes, and the special methods that
    subscripts, `in`, `for`, len() and the like call."""
    out: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.add(n.attr)
        elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.add(_SUBSCRIPT.get(type(n.ctx), "__getitem__"))
        elif isinstance(n, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in n.ops) and \
                any(isinstance(c, ast.Name) and c.id == "self" for c in n.comparators):
            out.add("__contains__")
        elif isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.iter, ast.Name) and n.iter.id == "self":
            out.add("__iter__")
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _PROTOCOL and \
                any(isinstance(a, ast.Name) and a.id == "self" for a in n.args):
            out.add(_PROTOCOL[n.func.id])
    return out


def _calls_back(methods: dict[str, ast.AST], name: str) -> set[str]:
    """The names the library method `name` may run on self, through the library's own methods too
    (`MutableMapping.update` -> `self[key] = value` -> __setitem__)."""
    seen, todo = {name}, [name]
    while todo:
        fn = methods.get(todo.pop())
        for got in (_on_self(fn) if fn is not None else set()) - seen:
            seen.add(got)
            todo.append(got)
    return seen - {name}


def library_callbacks(conn: apsw.Connection, ids: list[int]) -> list[tuple[int, int]]:
    """(caller, method among ids it may run through a standard-library base class of the method's class)."""
    rows = conn.execute(
        "WITH RECURSIVE up(m, cls) AS (SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s"
        " ON s.id = j.value JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class' WHERE s.kind = 'method'"
        " UNION SELECT up.m, i.target_id FROM up JOIN inherits i ON i.class_id = up.cls"
        f" WHERE i.target_id IS NOT NULL LIMIT {CLASS_CAP})"
        " SELECT DISTINCT up.m, s.name, i.file_id, i.base FROM up JOIN symbols s ON s.id = up.m"
        " JOIN inherits i ON i.class_id = up.cls AND i.target_id IS NULL", (json_list(ids),)).fetchall()
    cache: dict = {}
    bases: dict[int, list[dict]] = {}                 # method -> the library bases that define its name
    names: dict[int, str] = {}
    for method, name, file_id, base in rows:
        cls = _library_class(conn, file_id, base, cache)
        if cls is not None and name in cls:
            bases.setdefault(method, []).append(cls)
            names[method] = name
    out = []
    for method, libs in bases.items():
        classes = [c for (c,) in conn.execute(
            "WITH RECURSIVE down(id) AS (SELECT parent_id FROM symbols WHERE id = ?1 UNION SELECT i.class_id"
            f" FROM down JOIN inherits i ON i.target_id = down.id LIMIT {CLASS_CAP}) SELECT id FROM down", (method,))]
        for caller, called in conn.execute(
                "SELECT DISTINCT c.caller_id, c.name FROM calls c JOIN symbols f ON f.id = c.caller_id"
                " WHERE c.kind = 'call' AND c.resolution IN ('unresolved', 'external') AND c.callee LIKE '%.%'"
                " AND c.caller_id IN (SELECT u.caller_id FROM json_each(?1) k CROSS JOIN symbols t"
                " ON t.parent_id = k.value OR t.id = k.value"
                f" JOIN calls u ON u.target_id = t.id AND u.{RESOLVED}"
                " UNION SELECT s.id FROM json_each(?1) k CROSS JOIN symbols s ON s.parent_id = k.value)",
                (json_list(classes),)):
            if caller != method and any(called in lib and names[method] in _calls_back(lib, called) for lib in libs):
                out.append((caller, method))
    return out


def default_bound(conn: apsw.Connection, ids: list[int]) -> list[int]:
    """The methods and functions whose parameters take a method among ids as their default
    (`cache_setitem=Cache.__setitem__`): they call it through that parameter."""
    return [f for (f,) in conn.execute(
        "SELECT DISTINCT f.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class'"
        " JOIN calls c ON c.name = s.name AND c.kind = 'read' AND (c.callee = p.name || '.' || s.name"
        " OR c.callee LIKE '%.' || p.name || '.' || s.name)"
        " JOIN symbols f ON f.file_id = c.file_id AND f.parent_id = c.caller_id AND c.line BETWEEN f.start_line AND f.end_line"
        " AND f.kind IN ('method', 'function')"
        " WHERE s.kind = 'method'", (json_list(ids),))]

