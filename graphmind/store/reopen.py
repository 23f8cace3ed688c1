"""Calls elsewhere sent back to pending after files were written: those the change may resolve differently."""
from __future__ import annotations

from collections import defaultdict

import apsw
import orjson

from graphmind.languages import TYPED_ARGUMENTS, family_members
from graphmind.models import Delta
from graphmind.store.ancestors import hierarchy_members, reopen_ancestors, reopen_rebased
from graphmind.store.flows import passing_mentions, reopen_flows
from graphmind.store.held import passing_members
from graphmind.store.pending import CLASSES, FEW_NAMES, TYPED, contains_any, pend, reopen_arguments
from graphmind.store.plan import FilePlanner

# by the name a decorator or a base ends with (an index each, schema.sql; named, so that no plan scans
# every text of the workspace instead: 0.5 ms each on Django, per save)
DECORATED_SQL = ("SELECT name FROM bindings INDEXED BY bindings_decorators WHERE kind = 'decorator'"
                 " AND last_name IN (SELECT value FROM json_each(?))")
SUBCLASSES_SQL = ("SELECT s.name FROM inherits i INDEXED BY inherits_last_name JOIN symbols s ON s.id = i.class_id"
                  " WHERE i.last_name IN (SELECT value FROM json_each(?))")


def reopen_calls(conn: apsw.Connection, delta: Delta, planner: FilePlanner) -> None:
    """Send back to pending the calls elsewhere that the written changes may resolve differently:
    by the names that appeared or vanished (and what they are imported as), calls typed through
    a module whose interface changed, and chains mentioning a new or vanished name there or in a
    file importing it through other modules."""
    wide_importers = _importers(conn, delta.wide_modules)                     # before edges are cut
    other_importers = _importers(conn, delta.modules - delta.wide_modules)
    if delta.gone:                          # calls that reached a definition now gone
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE target_id IN"
                     " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(delta.gone)).decode(),))
    flows = {n for n in delta.names if n[:1] == "("}
    built = {n for n in delta.names if n[:1] == "<"}
    named = _aliases_of(conn, (delta.names - flows - built) | {n[1:] for n in built})
    # what changed meaning (a wide change names every name of its file; these are what differs)
    changed = _aliases_of(conn, {n.lstrip("<") for n in delta.changed if n[:1] not in "(^.:=~"})
    classes = _with_subclasses(conn, changed)         # `CustomFlask()` once `Flask` changed
    named |= _decorated_by(conn, changed)
    delta.names = named | _aliases_of(conn, classes - changed) | flows
    _reopen_by_name(conn, delta.names - flows, delta.languages)
    _reopen_overrides(conn, classes - changed)
    # a class there before whose bases changed: what is looked up through it is re-opened anywhere
    # (reopen_rebased), not every function it is passed to (Django's SimpleLazyObject: 10k sites)
    steady = _aliases_of(conn, {n[1:] for n in delta.changed if n[:1] == "~"}) if delta.changed else set()
    passing = passing_mentions(conn, planner, wide_importers | other_importers, named - steady, delta.modules)
    reopen_flows(conn, planner, {n[1:] for n in flows - delta.grown_only} | passing)   # grown: resolve/passes.py
    _reopen_siblings(conn, delta.wide_modules)
    near = _reopen_importers(conn, planner, wide_importers, reads=changed)
    if delta.wide_modules and classes:
        members = hierarchy_members(conn, classes)
        _reopen_in(conn, planner, _further_importers(conn, delta.wide_modules, near), classes | members)
    _reopen_importers(conn, planner, other_importers, delta.names)
    reopen_ancestors(conn, planner, {n[1:] for n in delta.changed if n[:1] == "^"}, changed)
    moved = {n[1:] for n in delta.changed if n[:1] == "."}
    if moved:           # a class's bases changed: what is looked up through it, anywhere (ancestors.py)
        langs = orjson.dumps(sorted({m for lang in delta.languages for m in family_members(lang)})).decode()
        files = {f for (f,) in conn.execute("SELECT id FROM files WHERE language IN (SELECT value FROM"
                                            " json_each(?))", (langs,))}
        methods, below = reopen_rebased(conn, planner, moved, {n[1:] for n in delta.changed if n[:1] == ":"},
                                {n[1:] for n in delta.changed if n[:1] == "="}, files, delta.files)
        reopen_flows(conn, planner, passing_members(conn, planner, methods, below, files))   # `relay(User().touch)`
    if TYPED_ARGUMENTS & {m for lang in delta.languages for m in family_members(lang)}:
        reopen_arguments(conn, planner, changed)
    _reopen_scopes(conn, planner, delta.fresh)


