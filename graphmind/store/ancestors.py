"""Classes above the classes a write changed, found by base name, and the calls in their methods that
read what a subclass sets: `self.on_done()` in a base reaches the values subclasses give `on_done`
(graphmind/resolve/python/evaluator.py `class_attr`), so a change of those re-opens it."""
from __future__ import annotations

from functools import lru_cache

import apsw
import orjson

from graphmind.store.pending import CLASSES, FEW_NAMES, contains_any, pend
from graphmind.store.plan import FilePlanner

RESOLVED_ROWS = "resolution != 'pending'"


@lru_cache(maxsize=1 << 16)
def last_name(base: str) -> str:
    """The name a base expression ends with: `pkg.Base[T]` -> Base, `ns::Base<T>` -> Base (a
    workspace writes few distinct ones: remembered); stored as inherits.last_name and, for a
    decorator, bindings.last_name, so a save finds subclasses and decorated functions by index."""
    head = base.split("[", 1)[0].split("<", 1)[0].split("(", 1)[0]
    return head.rsplit(".", 1)[-1].rsplit("::", 1)[-1].strip()


def ancestor_names(conn: apsw.Connection, names: set[str]) -> set[str]:
    """These class names and, transitively, the names of their bases as written (last component, no
    type arguments) and the names those are imported as (`from .sansio.blueprints import Blueprint
    as SansioBlueprint`). Asked level by level (a save reads the few classes above it, not every
    base of the workspace: that was 70 ms of a Django save)."""
    # few imports rename what they import: read once, through their partial index (imports_renames;
    # through imports_symbol, which SQLite picked for `IS NOT NULL`: 265 ms on a million lines)
    original: dict[str, set[str]] = {}
    for symbol, alias in conn.execute("SELECT symbol, alias FROM imports WHERE symbol IS NOT NULL"
                                      " AND alias != symbol"):
        original.setdefault(alias, set()).add(symbol)
    found, frontier = set(names), set(names)
    while frontier:
        written = {base for (base,) in conn.execute(
            "SELECT i.last_name FROM symbols s JOIN inherits i ON i.class_id = s.id"
            " WHERE s.name IN (SELECT value FROM json_each(?))", (orjson.dumps(sorted(frontier)).decode(),))}
        frontier = (written | {o for name in written for o in original.get(name, ())}) - found
        found |= frontier
    return found


def reopen_ancestors(conn: apsw.Connection, planner: FilePlanner, bases: set[str], changed: set[str]) -> None:
    """The classes named as bases of a written or deleted class (`bases`), and theirs transitively by
    name: their methods' calls that mention a name whose meaning changed are resolved again, and
    every call in their methods of a changed name: a subclass that starts or stops overriding a
    method changes which subclasses `self.m()` inside the base's method may dispatch to."""
    if not bases or not changed:
        return
    found = ancestor_names(conn, bases)
    sql = ("WITH cls(qualname) AS (SELECT qualname FROM symbols WHERE name IN (SELECT value FROM json_each(?1))"
           f"  AND kind IN {CLASSES})"
           " SELECT c.id, c.callee, m.name FROM cls JOIN symbols m ON m.qualname > cls.qualname || '.'"
           "  AND m.qualname < cls.qualname || '/' JOIN calls c ON c.caller_id = m.id"
           f" WHERE c.{RESOLVED_ROWS}")
    args = [orjson.dumps(sorted(found)).decode()]
    if len(changed) <= FEW_NAMES:               # a substring test in SQL first, then whole identifiers
        test, names = contains_any("c.callee", changed)
        sql += f" AND (m.name IN (SELECT value FROM json_each(?2)) OR {test})"
        args += [orjson.dumps(names).decode(), *names]
    rows = conn.execute(sql, args)
    ids = [cid for cid, callee, method in rows if method in changed or not changed.isdisjoint(planner.mentions(callee))]
    pend(conn, ids)
