"""Calls sent back to pending when the arguments passed to functions changed (Python's parameter ←
argument flow, graphmind/resolve/python/arguments.py): the typed calls inside those functions, and inside
the functions they pass their parameters on to, transitively (`fromstr(s)` → `GEOSGeometry(s)`:
when what `fromstr` is passed changes, so does what `GEOSGeometry.__init__` is passed); and where a
function returns what it was passed (`mark_safe(s)` returns `s`), the typed calls elsewhere that
use what it returns (`mark_safe(f)()`, `x = mark_safe(f); x()`), transitively through functions
returning that in turn. A call through a parameter (`def run(cb): cb(x)`) passes arguments to the
functions it reaches: those are followed the same way."""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

import apsw
import orjson

from graphmind.config import MAX_FLOW_SITES as MAX_SITES
from graphmind.config import RETURN_FLOW_HOPS as RETURN_HOPS
from graphmind.store.pending import FEW_NAMES, TYPED, contains_any, pend
from graphmind.store.plan import FilePlanner

_SCOPES = (
    "WITH fns(qualname) AS (SELECT qualname FROM symbols WHERE name IN (SELECT value FROM json_each(?1))"
    "  UNION SELECT qualname || '.__init__' FROM symbols WHERE name IN (SELECT value FROM json_each(?1))),"
    " scopes(id) AS (SELECT s.id FROM fns f JOIN symbols s ON s.qualname = f.qualname"
    "  OR s.qualname > f.qualname || '.' AND s.qualname < f.qualname || '/')"
    " SELECT s.id, s.parent_id FROM scopes JOIN symbols s ON s.id = scopes.id")
_RETURNS = ("return", "yield", "yieldfrom")
_CALLED = re.compile(r"(\w+)\(")           # a run of word characters before a parenthesis


# The argument rows first (through bindings_args: a workspace has few), then their calls by file and
# line (calls_file): CROSS JOIN keeps that order. Left to choose, SQLite scanned every pending call and,
# for each, every argument row (102 s inside a save that re-opened 521k rows of a million-line
# workspace; 0.06 s so). Through calls_caller, every call of each caller was read: 95 ms a save there
# (1,917 rows), 17-28 ms by file and line.
_THROUGH = ("SELECT c.id, c.caller_id, c.callee, c.name, c.line, c.target_id FROM bindings b"
            " CROSS JOIN calls c ON c.file_id = b.file_id AND c.line = b.line AND c.caller_id = b.scope_id"
            " AND c.callee = substr(b.value, 1, instr(b.value, char(9)) - 1)"
            " WHERE b.kind = 'args' AND b.name = '(' AND ")


def parameter_calls(conn: apsw.Connection, condition: str, arg: object = None) -> list[tuple]:
    """The call rows of calls through a parameter (`def run(cb): cb(x)`, argument rows filed under
    models.PARAMETER_CALLS) meeting a condition on `c` (the calls row) or `b` (the binding row):
    (id, caller, callee, name, line, target)."""
    return conn.execute(_THROUGH + condition, () if arg is None else (arg,)).fetchall()


def passed_through(conn: apsw.Connection, rows: list[tuple]) -> set[str]:
    """The names whose parameters such calls (as parameter_calls gives them) pass arguments to: of
    the functions they reach (the class, for `__init__`), to follow as reopen_flows does."""
    ids = orjson.dumps(sorted({row[5] for row in rows if row[5] is not None})).decode()
    return {name for name, in conn.execute(
        "SELECT CASE WHEN s.name = '__init__' THEN coalesce(p.name, s.name) ELSE s.name END FROM symbols s"
        " LEFT JOIN symbols p ON p.id = s.parent_id WHERE s.id IN (SELECT value FROM json_each(?))", (ids,))}


def through_file(conn: apsw.Connection, file_id: int, kept: set[str] = frozenset()) -> set[str]:
    """"(NAME" of the functions a file's calls through parameters reach before it is written: what they
    pass may change or vanish (what they reach after, the resolve pass follows: resolve/passes.py).
    Not those in `kept` scopes (qualnames whose bindings, and their enclosing scopes', a write leaves
    as they were: such a call passes what it passed, and reaches what its parameter holds, which
    argument flow follows itself; on a million-line workspace, appending a function to SymPy's
    `core/basic.py` re-opened its calls' targets and followed them through SymPy for minutes).
    Not a name called from more than MAX_SITES places beyond what the file's calls through parameters
    can add or remove: its parameters hold nothing from callers before the write and after it
    (arguments.call_sites), so nothing there can change (a file reaching every `__new__` re-opened
    each one, and the functions they pass their parameters to, across the whole workspace)."""
    rows = parameter_calls(conn, "b.file_id = ?", file_id)
    if kept and rows:
        qual = dict(conn.execute("SELECT id, qualname FROM symbols WHERE id IN (SELECT value FROM json_each(?))",
                                 (orjson.dumps(sorted({row[1] for row in rows})).decode(),)))
        rows = [row for row in rows if qual.get(row[1]) not in kept]
    return {"(" + name for name in reached_through(conn, rows)} if rows else set()


