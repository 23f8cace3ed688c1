"""Classes above the classes a write changed, found by base name, and the calls in their methods that
read what a subclass sets: `self.on_done()` in a base reaches the values subclasses give `on_done`
(graphmind/resolve/python/evaluator.py `class_attr`), so a change of those re-opens it."""
from __future__ import annotations

from functools import lru_cache

import apsw
import orjson

from graphmind.store.pending import CLASSES, FEW_NAMES, TYPED, contains_any, pend

UNCERTAIN = "('possible', 'unresolved', 'unreached', 'external')"   # reached no certain member
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


def hierarchy_members(conn: apsw.Connection, classes: set[str], ancestors: bool = True) -> set[str]:
    """Member names (methods, class-level bindings, `self.x = …`) of these classes and (`ancestors`) of
    their bases by name, transitively: what a chain through an instance of one of them may read now
    that its hierarchy changed (`bp.route` once Blueprint's base is known)."""
    if not classes:
        return set()
    key = orjson.dumps(sorted(ancestor_names(conn, classes) if ancestors else classes)).decode()
    return {n for (n,) in conn.execute(
        "WITH cls(id, file_id) AS (SELECT id, file_id FROM symbols WHERE name IN (SELECT value FROM json_each(?1))"
        f"  AND kind IN {CLASSES}),"
        " scopes(id, file_id) AS (SELECT id, file_id FROM cls"
        "  UNION SELECT m.id, m.file_id FROM cls JOIN symbols m ON m.parent_id = cls.id)"
        " SELECT m.name FROM cls JOIN symbols m ON m.parent_id = cls.id"
        " UNION SELECT b.name FROM scopes JOIN bindings b ON b.file_id = scopes.file_id AND b.scope_id = scopes.id"
        "  WHERE b.kind IN ('attr', 'attrannot', 'assign', 'annot')", (key,))}


def reopen_rebased(conn: apsw.Connection, planner: FilePlanner, below: set[str], bases: set[str],
                   files: set[int], kept: set[str] = frozenset()) -> None:
    """Classes `below` (those whose bases changed and their subclasses, by name) gained or lost the
    base names `bases` (resolve/interface.rebased leaves out `object` and the like). Re-opened in
    `files`: the sites that reached a member of a class below or of those bases and their ancestors
    by name (what they reach through the new MRO may differ); the typed sites, reads and chains that
    name a member of those bases and ancestors (`c.added()`, `c.objects.filter()`: found now, or no
    longer); and the sites that reached no certain member and name a member of a class below (a
    call on an ancestor may reach its subclasses' members, `class_attr` their attributes). The
    ancestors of the bases the class keeps (`kept`) stay in its MRO: left out."""
    up = ancestor_names(conn, bases) - (ancestor_names(conn, kept) if kept else set())
    if not below or not up:
        return
    ids = [i for (i,) in conn.execute(
        f"SELECT m.id FROM symbols c JOIN symbols m ON m.parent_id = c.id WHERE c.kind IN {CLASSES}"
        " AND c.name IN (SELECT value FROM json_each(?))", (orjson.dumps(sorted(below | up)).decode(),))]
    pend(conn, [cid for (cid,) in conn.execute(
        "SELECT id FROM calls WHERE target_id IN (SELECT value FROM json_each(?)) AND resolution != 'pending'",
        (orjson.dumps(ids).decode(),))])
    gained, near = hierarchy_members(conn, up, ancestors=False), hierarchy_members(conn, below, ancestors=False)
    if not gained and not near:
        return
    sql = (f"SELECT c.id, c.callee, c.name, c.resolution IN {UNCERTAIN} FROM json_each(?1) f JOIN calls c"
           f" ON c.file_id = f.value WHERE (c.resolution IN {TYPED} OR c.kind = 'read' OR (c.resolution = 'import'"
           " AND instr(c.callee, '.') > 0))")
    args = [orjson.dumps(sorted(files)).decode()]
    if len(gained | near) <= FEW_NAMES:          # a substring test in SQL first, then whole identifiers
        test, names = contains_any("c.callee", gained | near)
        sql, args = sql + " AND " + test, args + names
    ids = []
    for cid, callee, name, uncertain in conn.execute(sql, args):
        words = planner.mentions(callee)
        if name in gained or not gained.isdisjoint(words[:-1]) or uncertain and not near.isdisjoint(words):
            ids.append(cid)
    pend(conn, ids)
