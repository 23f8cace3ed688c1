"""Calls elsewhere sent back to pending after files were written: those the change may resolve differently."""
from __future__ import annotations

import apsw
import orjson

from graphmind.languages import family_members
from graphmind.models import Delta
from graphmind.store.plan import FilePlanner

FEW_NAMES = 16        # up to this many names, call texts are pre-filtered in SQL (cost: rows x names)


def reopen_calls(conn: apsw.Connection, delta: Delta, planner: FilePlanner) -> None:
    """Send back to pending the calls elsewhere that the written changes may resolve differently:
    by the names that appeared or vanished (and what they are imported as), calls typed through
    a module whose interface changed, and chains mentioning a new or vanished name there."""
    importers = {m: _importers(conn, m) for m in delta.modules | delta.wide_modules}   # before edges are cut
    if delta.gone:                          # calls that reached a definition now gone
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE target_id IN"
                     " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(delta.gone)).decode(),))
    flows = {n for n in delta.names if n[:1] == "("}
    delta.names = _aliases_of(conn, delta.names - flows) | flows
    _reopen_by_name(conn, delta.names - flows, delta.languages)
    _reopen_flows(conn, {n[1:] for n in flows})
    _reopen_importers(conn, planner, delta.wide_modules, importers)
    _reopen_importers(conn, planner, delta.modules - delta.wide_modules, importers, delta.names)


def _reopen_by_name(conn: apsw.Connection, names: set[str], languages: set[str]) -> None:
    """Calls naming a definition or import binding that appeared or vanished may resolve differently
    (only in the changed files' language families: names never resolve across them)."""
    if names and languages:
        langs = sorted({m for lang in languages for m in family_members(lang)})
        conn.execute(
            "UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution != 'pending'"
            " AND (name IN (SELECT value FROM json_each(?1)) OR id IN (SELECT c.id FROM json_each(?1) j"
            "  JOIN calls c ON c.name >= j.value || '[' AND c.name < j.value || '\\'))"   # `Box[int](…)`
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


def _reopen_flows(conn: apsw.Connection, names: set[str]) -> None:
    """Arguments passed to functions of these names changed: the typed calls inside those functions
    (and the functions nested in them), which read their parameters, may resolve differently."""
    if names:
        conn.execute(
            "WITH fns(qualname) AS (SELECT qualname FROM symbols WHERE name IN (SELECT value FROM json_each(?1))"
            "  UNION SELECT qualname || '.__init__' FROM symbols WHERE name IN (SELECT value FROM json_each(?1))),"
            " scopes(id) AS (SELECT s.id FROM fns f JOIN symbols s ON s.qualname = f.qualname"
            "  OR s.qualname > f.qualname || '.' AND s.qualname < f.qualname || '/')"
            " UPDATE calls SET target_id=NULL, resolution='pending' WHERE resolution IN"
            " ('inferred', 'possible', 'unresolved') AND caller_id IN (SELECT id FROM scopes)",
            (orjson.dumps(sorted(names)).decode(),))


def _aliases_of(conn: apsw.Connection, names: set[str]) -> set[str]:
    """The names, and every name they are imported as (`from a import Base as B`), transitively."""
    found, frontier = set(names), set(names)
    while frontier:
        frontier = {alias for (alias,) in conn.execute(
            "SELECT DISTINCT alias FROM imports WHERE symbol IN (SELECT value FROM json_each(?))",
            (orjson.dumps(sorted(frontier)).decode(),))} - found
        found |= frontier
    return found


def _importers(conn: apsw.Connection, module: str) -> set[int]:
    """The files importing a module: by the import's resolved name (Python), or by import edges that
    reach a definition of the module's files (languages whose imports are resolved in the pass)."""
    package, _, last = module.rpartition(".")
    return {f for (f,) in conn.execute(
        "SELECT file_id FROM imports WHERE resolved = ?1 UNION SELECT file_id FROM imports"
        " WHERE resolved = ?2 AND symbol = ?3 UNION SELECT c.file_id FROM symbols m"
        " JOIN symbols t ON t.file_id = m.file_id JOIN calls c ON c.target_id = t.id AND c.kind = 'import'"
        " WHERE m.kind = 'module' AND m.qualname = ?1 AND c.file_id != m.file_id", (module, package, last))}


def _reopen_importers(conn: apsw.Connection, planner: FilePlanner, modules: set[str],
                      importers: dict[str, set[int]], mentioning: set[str] | None = None) -> None:
    """Calls in files importing changed modules may have been typed through them: resolve them again
    (only those whose text mentions one of `mentioning`, when given: `obj.added().run()`)."""
    if not modules or (mentioning is not None and not mentioning):
        return
    files: set[int] = set().union(*(importers.get(m, set()) for m in modules))
    if mentioning is not None and files:
        # a chain through a name calls it on the way (`obj.added().run` comes with `obj.added`):
        # only files with a call of that name can hold one
        files &= {f for (f,) in conn.execute(
            "SELECT DISTINCT file_id FROM calls WHERE name IN (SELECT value FROM json_each(?))",
            (orjson.dumps(sorted(mentioning)).decode(),))}
    if not files:
        return
    sql = ("SELECT c.id, c.callee FROM json_each(?1) f JOIN calls c ON c.file_id = f.value WHERE c.resolution IN"
           " ('inferred', 'self', 'possible', 'unresolved', 'external')")
    args = [orjson.dumps(sorted(files)).decode()]
    if mentioning is not None:
        # names and bare calls were re-opened by name: here only chains (`obj.added().run`)
        sql += " AND instr(c.callee, '.') > 0"
        if len(mentioning) <= FEW_NAMES:         # a substring test in SQL first, then whole identifiers
            sql += " AND EXISTS (SELECT 1 FROM json_each(?2) WHERE instr(c.callee, value) > 0)"
            args.append(orjson.dumps(sorted(mentioning)).decode())
    rows = conn.execute(sql, args)
    ids = [cid for cid, callee in rows if mentioning is None or not mentioning.isdisjoint(planner.mentions(callee))]
    if ids:
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE id IN"
                     " (SELECT value FROM json_each(?))", (orjson.dumps(ids).decode(),))
