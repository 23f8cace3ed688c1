"""A function nested in another function (a decorator's `wrapper`, built by its maker) is called from outside
only through the value its maker hands out. A `possible` edge, a name alone (`wrapper = cached(cache)(f);
wrapper(0)` matches every `wrapper` of the workspace), into such a closure holds only for a caller that runs
its maker: one that reaches the maker, or a function enclosing it, over resolved links. The others share a
name with the closure and nothing else: cachetools' `cachedmethod` wrapper was named for every test of
`cached`, and through its `key(self, ...)` for `keys.typedmethodkey`."""
from __future__ import annotations

import apsw

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import RESOLVED, json_list

MAKER_CAP = 20_000           # symbols walked up from one maker


def _running(conn: apsw.Connection, maker: int) -> set[int]:
    """The maker and what reaches it over resolved calls and from a nested function to its enclosing one."""
    return {sid for (sid,) in conn.execute(
        "WITH RECURSIVE up(id) AS (SELECT ?1 UNION SELECT c.caller_id FROM up JOIN calls c ON c.target_id = up.id"
        f" AND c.{RESOLVED} AND {sql_in(CALL_KINDS, 'c.kind')} UNION SELECT s.parent_id FROM up JOIN symbols s"
        " ON s.id = up.id AND s.kind IN ('function', 'method') JOIN symbols p ON p.id = s.parent_id"
        f" AND p.kind IN ('function', 'method') LIMIT {MAKER_CAP}) SELECT id FROM up", (maker,))}


def unmade_calls(conn: apsw.Connection, pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The (caller, callee) pairs, `possible` edges, whose callee is nested in a function its caller never runs."""
    callees = sorted({callee for _, callee in pairs})
    maker_of = dict(conn.execute(
        "SELECT s.id, p.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value JOIN symbols p"
        " ON p.id = s.parent_id AND p.kind IN ('function', 'method') WHERE s.kind = 'function'",
        (json_list(callees),)).fetchall()) if callees else {}
    running = {maker: _running(conn, maker) for maker in set(maker_of.values())}
    return {(caller, callee) for caller, callee in pairs
            if callee in maker_of and caller not in running[maker_of[callee]]}
