"""Code in a class body runs once, when the class statement runs (at import), not when the class is built:
`_regex = RegexMemoizer()` or `email = fields.Email()` in a class body calls the constructor with the class as
its caller, but building the class later (`URL()`, `UserSchema()`) does not run that line again. A class a
path reaches as the caller of such a line is therefore a dead end: the walk does not go on to the code that
builds it. Not so for a class the walk starts from (changed, or a user of the changed class's objects through
its instances), nor for a class body building an object of a class with a `__new__` (its construction may be
deferred to the instances: WTForms' `UnboundField`)."""
from __future__ import annotations

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.scopes import ancestors


def past_bodies(conn: apsw.Connection, frontier: list[int], start: dict[int, int]) -> list[int]:
    """The frontier less the classes reached as the callers of a line in their body."""
    classes = {sid for (sid,) in conn.execute(
        "SELECT s.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value WHERE s.kind = 'class'",
        (json_list([s for s in frontier if s not in start]),))} if frontier else set()
    return [sid for sid in frontier if sid not in classes or _deferred(conn, sid)]


def _deferred(conn: apsw.Connection, cls: int) -> bool:
    """Whether a class body builds an object of a class with a `__new__` of the workspace."""
    built = {c for (c,) in conn.execute(
        "SELECT CASE WHEN t.kind = 'class' THEN t.id ELSE t.parent_id END FROM calls c JOIN symbols t"
        " ON t.id = c.target_id WHERE c.caller_id = ? AND c.kind IN ('constructor', 'instantiate')", (cls,))}
    found = ancestors(conn, {c for c in built if c is not None}) if built else set()
    return bool(found) and conn.execute(
        "SELECT 1 FROM json_each(?1) j CROSS JOIN symbols s ON s.parent_id = j.value WHERE s.name = '__new__'"
        " LIMIT 1", (json_list(sorted(found)),)).fetchone() is not None
