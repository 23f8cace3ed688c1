"""Test classes that choose the class under test by a class attribute. A mixin's test builds `self.Cache(...)`
and each collected subclass sets `Cache = LRUCache`, `Cache = FIFOCache`: the index resolves `self.Cache` to
every class so assigned, so one path from the mixin's test names every subclass's copy of it. A change in a
class (or a subclass of it) one subclass chooses runs only in the subclasses whose chosen class is that class
or a subclass of it; the others are dropped, unless the test also names such a class itself. Nothing is
narrowed when no subclass chooses a class of the change's family (a helper all of them share)."""
from __future__ import annotations

import re

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.fixtures import Runner
from graphmind.query.selection.scopes import named_classes
from graphmind.query.testids import TestHit

CLASS_CAP = 5_000            # class rows walked up or down the hierarchy
_DOTTED = re.compile(r"[A-Za-z_][\w.]*$")


def _family(conn: apsw.Connection, ids: list[int]) -> set[int]:
    """The classes enclosing the changed symbols, at any depth, and all their subclasses."""
    return {c for (c,) in conn.execute(
        "WITH RECURSIVE up(id, kind) AS (SELECT s.parent_id, p.kind FROM json_each(?1) j CROSS JOIN symbols s"
        " ON s.id = j.value JOIN symbols p ON p.id = s.parent_id UNION SELECT p.id, p.kind FROM up JOIN symbols s"
        f" ON s.id = up.id JOIN symbols p ON p.id = s.parent_id LIMIT {CLASS_CAP}),"
        " down(id) AS (SELECT id FROM up WHERE kind = 'class' UNION SELECT i.class_id FROM down JOIN inherits i"
        f" ON i.target_id = down.id LIMIT {CLASS_CAP}) SELECT id FROM down", (json_list(ids),))}


class _Chooser:
    """The class a collected test class binds to a name in its body or its bases' (`Cache = LRUCache`)."""

    def __init__(self, conn: apsw.Connection, runner: Runner):
        self.conn, self.runner = conn, runner
        self._value: dict[tuple[int, str], int | None] = {}

    def bound(self, cls: int, name: str) -> tuple[bool, int | None]:
        """(whether the MRO of cls binds name, the class it binds when the index knows it)."""
        for base in self.runner.scopes.mro(cls):
            if (base, name) not in self._value:
                row = self.conn.execute("SELECT file_id, value FROM bindings WHERE scope_id = ? AND name = ?"
                                        " AND kind = 'assign' ORDER BY line DESC LIMIT 1", (base, name)).fetchone()
                self._value[(base, name)] = self._resolve(row[0], row[1].strip()) if row else -1
            got = self._value[(base, name)]
            if got != -1:
                return True, got
        return False, None

    def _resolve(self, file_id: int, value: str) -> int | None:
        """A class named by a value as written (`LRUCache`, `cachetools.Cache`) through the file's imports."""
        if not _DOTTED.match(value):
            return None
        head, _, rest = value.partition(".")
        quals = [f"{mod}.{sym}" + (f".{rest}" if rest else "") if sym else f"{mod}.{rest}" for mod, sym in self.conn.execute(
            "SELECT resolved, symbol FROM imports WHERE file_id = ? AND alias = ? AND resolved IS NOT NULL",
            (file_id, head)) if sym or rest]
        rows = self.conn.execute(
            "SELECT id FROM symbols WHERE kind = 'class' AND (qualname IN (SELECT value FROM json_each(?1))"
            " OR (file_id = ?2 AND name = ?3 AND instr(?3, '.') = 0))",
            (json_list(quals), file_id, value)).fetchall()
        return rows[0][0] if len(rows) == 1 else None


def picked(conn: apsw.Connection, runner: Runner, ids: list[int], tests: list[TestHit]) -> list[TestHit]:
    """The tests, less the copies of a test in collected classes whose class attribute (read as `self.NAME`
    by the test) chooses a class outside the changed class's family while a sibling's chooses one inside."""
    family = _family(conn, ids) if tests else set()
    if not family:
        return tests
    chooser = _Chooser(conn, runner)
    where = {(path, name): cls for cls, (name, path, _, _) in runner.scopes.classes.items()}
    out = [t for t in tests if not _dropped(conn, runner, chooser, where, family, t)]
    return out or tests


def _dropped(conn: apsw.Connection, runner: Runner, chooser: _Chooser, where: dict, family: set[int],
             test: TestHit) -> bool:
    parts = re.sub(r"\[.*\]$", "", test.id).split("::")
    ctx = where.get((parts[0], parts[1])) if len(parts) == 3 else None
    method = runner.runs(ctx, parts[2]) if ctx is not None else None
    cls = runner.owner.get(method) if method is not None else None
    if cls is None:
        return False
    attrs = {callee[5:] for (callee,) in conn.execute(
        "SELECT DISTINCT callee FROM calls WHERE caller_id = ? AND callee LIKE 'self.%'", (method,))
        if callee.count(".") == 1}
    for attr in sorted(attrs):
        has, mine = chooser.bound(ctx, attr)
        if not has or mine is None or mine in family:
            continue
        others = {chooser.bound(c, attr)[1] for c in runner.scopes.contexts(cls)}
        if others & family and not _names_family(conn, runner, method, family):
            return True
    return False


def _names_family(conn: apsw.Connection, runner: Runner, method: int, family: set[int]) -> bool:
    """Whether a test names a class of the family itself (`LRUCache(2)`, `store.LRUCache`, a value)."""
    if named_classes(conn, method, *runner.where[method]) & family:
        return True
    return conn.execute(
        "SELECT 1 FROM calls c JOIN symbols k ON k.name = c.name AND k.id IN (SELECT value FROM json_each(?2))"
        " WHERE c.caller_id = ?1 AND c.kind IN ('constructor', 'instantiate', 'read') AND c.callee NOT LIKE 'self.%'"
        " LIMIT 1", (method, json_list(sorted(family)))).fetchone() is not None
