"""Calls sent back to pending when the arguments passed to functions changed (Python's parameter ←
argument flow, graphmind/resolve/python/arguments.py): the typed calls inside those functions, and inside
the functions they pass their parameters on to, transitively (`fromstr(s)` → `GEOSGeometry(s)`:
when what `fromstr` is passed changes, so does what `GEOSGeometry.__init__` is passed)."""
from __future__ import annotations

from collections import defaultdict

import apsw
import orjson

from graphmind.config import MAX_FLOW_SITES as MAX_SITES
from graphmind.store.plan import FilePlanner

_SCOPES = (
    "WITH fns(qualname) AS (SELECT qualname FROM symbols WHERE name IN (SELECT value FROM json_each(?1))"
    "  UNION SELECT qualname || '.__init__' FROM symbols WHERE name IN (SELECT value FROM json_each(?1))),"
    " scopes(id) AS (SELECT s.id FROM fns f JOIN symbols s ON s.qualname = f.qualname"
    "  OR s.qualname > f.qualname || '.' AND s.qualname < f.qualname || '/')"
    " SELECT s.id, s.parent_id FROM scopes JOIN symbols s ON s.id = scopes.id")


def reopen_flows(conn: apsw.Connection, planner: FilePlanner, names: set[str]) -> None:
    """Arguments passed to functions of these names changed: the typed calls inside those functions
    (and the functions nested in them), which read their parameters, may resolve differently; and
    a call there that passes on a parameter (or a local bound from one) changes what its callee is
    passed, so the callee's functions are re-opened the same way, until nothing new is reached."""
    seen, frontier, scopes = set(), set(names), set()
    while frontier:
        seen |= frontier
        found = dict(conn.execute(_SCOPES, (orjson.dumps(sorted(frontier)).decode(),)))
        new = {sid: parent for sid, parent in found.items() if sid not in scopes}
        scopes |= set(new)
        frontier = _followed(conn, _passed_on(conn, planner, new) - seen)
    if scopes:
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution IN"
                     " ('inferred', 'possible', 'unresolved', 'unreached') AND caller_id IN"
                     " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(scopes)).decode(),))


def _followed(conn: apsw.Connection, names: set[str]) -> set[str]:
    """The names whose parameters argument flow follows: called from at most MAX_SITES places (the
    others' parameters hold nothing from their callers, whatever is passed on to them). The names
    of the written files' own calls are always taken: their count is what changed."""
    if not names:
        return names
    counts = dict(conn.execute(
        "SELECT j.value, (SELECT count(*) FROM bindings b WHERE b.kind = 'args' AND b.name = '(' || j.value)"
        " FROM json_each(?) j", (orjson.dumps(sorted(names)).decode(),)))
    return {n for n in names if counts.get(n, 0) <= MAX_SITES}


def _passed_on(conn: apsw.Connection, planner: FilePlanner, scopes: dict[int, int | None]) -> set[str]:
    """The names called in these scopes with an argument that mentions a parameter, or a local bound
    (transitively) from one; a nested function sees its enclosing function's such names."""
    if not scopes:
        return set()
    rows: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    for scope, name, kind, value in conn.execute(
            "SELECT b.scope_id, b.name, b.kind, b.value FROM json_each(?) j JOIN symbols s ON s.id = j.value"
            " JOIN bindings b ON b.file_id = s.file_id AND b.scope_id = s.id",      # through bindings_file
            (orjson.dumps(sorted(scopes)).decode(),)):
        rows[scope].append((name, kind, value))
    tainted: dict[int, set[str]] = {}

    def taint(scope: int) -> set[str]:
        if scope not in tainted:
            parent = scopes.get(scope)
            names = set(taint(parent)) if parent in scopes else set()
            names |= {name for name, kind, _ in rows[scope] if kind == "param" and name not in ("self", "cls")}
            bound = [(name, value) for name, kind, value in rows[scope] if kind not in ("param", "args") and name[:1].isidentifier()]
            while True:
                more = {name for name, value in bound if name not in names and not names.isdisjoint(planner.mentions(value))}
                if not more:
                    break
                names |= more
            tainted[scope] = names
        return tainted[scope]

    out: set[str] = set()
    for scope in scopes:
        names = taint(scope)
        for name, kind, value in rows[scope]:
            if kind == "args" and names and not names.isdisjoint(planner.mentions(value.partition("\t")[2])):
                out.add(name[1:])
    return out
