"""A base method calling `self.m()` runs a subclass's override of m also when the subclass overrides that
base method and calls it back (extends it): `class FIFOCache(Cache)` defines `__setitem__(self, key, value,
cache_setitem=Cache.__setitem__)` calling `cache_setitem(self, key, value)`, and `Cache.__setitem__` calls
`self.popitem()`, which on a FIFOCache is `FIFOCache.popitem`. The index records a dispatch to an override
only for the subclasses that inherit the calling method (resolve/hierarchy.py), so no edge leads from the
subclass's `__setitem__` to its `popitem`. Linked at query time, an uncertain link, only for the methods asked
about: (the extending method of the class or of a base below the calling one, the method asked about) where
the extending method calls the base's method back (`super().m()`, `Base.m(self)`, or a parameter's default
naming it)."""
from __future__ import annotations

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.libself import default_bound
from graphmind.query.selection.scopes import ancestors


def extended_overrides(conn: apsw.Connection, ids: list[int]) -> list[tuple[int, int]]:
    """(method extending a base method that calls `self.NAME()`, the method NAME among ids) in one class
    family (module docstring)."""
    out: list[tuple[int, int]] = []
    for method, name, cls in conn.execute(
            "SELECT s.id, s.name, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class' WHERE s.kind = 'method'",
            (json_list(ids),)).fetchall():
        above = ancestors(conn, {cls})
        if len(above) < 2:
            continue
        for base_method, base_name, base_cls in conn.execute(      # the base methods calling self.NAME()
                "SELECT DISTINCT m.id, m.name, m.parent_id FROM json_each(?1) k CROSS JOIN symbols m"
                " ON m.parent_id = k.value AND m.kind = 'method' JOIN calls c ON c.caller_id = m.id"
                " AND c.callee = 'self.' || ?2 AND c.kind = 'call' WHERE k.value != ?3",
                (json_list(sorted(above)), name, cls)).fetchall():
            below = [k for k in above if k != base_cls and base_cls in ancestors(conn, {k})]
            extenders = {e for (e,) in conn.execute(             # overrides calling the base method back
                "SELECT DISTINCT e.id FROM json_each(?1) k CROSS JOIN symbols e ON e.parent_id = k.value"
                f" AND e.name = ?2 AND e.kind = 'method' JOIN calls c ON c.caller_id = e.id AND c.target_id = ?3"
                f" AND c.{RESOLVED} AND c.kind = 'call'", (json_list(below), base_name, base_method))}
            bound = set(default_bound(conn, [base_method]))
            extenders |= {e for (e,) in conn.execute(
                "SELECT e.id FROM json_each(?1) j CROSS JOIN symbols e ON e.id = j.value"
                " WHERE e.parent_id IN (SELECT value FROM json_each(?2))",
                (json_list(sorted(bound)), json_list(below)))}
            out += [(e, method) for e in sorted(extenders) if e != method]
    return out


def extended_classes(conn: apsw.Connection, known: dict[int, int], near: int = 1) -> list[int]:
    """The classes of the methods (the change, or a caller of it) reached through an extending method: such
    an override runs only on its class's instances, so those tests are narrowed as a dispatch's are
    (query/selection/dispatched.py)."""
    methods = sorted({m for _, m in extended_overrides(conn, [s for s, d in known.items() if d <= near])})
    return [c for (c,) in conn.execute("SELECT DISTINCT s.parent_id FROM json_each(?1) j CROSS JOIN symbols s"
                                       " ON s.id = j.value", (json_list(methods),))] if methods else []