def reached_through(conn: apsw.Connection, rows: list[tuple]) -> set[str]:
    """passed_through, but not the names called from more than MAX_SITES places beyond what these
    rows can add or remove: their parameters hold nothing from callers whatever these calls do."""
    names = passed_through(conn, rows)
    return names & followed(conn, names, len(rows))


def passing_mentions(conn: apsw.Connection, planner: FilePlanner, importers: set[int], names: set[str],
                     modules: set[str]) -> set[str]:
    """The names called with an argument that mentions one of `names` (`run(apply_then)`), in the
    files among `importers` (of `modules`) that import one by name, read one as a member
    (`steps.apply_then`) or import `modules` whole with a star: once such a name appeared or vanished
    where it is imported from, what those calls pass changed though their file was not written.
    Those argument flow follows. (A local bound from such a name first is not looked through.)"""
    if not importers or not names:
        return set()
    key = orjson.dumps(sorted(names)).decode()
    files = {f for (f,) in conn.execute(
        "SELECT file_id FROM imports WHERE symbol IN (SELECT value FROM json_each(?1)) UNION SELECT file_id"
        " FROM calls WHERE name IN (SELECT value FROM json_each(?1)) AND kind = 'read' UNION SELECT file_id"
        " FROM imports WHERE symbol = '*' AND resolved IN (SELECT value FROM json_each(?2))",
        (key, orjson.dumps(sorted(modules)).decode()))} & importers
    if not files:
        return set()
    sql, args = ("SELECT b.name, b.value FROM json_each(?) f JOIN bindings b ON b.file_id = f.value"
                 " WHERE b.kind = 'args' AND b.name != '('", [orjson.dumps(sorted(files)).decode()])
    if len(names) <= FEW_NAMES:
        test, listed = contains_any("b.value", names)
        sql, args = sql + " AND " + test, args + listed
    return followed(conn, {name[1:] for name, value in conn.execute(sql, args)
                            if not names.isdisjoint(planner.mentions(value.partition("\t")[2]))})


def reopen_flows(conn: apsw.Connection, planner: FilePlanner, names: set[str],
                 changed: Callable[[dict[int, int | None]], set[int]] | None = None) -> int:
    """Arguments passed to functions of these names changed ("NAME()": to what NAME returns, so to the
    functions nested in NAME): the typed calls inside those functions
    (and the functions nested in them), which read their parameters, may resolve differently; a
    call there that passes on a parameter (or a local bound from one) changes what its callee is
    passed, so the callee's functions are re-opened the same way; a function that returns one
    changes what its calls give, so the scopes calling it are followed as below; until nothing new
    is reached. `changed(scopes)` (scope -> enclosing scope), when given, says which of the scopes
    reached hold something new (resolve/cutoff.py): only those are re-opened and followed further.
    Returns the number of scopes re-opened."""
    seen, frontier, scopes = set(), set(names), set()
    returned: set[str] = set()
    while frontier:
        seen |= frontier
        found = dict(conn.execute(_SCOPES, (orjson.dumps(sorted({n.removesuffix("()") for n in frontier})).decode(),)))
        new = {sid: parent for sid, parent in found.items() if sid not in scopes}
        if changed is not None:             # (asked of all found: a scope's enclosing one may be found later)
            kept = changed(found)
            new = {sid: parent for sid, parent in new.items() if sid in kept}
        scopes |= set(new)
        passed, returns = _tainted_uses(conn, planner, new, set(), params=True)
        passed |= passed_through(conn, parameter_calls(     # what calls through their parameters reach now
            conn, "b.scope_id IN (SELECT value FROM json_each(?))", orjson.dumps(sorted(new)).decode()))
        _follow_returns(conn, planner, _returns_followed(conn, returns - returned), returned)
        frontier = followed(conn, passed - seen)
    if scopes:
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution IN"
                     " ('inferred', 'possible', 'unresolved', 'unreached') AND caller_id IN"
                     " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(scopes)).decode(),))
    return len(scopes)


def _follow_returns(conn: apsw.Connection, planner: FilePlanner, names: set[str], done: set[str]) -> None:
    """Functions of these names return something else now: in every scope calling one (and the
    functions nested there), the typed calls using what it returns, directly or through locals, are
    re-opened; a scope returning it in turn is followed the same way, for RETURN_HOPS hops. `done`
    collects the names followed. (Such a value passed on as an argument is not followed: measured on
    Django, that re-opened 71k rows for one save.)"""
    for _ in range(RETURN_HOPS):
        if not names:
            break
        done |= names
        callers = dict(conn.execute(
            "WITH c(id) AS (SELECT DISTINCT caller_id FROM calls WHERE name IN (SELECT value FROM json_each(?)))"
            " SELECT s.id, s.parent_id FROM symbols s WHERE s.id IN c OR s.parent_id IN c",
            (orjson.dumps(sorted(names)).decode(),)))
        _, returns = _tainted_uses(conn, planner, callers, {n + "(" for n in names}, params=False)
        names = _returns_followed(conn, returns - done)


