"""Classes above the classes a write changed, found by base name, and the calls in their methods that
read what a subclass sets: `self.on_done()` in a base reaches the values subclasses give `on_done`
(graphmind/resolve/python/evaluator.py `class_attr`), so a change of those re-opens it."""
from __future__ import annotations

from functools import lru_cache

import apsw
import orjson

from graphmind.store.members import looking_up
from graphmind.store.pending import CLASSES, FEW_NAMES, TYPED, contains_any, pend

from graphmind.store.plan import FilePlanner

RESOLVED_ROWS = "resolution != 'pending'"
MEMBERS_SQL = ("WITH cls(id, file_id) AS (SELECT s.id, s.file_id FROM json_each(?) j JOIN symbols s ON s.id = j.value),"
               " scopes(id, file_id) AS (SELECT id, file_id FROM cls"
               "  UNION SELECT m.id, m.file_id FROM cls JOIN symbols m ON m.parent_id = cls.id)"
               " SELECT m.name FROM cls JOIN symbols m ON m.parent_id = cls.id"
               " UNION SELECT b.name FROM scopes JOIN bindings b ON b.file_id = scopes.file_id AND b.scope_id = scopes.id"
               "  WHERE b.kind IN ('attr', 'attrannot', 'assign', 'annot')")


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
    original = _renamed(conn)
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
    return _members_of(conn, {i for (i,) in conn.execute(
        f"SELECT id FROM symbols WHERE name IN (SELECT value FROM json_each(?)) AND kind IN {CLASSES}", (key,))})


def _renamed(conn: apsw.Connection) -> dict[str, set[str]]:
    """alias -> the names imported under it, for the few imports that rename (through their partial
    index imports_renames; through imports_symbol, which SQLite picked for `IS NOT NULL`: 265 ms on a
    million lines)."""
    original: dict[str, set[str]] = {}
    for symbol, alias in conn.execute("SELECT symbol, alias FROM imports WHERE symbol IS NOT NULL"
                                      " AND alias != symbol"):
        original.setdefault(alias, set()).add(symbol)
    return original


def _named(conn: apsw.Connection, names: set[str], renamed: dict[str, set[str]], files: set[int] | None = None) -> set[int]:
    """Ids of the classes with these names or the names they are imported as (only in `files`, when given)."""
    names = names | {o for n in names for o in renamed.get(n, ())}
    sql = f"SELECT id FROM symbols WHERE name IN (SELECT value FROM json_each(?1)) AND kind IN {CLASSES}"
    args = [orjson.dumps(sorted(names)).decode()]
    if files is not None:
        sql, args = sql + " AND file_id IN (SELECT value FROM json_each(?2))", args + [orjson.dumps(sorted(files)).decode()]
    return {i for (i,) in conn.execute(sql, args)} if names else set()


def lineage(conn: apsw.Connection, start: set[int], written: set[int], renamed: dict[str, set[str]],
            up: bool = True) -> set[int]:
    """These classes and, transitively, their ancestors (`up`) or their subclasses, as the last pass
    resolved the bases (inherits.target_id, indexed both ways). A base written in a file just saved
    is not resolved yet: followed by the name it ends with (and what an import renames)."""
    found, frontier = set(start), set(start)
    files = orjson.dumps(sorted(written)).decode()
    while frontier:
        key = orjson.dumps(sorted(frontier)).decode()
        if up:
            nxt, names = set(), set()
            for target, base, last, fid in conn.execute("SELECT target_id, base, last_name, file_id FROM inherits"
                                                        " WHERE class_id IN (SELECT value FROM json_each(?))", (key,)):
                if target is not None:
                    nxt.add(target)
                elif fid in written:
                    names.add((base, last, fid))
            nxt |= _written_bases(conn, names, renamed) if names else set()
        else:
            names = {n for (n,) in conn.execute("SELECT name FROM symbols WHERE id IN (SELECT value FROM json_each(?))", (key,))}
            names |= {alias for alias, originals in renamed.items() if not originals.isdisjoint(names)}
            nxt = {c for (c,) in conn.execute(
                "SELECT class_id FROM inherits WHERE target_id IN (SELECT value FROM json_each(?1)) UNION"
                " SELECT class_id FROM inherits INDEXED BY inherits_last_name WHERE last_name IN (SELECT value FROM"
                " json_each(?2)) AND target_id IS NULL AND file_id IN (SELECT value FROM json_each(?3))",
                (key, orjson.dumps(sorted(names)).decode(), files))}
        frontier = nxt - found
        found |= frontier
    return found


