"""Values held in a class body and called through its instances or through self, which no edge records.
An object built right under a name (`widget = widgets.Select()` in `class SelectField`) is called through an
instance nothing types (`field.widget(field)`), so its `__call__` runs where the holding class is built. A
function held by a test class (`DECORATOR = staticmethod(cachetools.func.ttl_cache)`) runs in the tests that
class runs which call `self.DECORATOR`, directly or through one helper method (`self.decorator(...)`), in that
class only: a mixin's test runs it in the subclasses holding it, not in the other subclasses."""
from __future__ import annotations

import json
import re

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.fixtures import Runner

CLASS_CAP = 5_000            # class rows walked down from the holding classes


def held_callables(conn: apsw.Connection, ids: list[int]) -> list[tuple[int, int]]:
    """(builder, `__call__` among ids): an object built right under a name in a class body (`widget =
    widgets.Select()` in `class SelectField`) is called through its instances (`field.widget(field)`, a
    parameter nothing types), so its `__call__` runs where an object of the holding class (or a subclass) is
    built. One built inside an argument (`name = fields.Str(validate=OneOf([...]))`) is not held: the class
    body's binding on that line is the call itself (the index's `bindings`, value `widgets.Select()`)."""
    held = []
    for method, cls, callee, value in conn.execute(
            "SELECT DISTINCT s.id, k.id, b.callee, v.value FROM json_each(?1) j CROSS JOIN symbols s"
            " ON s.id = j.value JOIN symbols c ON c.id = s.parent_id AND c.kind = 'class' JOIN calls b"
            " ON b.name = c.name AND b.kind IN ('constructor', 'instantiate') AND b.target_id IS NOT NULL"
            " JOIN symbols k ON k.id = b.caller_id AND k.kind = 'class' JOIN bindings v ON v.file_id = b.file_id"
            " AND v.scope_id = k.id AND v.line = b.line AND v.kind = 'assign'"
            " WHERE s.name = '__call__' AND s.kind = 'method'", (json_list(ids),)):
        if re.match(rf"{re.escape(callee)}\s*\(", value or ""):
            held.append((method, cls))
    if not held:
        return []
    return conn.execute(
        "WITH RECURSIVE held(m, cls) AS (SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]')"
        " FROM json_each(?1) j UNION SELECT held.m, i.class_id FROM held JOIN inherits i ON i.target_id = held.cls"
        f" LIMIT {CLASS_CAP})"
        " SELECT DISTINCT u.caller_id, held.m FROM held JOIN symbols k ON k.id = held.cls JOIN calls u"
        " ON u.name = k.name AND u.kind IN ('constructor', 'instantiate') AND u.target_id IS NOT NULL"
        f" AND u.{RESOLVED}", (json.dumps(held),)).fetchall()


def held_functions(conn: apsw.Connection, runner: Runner, ids: list[int]) -> None:
    """Into runner.found: (collected class, test) for the functions among ids a test class holds under a name
    (`NAME = f`, `NAME = staticmethod(mod.f)`: a name defined on the line reading the function in the class
    body), the tests it runs calling `self.NAME` or a helper method that does."""
    for cls, name in conn.execute(
            "SELECT DISTINCT k.id, v.name FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " JOIN calls c ON c.name = s.name AND c.kind = 'read' AND ('.' || s.qualname) LIKE ('%.' || c.callee)"
            " JOIN symbols k ON k.id = c.caller_id AND k.kind = 'class' JOIN symbols v ON v.parent_id = k.id"
            " AND v.start_line = c.line AND v.kind NOT IN ('method', 'class', 'function')"
            " WHERE s.kind = 'function'", (json_list(ids),)):
        if cls not in runner.scopes.classes:
            continue
        for ctx in runner.scopes.contexts(cls):
            mro = set(runner.scopes.mro(ctx))
            methods = {m: n for (c, n), m in runner.member.items() if c in mro}
            callers = [m for (m,) in conn.execute(
                "SELECT DISTINCT c.caller_id FROM json_each(?1) j CROSS JOIN calls c ON c.caller_id = j.value"
                " WHERE c.callee = ?2", (json_list(sorted(methods)), f"self.{name}"))]
            tests = [m for m in callers if methods[m].startswith("test")]
            helpers = [m for m in callers if m not in tests and runner.runs(ctx, methods[m]) == m]
            tests += [t for (t,) in conn.execute(
                "SELECT DISTINCT c.caller_id FROM json_each(?1) j CROSS JOIN calls c ON c.target_id = j.value"
                f" AND c.{RESOLVED} AND c.caller_id IN (SELECT value FROM json_each(?2))",
                (json_list(helpers), json_list(sorted(methods)))) if methods[t].startswith("test")]
            runner.found += [(ctx, t) for t in set(tests) if runner.runs(ctx, methods[t]) == t]
