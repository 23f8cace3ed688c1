"""An abstract method runs its implementations: a call through a parameter typed as the interface
(`description: Description` then `description.append_list(...)`, PyHamcrest) binds to the interface's method,
whose body only raises `NotImplementedError` (or which is an `@abstractmethod`); what runs is an override in a
subclass. No edge leads from the call to the override (the index records a dispatch to an override only for
`self.m()`). Linked at query time, only for the methods asked about: the callers of the abstract method a method
overrides call it, when it is the abstract method's only implementation in the workspace (a sure link, followed
on sure paths only: after a `possible` edge it led from most tests to most code). With several implementations,
linking every one led PyHamcrest's `describe_to` overrides (`SelfDescribing.describe_to`) to the same 131
tests, and the dispatch narrowing then dropped true ones (recall 0.700 -> 0.657): left out."""
from __future__ import annotations

import apsw

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import RESOLVED, json_list

_KINDS = sql_in(CALL_KINDS, "c.kind")
DECORATED = 3                # lines above a `def` its decorators are looked for on (stored on the enclosing scope)


def decorator_of(sym: str, d: str = "d") -> str:
    """SQL: the call row `d` is a decorator written above the definition `sym` (rows are aliases; decorator
    calls are filed under the enclosing scope, on the lines just above the `def`)."""
    return (f"{d}.file_id = {sym}.file_id AND {d}.caller_id IS {sym}.parent_id AND {d}.kind = 'decorator'"
            f" AND {d}.line BETWEEN {sym}.start_line - {DECORATED} AND {sym}.start_line - 1")


def implemented(conn: apsw.Connection, ids: list[int]) -> list[tuple[int, int]]:
    """(caller of an abstract method, the method among ids that is its one implementation)."""
    rows = conn.execute(
        "SELECT DISTINCT s.id, b.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN calls o ON o.caller_id = s.id AND o.kind = 'override' AND o.target_id IS NOT NULL"
        " JOIN symbols b ON b.id = o.target_id AND b.kind = 'method'"
        " WHERE s.kind = 'method' AND (EXISTS (SELECT 1 FROM calls a WHERE a.caller_id = b.id AND"
        " a.kind = 'call' AND a.name = 'NotImplementedError')"
        f" OR EXISTS (SELECT 1 FROM calls a WHERE {decorator_of('b', 'a')} AND a.name = 'abstractmethod'))"
        " AND (SELECT count(DISTINCT n.caller_id) FROM calls n WHERE n.target_id = b.id AND n.kind = 'override') = 1",
        (json_list(ids),)).fetchall()
    if not rows:
        return []
    base_of: dict[int, list[int]] = {}
    for method, base in rows:
        base_of.setdefault(base, []).append(method)
    return [(caller, method) for caller, base in conn.execute(
        "SELECT DISTINCT c.caller_id, c.target_id FROM json_each(?1) j CROSS JOIN calls c ON c.target_id = j.value"
        f" WHERE c.{RESOLVED} AND {_KINDS}", (json_list(sorted(base_of)),)) for method in base_of[base]
        if caller != method]