def _written_bases(conn: apsw.Connection, bases: set[tuple[str, str, int]], renamed: dict[str, set[str]]) -> set[int]:
    """The classes that bases written in a just-saved file (text, last name, file id) are, before the
    pass resolves them: the class the file defines by that name when it imports none
    (PermissionManager above Permission), the class its import names (`from orm.base import Model`,
    `import orm.base as ob; ob.Model`), else every class of that last name (a re-export)."""
    found, anywhere = set(), set()
    for base, last, fid in bases:
        parts = base.split("[", 1)[0].split("(", 1)[0].strip().split(".")
        wanted = set()
        for symbol, resolved in conn.execute("SELECT symbol, resolved FROM imports WHERE file_id = ? AND alias = ?",
                                             (fid, parts[0])):
            rest = ".".join(parts[1:])
            wanted |= {".".join(p for p in (resolved, symbol, rest) if p), ".".join(p for p in (resolved, rest) if p)}
        here = _exported(conn, wanted) if wanted else {i for (i,) in conn.execute(
            f"SELECT id FROM symbols WHERE file_id = ? AND name = ? AND kind IN {CLASSES}", (fid, last))} if len(parts) == 1 else set()
        found |= here
        if not here:
            anywhere.add(last)
    return found | (_named(conn, anywhere, renamed) if anywhere else set())


def _exported(conn: apsw.Connection, qualnames: set[str], hops: int = 4) -> set[int]:
    """The classes these qualnames name, following re-exports (`django.db.models.Manager`: the
    package's `from .manager import Manager`) a few modules deep."""
    key = orjson.dumps(sorted(qualnames)).decode()
    found = {i for (i,) in conn.execute(f"SELECT id FROM symbols WHERE qualname IN (SELECT value FROM json_each(?))"
                                        f" AND kind IN {CLASSES}", (key,))}
    if found or not hops:
        return found
    parts = {q.rpartition(".")[::2] for q in qualnames if "." in q}        # (module, name) asked of the module's imports
    further = {f"{resolved}.{symbol}" if symbol else resolved for module, alias, symbol, resolved in conn.execute(
        "SELECT f.module, i.alias, i.symbol, i.resolved FROM files f JOIN imports i ON i.file_id = f.id"
        " WHERE f.module IN (SELECT value FROM json_each(?)) AND i.resolved IS NOT NULL",
        (orjson.dumps(sorted({m for m, _ in parts})).decode(),)) if (module, alias) in parts} - qualnames
    return _exported(conn, further, hops - 1) if further else set()


def reached_constructor(conn: apsw.Connection, bases: set[str], names=frozenset({"__init__", "__new__"})) -> set[str]:
    """The constructor names that classes with these names and their ancestors define: what `C()`
    may reach anew when C gains or loses one of them as a base (none: its calls keep their rows)."""
    found = _members_of(conn, lineage(conn, _named(conn, bases, _renamed(conn)), set(), {}))
    return found & names


def _members_of(conn: apsw.Connection, classes: set[int]) -> set[str]:
    """Member names of these classes (methods, nested classes, class-level bindings, `self.x = …`)."""
    return {n for (n,) in conn.execute(MEMBERS_SQL, (orjson.dumps(sorted(classes)).decode(),))} if classes else set()


def _set_in_methods(conn: apsw.Connection, classes: set[int]) -> set[str]:
    """The names `self.x = …` binds in the methods of these classes: what class_attr's walk down from
    a base finds (graphmind/resolve/python/evaluator.py)."""
    return {n for (n,) in conn.execute(
        "SELECT b.name FROM json_each(?) c JOIN symbols m ON m.parent_id = c.value JOIN bindings b"
        " ON b.file_id = m.file_id AND b.scope_id = m.id WHERE b.kind IN ('attr', 'attrannot')",
        (orjson.dumps(sorted(classes)).decode(),))} if classes else set()


