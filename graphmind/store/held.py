"""Argument flow re-opened when a class's MRO changed (store/ancestors.reopen_rebased): an argument whose
text did not change may hold another member now (`relay(User().touch)` once User gained TimestampMixin,
`u = User(); relay(u.touch)`, `handler = u.touch; relay(handler)`), and what the callee does with its
parameter (`cb()`) then reaches something else."""
from __future__ import annotations

from collections import defaultdict

import apsw
import orjson

from graphmind.store.flows import followed
from graphmind.store.pending import FEW_NAMES, contains_any
from graphmind.store.plan import FilePlanner

# the files naming one of the classes: importing it, or defining it
_NAMING = ("SELECT file_id FROM imports WHERE symbol IN (SELECT value FROM json_each(?1)) UNION"
           " SELECT file_id FROM imports WHERE alias IN (SELECT value FROM json_each(?1)) UNION"
           " SELECT s.file_id FROM json_each(?2) c JOIN symbols s ON s.id = c.value")
_SKIPPED = "('param', 'return', 'yield', 'yieldfrom', 'decorator')"
_LOOKING = ("SELECT b.scope_id, b.kind, b.value FROM json_each(?) f JOIN bindings b ON b.file_id = f.value"
            f" WHERE b.name != '' AND b.name != '(' AND b.kind NOT IN {_SKIPPED}")
_BOUND = ("SELECT b.scope_id, b.name, b.kind, b.value FROM json_each(?) j JOIN symbols s ON s.id = j.value"
          " JOIN bindings b ON b.file_id = s.file_id AND b.scope_id = s.id"      # through bindings_file
          f" WHERE b.name != '' AND b.kind NOT IN {_SKIPPED}")


def passing_members(conn: apsw.Connection, planner: FilePlanner, members: set[str], classes: set[int],
                    files: set[int]) -> set[str]:
    """The names called, in `files`, with an argument that holds one of `members` looked up on one of
    `classes` (ids: the classes whose MRO gained or lost them): the text names the class (`User().touch`),
    or a name bound in its scope from such a text (`u = User()`, transitively), or is `self`/`cls` in a
    method of one; or it names a local bound so (`handler = u.touch`), or a function of those files that
    returns one (`get_user().touch`: annotated, or `return User(...)`), in the files importing it too.
    Those argument flow follows."""
    if not members or not classes:
        return set()
    ids = orjson.dumps(sorted(classes)).decode()
    named = dict(conn.execute("SELECT qualname, name FROM symbols WHERE id IN (SELECT value FROM json_each(?))", (ids,)))
    names = set(named.values())
    near = {f for (f,) in conn.execute(_NAMING, (orjson.dumps(sorted(names)).decode(), ids))} & files
    if not near:
        return set()
    makers = _makers(conn, planner, names, near)
    if makers:              # `get_user().touch` where get_user returns one of the classes
        names = names | makers
        near |= {f for (f,) in conn.execute(_NAMING, (orjson.dumps(sorted(makers)).decode(), "[]"))} & files
    sql, args = _LOOKING, [orjson.dumps(sorted(near)).decode()]
    if len(members) <= FEW_NAMES:             # `.m` in the text: a member looked up
        test, listed = contains_any("b.value", {"." + m for m in members})
        sql, args = sql + " AND " + test, args + listed
    hit = {scope for scope, kind, value in conn.execute(sql, args) if not members.isdisjoint(
        planner.looked_up(value.partition("\t")[2] if kind == "args" else value))}
    if not hit:
        return set()
    scopes: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    for scope, name, kind, value in conn.execute(_BOUND, (orjson.dumps(sorted(hit)).decode(),)):
        scopes[scope].append((name, kind, value))
    quals = dict(conn.execute("SELECT id, qualname FROM symbols WHERE id IN (SELECT value FROM json_each(?))",
                              (orjson.dumps(sorted(hit)).decode(),)))
    aliases = {a for (a,) in conn.execute("SELECT alias FROM imports WHERE symbol IN (SELECT value FROM json_each(?))",
                                          (orjson.dumps(sorted(names)).decode(),))}
    passed = set()
    for scope in hit:
        qual = quals.get(scope, "")
        typed = names | aliases | ({"self", "cls"} if any(qual.startswith(q + ".") for q in named) else set())
        held: set[str] = set()
        rows = [(name, value) for name, kind, value in scopes[scope] if kind != "args"]
        while True:                         # locals of a class (typed), or of a member looked up on one (held)
            more = False
            for name, value in rows:
                said = set(planner.mentions(value))
                if name not in held and not said.isdisjoint(typed | held) and not members.isdisjoint(planner.looked_up(value)):
                    held.add(name)
                    more = True
                elif name not in typed and name not in held and not said.isdisjoint(typed):
                    typed.add(name)
                    more = True
            if not more:
                break
        for name, kind, value in scopes[scope]:
            if kind == "args" and name != "(":
                text = value.partition("\t")[2]
                said = set(planner.mentions(text))
                if not said.isdisjoint(held) or not said.isdisjoint(typed) and not members.isdisjoint(planner.looked_up(text)):
                    passed.add(name[1:])
    return followed(conn, passed)


def _makers(conn: apsw.Connection, planner: FilePlanner, names: set[str], near: set[int]) -> set[str]:
    """The functions defined in `near` that return one of the classes `names`: annotated so (`-> User`)
    or returning a text that names one (`return User()`)."""
    near_ids, made = orjson.dumps(sorted(near)).decode(), set()
    for name, signature in conn.execute(
            "SELECT name, signature FROM symbols WHERE file_id IN (SELECT value FROM json_each(?))"
            " AND kind IN ('function', 'method') AND instr(signature, '->') > 0", (near_ids,)):
        if not names.isdisjoint(planner.mentions(signature.rpartition("->")[2])):
            made.add(name)
    for name, value in conn.execute(
            "SELECT s.name, b.value FROM bindings b JOIN symbols s ON s.id = b.scope_id"
            " WHERE b.file_id IN (SELECT value FROM json_each(?)) AND b.kind = 'return'", (near_ids,)):
        if name not in made and not names.isdisjoint(planner.mentions(value)):
            made.add(name)
    return made - names