def _reopen_overrides(conn: apsw.Connection, classes: set[str]) -> None:
    """The override rows of the methods of classes below a changed name (`class Custom(FileSystemStorage)`
    once `FileSystemStorage` moved to a module its package no longer imports): what each method
    overrides is found through an MRO that may have changed, whatever the method is named."""
    if classes:
        conn.execute(
            "UPDATE calls SET target_id=NULL, resolution='pending' WHERE kind = 'override' AND resolution != 'pending'"
            " AND caller_id IN (SELECT m.id FROM symbols c JOIN symbols m ON m.parent_id = c.id WHERE c.name IN"
            f" (SELECT value FROM json_each(?)) AND c.kind IN {CLASSES})",
            (orjson.dumps(sorted(classes)).decode(),))


def _decorated_by(conn: apsw.Connection, names: set[str]) -> set[str]:
    """The functions decorated by a changed name (`@logged`, `@guards.logged`): a call of one reaches
    the wrapper the decorator returns (graphmind/resolve/python/decorators.py), which may differ now.
    Found by the name the decorator ends with (bindings.last_name, through bindings_decorators)."""
    if not names:
        return set()
    return {name[1:] for (name,) in conn.execute(DECORATED_SQL, (orjson.dumps(sorted(names)).decode(),))}


def _reopen_by_name(conn: apsw.Connection, names: set[str], languages: set[str]) -> None:
    """Calls naming a definition or import binding that appeared or vanished may resolve differently
    (only in the changed files' language families: names never resolve across them)."""
    if names and languages:
        langs = sorted({m for lang in languages for m in family_members(lang)})
        conn.execute(
            "UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution != 'pending'"
            " AND (name IN (SELECT value FROM json_each(?1)) OR id IN (SELECT c.id FROM json_each(?1) j"
            "  JOIN calls c ON c.name >= j.value || '[' AND c.name < j.value || '\\'"   # `Box[int](…)`
            "  OR c.name >= j.value || '(' AND c.name < j.value || ')'))"   # `@retry(times=3)`: its whole text
            " AND file_id IN (SELECT id FROM files WHERE language IN (SELECT value FROM json_each(?2)))",
            (orjson.dumps(sorted(names)).decode(), orjson.dumps(langs).decode()))
    heads = sorted({m for lang in languages - {"python"} for m in family_members(lang)})
    if names and heads:
        # `X.new`, `Type.m()`, `pkg.F()`: a call through a head that appeared or vanished (in the
        # languages whose names are seen without an import row that records where they come from)
        conn.execute(
            "UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution != 'pending'"
            " AND instr(callee, '.') > 0 AND file_id IN (SELECT id FROM files WHERE language IN"
            " (SELECT value FROM json_each(?2))) AND ltrim(substr(callee, 1, instr(callee, '.') - 1), '@$')"
            " IN (SELECT value FROM json_each(?1))",
            (orjson.dumps(sorted(names)).decode(), orjson.dumps(heads).decode()))


