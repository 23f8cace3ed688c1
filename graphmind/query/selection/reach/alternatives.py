"""A function defined once per platform or optional dependency (`if platform.system() == "Windows": def
os_sort_keygen(...) ... else: try: import icu except ImportError: def os_sort_keygen(...)`, natsort): the
index binds a call of the name to one definition (the last), while any of them may be the one that runs.
The other definitions of a function's name in its scope (same file, same enclosing symbol) stand for it:
their callers call it. `typing.overload` stubs are left out (the last definition is the one that runs).
Likewise a function registered on a generic function (`@functools.singledispatch def canonicalize_version`, then
`@canonicalize_version.register def _(version: str)`, packaging) runs where the generic function is called."""
from __future__ import annotations

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.reach.abstract import decorator_of


def alternatives(conn: apsw.Connection, ids: list[int]) -> list[int]:
    """The other definitions of the names of the functions among ids in the same scope."""
    return [o for (o,) in conn.execute(
        "SELECT DISTINCT o.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols o ON o.file_id = s.file_id AND o.name = s.name AND o.kind = 'function'"
        " AND o.parent_id IS s.parent_id AND o.id != s.id"
        " WHERE s.kind = 'function' AND NOT EXISTS (SELECT 1 FROM symbols v"
        f" JOIN calls d ON {decorator_of('v')} AND d.name = 'overload'"
        " WHERE v.file_id = s.file_id AND v.name = s.name AND v.parent_id IS s.parent_id)", (json_list(ids),))]


def registered(conn: apsw.Connection, ids: list[int]) -> list[int]:
    """The generic functions (`@singledispatch`) in their files that the functions among ids are registered on
    (`@NAME.register`, `@NAME.register(str)`)."""
    return [g for (g,) in conn.execute(
        "SELECT DISTINCT g.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        f" JOIN calls d ON {decorator_of('s')} AND d.name = 'register'"
        " JOIN symbols g ON g.file_id = s.file_id AND g.name || '.register' = d.callee AND g.kind = 'function'"
        " WHERE s.kind = 'function' AND g.id != s.id", (json_list(ids),))]