def _returns_followed(conn: apsw.Connection, names: set[str]) -> set[str]:
    """The functions whose callers are followed when what they return changed: those called from at
    most MAX_SITES places (beyond, a value's change is not chased through every caller: a bound on
    the cost of one save, where the result may differ from a clean index), dunders excepted (their
    calls are implicit, by operator, not by name)."""
    return followed(conn, {n for n in names if not (n[:2] == "__" and n[-2:] == "__")})


def followed(conn: apsw.Connection, names: set[str], slack: int = 0) -> set[str]:
    """The names whose parameters argument flow follows: called from at most MAX_SITES places (the
    others' parameters hold nothing from their callers, whatever is passed on to them), or `slack`
    more (sites a write may just have added). The names of the written files' own calls are always
    taken: their count is what changed."""
    if not names:
        return names
    counts = dict(conn.execute(
        "SELECT j.value, (SELECT count(*) FROM bindings b WHERE b.kind = 'args' AND b.name = '(' || j.value)"
        " FROM json_each(?) j", (orjson.dumps(sorted(names)).decode(),)))
    return {n for n in names if counts.get(n, 0) <= MAX_SITES + slack}


def _tainted_uses(conn: apsw.Connection, planner: FilePlanner, scopes: dict[int, int | None],
                  markers: set[str], params: bool) -> tuple[set[str], set[str]]:
    """In these scopes, the values that changed: the parameters (when `params`), the calls whose
    text holds one of `markers` (`mark_safe(`), and the locals bound (transitively) from those; a
    nested function sees its enclosing function's. Without `params`, the typed calls using such a
    value are re-opened here (with `params`, the caller re-opens the scopes whole). Returns the
    names called with such a value as argument, and the names of the scopes returning one."""
    if not scopes:
        return set(), set()
    key = orjson.dumps(sorted(scopes)).decode()
    rows: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    for scope, name, kind, value in conn.execute(
            "SELECT b.scope_id, b.name, b.kind, b.value FROM json_each(?) j JOIN symbols s ON s.id = j.value"
            " JOIN bindings b ON b.file_id = s.file_id AND b.scope_id = s.id", (key,)):   # through bindings_file
        rows[scope].append((name, kind, value))
    own = dict(conn.execute("SELECT id, name FROM symbols WHERE id IN (SELECT value FROM json_each(?))", (key,)))
    tainted: dict[int, set[str]] = {}

    called = {m[:-1] for m in markers}          # markers are "NAME(": a call of NAME
    marked: dict[str, bool] = {}
    mentioned: dict[str, frozenset[str]] = {}

    def holds(value: str, names: set[str]) -> bool:
        """Whether a text calls a marker (`NAME(` in it: NAME ends a run of word characters before a
        parenthesis) or mentions one of `names`; each text read once, whatever the markers' number."""
        hit = marked.get(value)
        if hit is None:
            hit = marked[value] = bool(called) and any(
                run[i:] in called for run in _CALLED.findall(value) for i in range(len(run)))
        if hit:
            return True
        idents = mentioned.get(value)
        if idents is None:
            idents = mentioned[value] = frozenset(planner.mentions(value))
        return not names.isdisjoint(idents)

    def taint(scope: int) -> set[str]:
        if scope not in tainted:
            parent = scopes.get(scope)
            names = set(taint(parent)) if parent in scopes else set()
            if params:
                names |= {name for name, kind, _ in rows[scope] if kind == "param" and name not in ("self", "cls")}
            bound = [(name, value) for name, kind, value in rows[scope]
                     if kind not in ("param", "args") + _RETURNS and name[:1].isidentifier()]
            while True:
                more = {name for name, value in bound if name not in names and holds(value, names)}
                if not more:
                    break
                names |= more
            tainted[scope] = names
        return tainted[scope]

    passed, returning = set(), set()
    for scope in scopes:
        names = taint(scope)
        if not names and not markers:
            continue
        for name, kind, value in rows[scope]:
            if kind == "args" and holds(value.partition("\t")[2], names):
                passed.add(name[1:])
            elif kind in _RETURNS and holds(value, names) and own.get(scope):
                returning.add(own[scope])
    if not params:
        pend(conn, [cid for cid, caller, callee in conn.execute(
            f"SELECT id, caller_id, callee FROM calls WHERE resolution IN {TYPED} AND caller_id IN"
            " (SELECT value FROM json_each(?))", (key,)) if holds(callee, tainted.get(caller, set()))])
    return passed, returning