def _reopen_scopes(conn: apsw.Connection, planner: FilePlanner, fresh: set[int]) -> None:
    """A call sent back to pending may return something else now, and a local bound to it carries
    that on (`c = app.test_client(); c.open()`, whose text does not mention test_client): in its scope,
    the names bound from a re-opened call (transitively), and the typed calls of that scope and of the
    functions defined directly in it that mention one of them, are sent back too."""
    callees: dict[int, set[str]] = defaultdict(set)
    files: set[int] = set()
    for caller, fid, callee in conn.execute("SELECT caller_id, file_id, callee FROM calls WHERE resolution = 'pending'"):
        if fid not in fresh:                  # a file just written is pending whole
            callees[caller].add(callee)
            files.add(fid)
    if not callees:
        return
    bound: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for scope, name, value in conn.execute(
            "SELECT scope_id, name, value FROM bindings WHERE file_id IN (SELECT value FROM json_each(?1))"
            " AND name != '' AND scope_id IN (SELECT value FROM json_each(?2))",
            (orjson.dumps(sorted(files)).decode(), orjson.dumps(sorted(callees)).decode())):
        bound[scope].append((name, value))
    tainted: dict[int, set[str]] = {}
    for scope, rows in bound.items():
        texts = callees[scope]              # a binding of a re-opened call's text, then of a name bound so
        names = {name for name, value in rows if any(c in value for c in texts)}
        rest = [(name, set(planner.mentions(value))) for name, value in rows if name not in names]
        while rest and names:
            more = {name for name, mentioned in rest if not names.isdisjoint(mentioned)}
            if not more:
                break
            names |= more
            rest = [(name, mentioned) for name, mentioned in rest if name not in names]
        if names:
            tainted[scope] = names
    if not tainted:
        return
    key = orjson.dumps(sorted(tainted)).decode()
    reads = dict(tainted)
    for child, parent in conn.execute("SELECT id, parent_id FROM symbols WHERE parent_id IN (SELECT value FROM json_each(?))", (key,)):
        reads[child] = reads.get(child, set()) | tainted[parent]
    ids = [cid for cid, caller, callee in conn.execute(
        f"SELECT id, caller_id, callee FROM calls WHERE resolution IN {TYPED} AND caller_id IN"
        " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(reads)).decode(),))
        if not reads[caller].isdisjoint(planner.mentions(callee))]
    pend(conn, ids)


def _with_subclasses(conn: apsw.Connection, names: set[str]) -> set[str]:
    """The names, and transitively the classes naming one of them as a base, resolved or not yet: a
    class whose base appeared, vanished or is built differently (a constructor changed, "<NAME") is
    itself built differently (`Sub()` may reach an inherited constructor); calls by these names are
    re-opened. Bases are found by the name they end with (inherits.last_name, indexed)."""
    found, frontier = set(names), set(names)
    while frontier:
        frontier = {name for (name,) in conn.execute(SUBCLASSES_SQL, (orjson.dumps(sorted(frontier)).decode(),))} - found
        found |= frontier
    return found


def _reopen_siblings(conn: apsw.Connection, modules: set[str]) -> None:
    """Every row of the files that may import one of `modules` as a sibling (a script's `import helper`
    beside `helper.py`, resolve/hierarchy.py `import_of`): files below each folder above it importing the
    rest of its name (`pkg_test.base` from tests/pkg_test/core/x_test.py, tests/ being no package),
    and when the module is a package whose `__init__.py` came or went, its files importing one of their
    siblings by bare name. What the import binds changed, whatever the rows resolved to."""
    inside = "f.module > ?1 || '.' AND f.module < ?1 || '/'"
    files: set[int] = set()
    for module in sorted(modules):
        parts = module.split(".")
        for cut in range(1, len(parts)):        # `helper` beside it; `pkg_test.base` below tests/ (syspath.py)
            files.update(f for (f,) in conn.execute(
                "SELECT i.file_id FROM imports i JOIN files f ON f.id = i.file_id WHERE i.resolved = ?2"
                f" AND {inside}", (".".join(parts[:cut]), ".".join(parts[cut:]))))
        files.update(f for (f,) in conn.execute(
            f"SELECT DISTINCT i.file_id FROM imports i JOIN files f ON f.id = i.file_id WHERE {inside} AND"
            " instr(i.resolved, '.') = 0 AND EXISTS (SELECT 1 FROM files g WHERE g.module = ?1 || '.' || i.resolved)",
            (module,)))
    if files:
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution != 'pending'"
                     " AND file_id IN (SELECT value FROM json_each(?))", (orjson.dumps(sorted(files)).decode(),))


def _aliases_of(conn: apsw.Connection, names: set[str]) -> set[str]:
    """The names, and every name they are imported as (`from a import Base as B`), transitively."""
    found, frontier = set(names), set(names)
    while frontier:
        frontier = {alias for (alias,) in conn.execute(
            "SELECT DISTINCT alias FROM imports WHERE symbol IN (SELECT value FROM json_each(?))",
            (orjson.dumps(sorted(frontier)).decode(),))} - found
        found |= frontier
    return found


