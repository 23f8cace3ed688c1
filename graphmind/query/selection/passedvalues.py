"""Objects passed under a keyword and called back under that name. A test that builds a field as a keyword
argument (`F = make_form(a=SelectField(choices=...))`) and calls an attribute of that name on what it made
(`form.a()`) runs the field's `__call__`: the attribute is set from the keyword at run time (a form class
made by `type(...)`), so no edge records the call. Read from the test files at query time, only for the test
functions that build an object of a class (or subclass) whose `__call__` is reached; an uncertain link."""
from __future__ import annotations

import ast
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.sources import def_at
from graphmind.query.testids import is_test_file

CLASS_CAP = 5_000            # subclass rows walked down from a reached `__call__`'s class


def _callee_name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _calls_back(fn: ast.AST, classes: set[str]) -> bool:
    """Whether a function passes an object of one of the classes under a keyword (`a=SelectField(...)`) and
    calls an attribute of that name (`form.a()`)."""
    keywords, called = set(), set()
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute):
            called.add(node.func.attr)
        for kw in node.keywords:
            if kw.arg and isinstance(kw.value, ast.Call) and _callee_name(kw.value.func) in classes:
                keywords.add(kw.arg)
    return bool(keywords & called)


def keyword_called(conn: apsw.Connection, root: Path | None, ids: list[int]) -> list[tuple[int, int]]:
    """(test function, `__call__` among ids) for the test functions that build an object of that `__call__`'s
    class or a subclass as a keyword argument and call an attribute of the keyword's name."""
    if root is None:
        return []
    out = []
    for call, cls in conn.execute(
            "SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " WHERE s.name = '__call__' AND s.kind = 'method'", (json_list(ids),)).fetchall():
        classes = {name for (name,) in conn.execute(
            "WITH RECURSIVE sub(id) AS (SELECT ?1 UNION SELECT i.class_id FROM sub JOIN inherits i"
            f" ON i.target_id = sub.id LIMIT {CLASS_CAP}) SELECT DISTINCT k.name FROM sub JOIN symbols k ON k.id = sub.id",
            (cls,))}
        rows = conn.execute(
            "SELECT DISTINCT c.caller_id, f.path, u.start_line FROM json_each(?1) j CROSS JOIN calls c"
            " ON c.name = j.value AND c.kind IN ('constructor', 'instantiate')"
            f" AND c.{RESOLVED} JOIN symbols u ON u.id = c.caller_id AND u.kind IN ('function', 'method')"
            " JOIN files f ON f.id = c.file_id", (json_list(sorted(classes)),)).fetchall()
        for caller, path, line in rows:
            if not is_test_file(path):
                continue
            fn = def_at(root, path, line)
            if fn is not None and _calls_back(fn, classes):
                out.append((caller, call))
    return out
