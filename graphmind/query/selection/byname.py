"""Dispatch by a name built from a string: a method that looks itself up by a prefix and a computed rest
(`getattr(self, f"visit_{type(node).__name__}")`, `getattr(self, "visit_" + name)`, `"visit_%s" % name`)
may run every method of its class and subclasses whose name starts with that prefix. No edge says so; read
from the source of the methods calling `getattr` at query time, only in the classes of the methods asked about.
A function a factory builds in a class body under a name (`visit_Add = _make_binop("+")`) counts as a method
of that name. The link (the dispatching method, the method it may run) is uncertain: "may reach"."""
from __future__ import annotations

import re
from pathlib import Path

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.sources import read_lines

_PREFIX = re.compile(r"""getattr\(\s*self\s*,\s*(?:f(["'])(\w+)\{|(["'])(\w+)\3\s*\+|(["'])(\w+)%s\5\s*%)""")
CLASS_CAP = 5_000             # ancestor rows walked up from the classes of the methods asked about


def _prefixes(root: Path, path: str, start: int, end: int, cache: dict[str, list[str]]) -> set[str]:
    """The literal prefixes of the names a method looks up on self by getattr (lines start..end of path)."""
    text = "\n".join(read_lines(root, path, cache)[start - 1:end])
    return {m.group(2) or m.group(4) or m.group(6) for m in _PREFIX.finditer(text)}


def name_dispatch(conn: apsw.Connection, root: Path, ids: list[int]) -> list[tuple[int, int]]:
    """(dispatching method, method among ids it may run by name): the dispatcher is a method of the method's
    class or of one of its bases that calls getattr with a literal prefix the method's name extends."""
    rows = conn.execute(
        "WITH RECURSIVE up(m, cls, name) AS (SELECT s.id, s.parent_id, s.name FROM json_each(?1) j CROSS JOIN symbols s"
        " ON s.id = j.value JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class' JOIN files f"
        " ON f.id = s.file_id AND f.language = 'python' WHERE s.kind = 'method' AND instr(s.name, '_') > 1"
        # a function built in a class body under a name (`visit_Add = _make_binop("+")`): a method of that name
        " UNION SELECT s.id, k.id, v.name FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols p ON p.id = s.parent_id AND p.kind = 'function' JOIN calls c ON c.target_id = p.id"
        " JOIN symbols k ON k.id = c.caller_id AND k.kind = 'class' JOIN symbols v ON v.parent_id = k.id"
        " AND v.start_line = c.line AND v.kind NOT IN ('method', 'class', 'function') AND instr(v.name, '_') > 1"
        " WHERE s.kind = 'function'"
        f" UNION SELECT up.m, i.target_id, up.name FROM up JOIN inherits i ON i.class_id = up.cls"
        f" WHERE i.target_id IS NOT NULL LIMIT {CLASS_CAP})"
        " SELECT DISTINCT up.m, up.name, g.id, f.path, g.start_line, g.end_line FROM up"
        " JOIN symbols g ON g.parent_id = up.cls AND g.kind = 'method' AND g.id != up.m JOIN files f"
        " ON f.id = g.file_id WHERE EXISTS (SELECT 1 FROM calls c WHERE c.caller_id = g.id AND c.callee = 'getattr')",
        (json_list(ids),)).fetchall()
    cache: dict[str, list[str]] = {}
    prefixes: dict[int, set[str]] = {}
    out = []
    for method, name, getter, path, start, end in rows:
        if getter not in prefixes:
            prefixes[getter] = _prefixes(root, path, start, end, cache)
        if any(name.startswith(p) and len(name) > len(p) for p in prefixes[getter]):
            out.append((getter, method))
    return out