def _importers(conn: apsw.Connection, modules: set[str]) -> set[int]:
    """Files importing one of `modules` (`import m`, `from m import x`, `from pkg import m`, and
    `import m.sub`, which binds `m` too), or with import edges that reach a definition of the module's
    files (languages whose imports are resolved in the pass; through the partial index calls_imports:
    through calls_target every call of each definition was read, 20 ms a save of Django's query.py)."""
    files: set[int] = set()
    for module in sorted(modules):
        package, _, last = module.rpartition(".")
        files.update(f for (f,) in conn.execute(
            "SELECT file_id FROM imports WHERE resolved = ?1 UNION SELECT file_id FROM imports"
            " WHERE resolved = ?2 AND symbol = ?3 UNION SELECT file_id FROM imports WHERE symbol IS NULL"
            " AND resolved > ?1 || '.' AND resolved < ?1 || '/' UNION SELECT c.file_id FROM symbols m"
            " JOIN symbols t ON t.file_id = m.file_id JOIN calls c INDEXED BY calls_imports"
            " ON c.target_id = t.id AND c.kind = 'import'"
            " WHERE m.kind = 'module' AND m.qualname = ?1 AND c.file_id != m.file_id", (module, package, last)))
    return files


def _further_importers(conn: apsw.Connection, modules: set[str], near: set[int]) -> set[int]:
    """Files importing `modules` through other modules (an importer's importers, transitively), minus
    `near`: a class two imports away gained a member (`app.config` typed through Flask's base)."""
    seen, frontier, files = set(modules), set(modules), set()
    while frontier:
        found = _importers(conn, frontier) - files
        files |= found
        frontier = {m for (m,) in conn.execute(
            "SELECT module FROM files WHERE id IN (SELECT value FROM json_each(?))",
            (orjson.dumps(sorted(found)).decode(),))} - seen
        seen |= frontier
    return files - near


def _reopen_importers(conn: apsw.Connection, planner: FilePlanner, files: set[int],
                      mentioning: set[str] | None = None, reads: set[str] = frozenset()) -> set[int]:
    """Calls in files importing changed modules (`files`, found before edges were cut) may have been
    typed through them: resolve them again (only those whose text mentions one of `mentioning`, when
    given: `obj.added().run()`; reads resolved through an import when they mention one of `reads`);
    the files."""
    if not files or (mentioning is not None and not mentioning):
        return set()
    if mentioning is not None and files:
        # a chain through a name calls it on the way (`obj.added().run` comes with `obj.added`):
        # only files with a call of that name can hold one
        files &= {f for (f,) in conn.execute(
            "SELECT DISTINCT file_id FROM calls WHERE name IN (SELECT value FROM json_each(?))",
            (orjson.dumps(sorted(mentioning)).decode(),))}
    _reopen_in(conn, planner, files, mentioning, reads)
    return files


def _reopen_in(conn: apsw.Connection, planner: FilePlanner, files: set[int], mentioning: set[str] | None,
               reads: set[str] = frozenset()) -> None:
    """Send the typed calls of `files` back to pending (only chains mentioning one of `mentioning`),
    and the reads and chains resolved through an import that mention one of `reads` (or of
    `mentioning`): `from flask import request; request.form` once `flask/__init__.py` is gone,
    `FoodQuerySet.as_manager()` once the module defining `FoodQuerySet` is renamed away."""
    if not files:
        return
    reads = reads | (mentioning or set())
    sql = (f"SELECT c.id, c.callee, c.resolution IN {TYPED} FROM json_each(?1) f JOIN calls c ON c.file_id = f.value"
           f" WHERE (c.resolution IN {TYPED} OR c.kind = 'read' OR (c.resolution = 'import' AND instr(c.callee, '.') > 0))")
    args = [orjson.dumps(sorted(files)).decode()]
    if mentioning is not None:
        # names and bare calls were re-opened by name: here only chains (`obj.added().run`)
        sql += " AND instr(c.callee, '.') > 0"
        if len(mentioning) <= FEW_NAMES:         # a substring test in SQL first, then whole identifiers
            test, names = contains_any("c.callee", mentioning)
            sql += " AND " + test             # numbered after ?1
            args += names
    rows = conn.execute(sql, args)
    ids = [cid for cid, callee, typed in rows
           if (typed and (mentioning is None or not mentioning.isdisjoint(planner.mentions(callee))))
           or (not typed and not reads.isdisjoint(planner.mentions(callee)))]
    pend(conn, ids)