def reopen_rebased(conn: apsw.Connection, planner: FilePlanner, moved: set[str], bases: set[str], kept: set[str],
                   files: set[int], written: set[int]) -> tuple[set[str], set[int]]:
    """Classes `moved` (in the files `written`) gained or lost the base names `bases`, keeping `kept`
    (resolve/interface.rebased). The MROs that change are theirs and their subclasses' (`below`),
    which gain or lose the classes `up`: the ancestors of those bases less those of the bases kept
    (they stay in the MRO), as the last pass resolved the hierarchy (`lineage`), not every class of
    a name. A lookup from a class below changes only for a name `up` defines; another class's only
    where it walks down into those below (dispatch of `self.m()`, class_attr's subclass attributes).
    Re-opened, in `files`: the sites that reached a member of `up` (one UPDATE); the typed sites,
    reads and chains that look up a name `up` defines or a class below sets in its methods
    (`u.has_perm()`, `c.objects.filter()`, `a.hook()` through a subclass's `self.hook = …`), those
    looked up from their enclosing class (`self.m()`, `super().m()`, what a method overrides) only
    in classes below or above; and the sites in the methods of the classes above that mention a member of a class
    below (dispatch may reach it, or no longer). Returns the names of the methods `up` defines (dunders
    aside: called by operator) and the classes below: a method passed on, looked up on one of them,
    is another now (store/held.py), and the data members `up` binds in its class body to a name or a call
    (`on_save = helper`; not a constant: `name = None`, Django's functional.py, 5.7k sites)."""
    renamed = _renamed(conn)
    start = _named(conn, moved, {}, written)
    below = lineage(conn, start, written, renamed, up=False)
    stay = lineage(conn, _named(conn, kept, renamed), written, renamed) if kept else set()
    up = lineage(conn, _named(conn, bases, renamed), written, renamed) - stay
    around = up | stay | lineage(conn, start, written, renamed) - start    # its ancestors, before or after
    conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution != 'pending' AND target_id IN"
                 " (SELECT m.id FROM json_each(?) c JOIN symbols m ON m.parent_id = c.value)",
                 (orjson.dumps(sorted(up)).decode(),))
    gained = _members_of(conn, up)
    looked = gained | _set_in_methods(conn, below)
    ids, own = [], []               # `self.m()`: looked up from its enclosing class, below or above alone
    if looked:
        # the rows looking up one of them (store/members.py: not a scan of every row), the files checked
        # here: joined with the files' ids, the same rows took twice as long
        sql = (f"SELECT c.id, c.file_id, c.callee, c.name, c.kind FROM json_each(?) j JOIN calls c ON c.id = j.value"
               f" WHERE (c.resolution IN {TYPED} OR c.kind = 'read' OR (c.resolution = 'import' AND instr(c.callee, '.') > 0))")
        for cid, fid, callee, name, kind in conn.execute(sql, (orjson.dumps(looking_up(conn, planner, looked)).decode(),)):
            # a bare name (`func()` on a parameter, a local read) looks nothing up through a class
            if fid in files and (kind == "override" and name in gained or not looked.isdisjoint(planner.looked_up(callee))):
                (own if kind == "override" or planner.dispatched(callee) else ids).append(cid)
    if own:
        inside = {q for (q,) in conn.execute("SELECT qualname FROM symbols WHERE id IN (SELECT value FROM json_each(?))",
                                             (orjson.dumps(sorted(below | around)).decode(),))}
        ids += [cid for cid, qual in conn.execute(
            "SELECT c.id, s.qualname FROM json_each(?) j JOIN calls c ON c.id = j.value JOIN symbols s ON s.id = c.caller_id",
            (orjson.dumps(own).decode(),)) if any(q in inside for q in _prefixes(qual))]
    pend(conn, ids)
    near = _members_of(conn, below) if around else set()
    if near:
        rows = conn.execute(
            "WITH cls(id, qualname) AS (SELECT id, qualname FROM symbols WHERE id IN (SELECT value FROM json_each(?))),"
            " scopes(id) AS (SELECT id FROM cls UNION SELECT m.id FROM cls JOIN symbols m"
            "  ON m.qualname > cls.qualname || '.' AND m.qualname < cls.qualname || '/')"
            f" SELECT c.id, c.callee FROM scopes JOIN calls c ON c.caller_id = scopes.id WHERE c.{RESOLVED_ROWS}",
            (orjson.dumps(sorted(around)).decode(),))
        pend(conn, [cid for cid, callee in rows if not near.isdisjoint(planner.mentions(callee))])
    ups = orjson.dumps(sorted(up)).decode()
    methods = {n for (n,) in conn.execute(
        "SELECT m.name FROM json_each(?) c JOIN symbols m ON m.parent_id = c.value WHERE m.kind IN ('method', 'function')",
        (ups,)) if not (n[:2] == "__" and n[-2:] == "__")}
    # a data member bound in the class body to what may be called or looked up on (`on_save = helper`,
    # `clock = Clock()`), not a constant (`name = None`: Django's functional.py, 5.7k sites)
    held = {n for n, value in conn.execute(
        "SELECT b.name, b.value FROM json_each(?) c JOIN symbols s ON s.id = c.value JOIN bindings b"
        " ON b.file_id = s.file_id AND b.scope_id = s.id WHERE b.kind = 'assign'", (ups,))
        if not (n[:2] == "__" and n[-2:] == "__") and not _constant(value)}
    return methods | held, below


def _constant(value: str) -> bool:
    """A literal (`None`, `0`, `"x"`, `[]`, `{}`, `()`, `True`): nothing to call or look up on."""
    return value[:1] in "\"'[{(-0123456789" or value in ("None", "True", "False", "...")


def _prefixes(qualname: str) -> list[str]:
    """`a.B.m.f` -> a.B.m.f, a.B.m, a.B, a: the scopes a qualname sits in."""
    parts = qualname.split(".")
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]
