"""The dependency edges a walk follows, as SQL: call-site rows by kind, instantiation through a
class's constructors, and base classes (inherits), in either direction.

Import chains are not followed: a symbol reached through an import edge alone (a package that
re-exports X) passes nothing on through another import edge, so `import pkg` does not make a module
depend on every X that pkg re-exports; a module that uses X through pkg has its own edge to X. A module
walked from (a blast radius of `pkg.helpers`) is walked file by file: an import of any definition in
its file is an import of the module (`from .helpers import x` depends on it as much as
`import pkg.helpers` does), so is an import statement naming it (`from pkg import X`, whose edge goes
to where X is defined), and so on up for the modules that import it."""
from __future__ import annotations

import json
from functools import lru_cache

import apsw

from graphmind.edgekinds import ALL_KINDS, CONSTRUCTOR, IMPORT, INHERIT, INSTANTIATE, sql_in

RESOLVED = "resolution NOT IN ('possible', 'pending')"
# `Sub()` reaching an inherited Base.__init__ has a constructor row and an instantiate row (to Sub):
# code that counts each call once (the call graph, the repo map, search centrality) skips the second
SECOND_ROW_OF_CALL = (f"(c.kind = '{INSTANTIATE}' AND EXISTS (SELECT 1 FROM calls k WHERE k.file_id = c.file_id"
                      f" AND k.line = c.line AND k.col = c.col AND k.caller_id = c.caller_id AND k.kind = '{CONSTRUCTOR}'))")
# one recursive step per kind of link: (node reached, node it came from) from a `walk` row
# the third column, `imported`: 1 when the row was reached through an import edge (no further import
# edge is followed from it); 2 for a module walked file by file (a module walked from, and its importers)
_FILES = 2
_START = ("SELECT j.value, 0, CASE WHEN s.kind = 'module' THEN 2 ELSE 0 END FROM json_each(?1) j"
          " JOIN symbols s ON s.id = j.value")
_UP_CALLS = (f"SELECT c.caller_id, walk.depth + 1, CASE WHEN c.kind != '{IMPORT}' THEN 0 WHEN walk.imported = {_FILES}"
             f" THEN {_FILES} ELSE 1 END FROM walk CROSS JOIN calls c ON c.target_id = walk.id"
             f" WHERE walk.depth < ?2 AND c.{RESOLVED}{{kinds}} AND NOT (walk.imported = 1 AND c.kind = '{IMPORT}')")
# a module `m` walked file by file: the import edges from other files to any definition in its file
_FILE_IMPORTS = (" CROSS JOIN symbols s ON s.file_id = m.file_id AND s.id != m.id CROSS JOIN calls c"
                 f" ON c.target_id = s.id WHERE c.kind = '{IMPORT}' AND c.file_id != m.file_id AND c.{RESOLVED}")
_UP_MODULE = (f"SELECT c.caller_id, walk.depth + 1, {_FILES} FROM walk CROSS JOIN symbols m ON m.id = walk.id"
              f" AND m.kind = 'module'{_FILE_IMPORTS} AND walk.imported = {_FILES} AND walk.depth < ?2")
# ... and the import statements `i` naming it (`from flask import Flask` imports the package flask, whose
# edge goes to flask.app.Flask): `import m`, `from m import x`, `from p import m`
_NAMED_ON = ("i.resolved = m.qualname", "i.symbol = m.name AND i.resolved || '.' || i.symbol = m.qualname")
_NAMED = ("CROSS JOIN symbols m ON m.id = walk.id AND m.kind = 'module' CROSS JOIN imports i ON {on}"
          f" WHERE walk.imported = {_FILES} AND walk.depth < ?2 AND i.file_id != m.file_id")
_UP_MODULE_NAMED = [f"SELECT i.scope_id, walk.depth + 1, {_FILES} FROM walk " + _NAMED.format(on=on)
                    for on in _NAMED_ON]
_UP_NEW = (f"SELECT c.caller_id, walk.depth + 1, 0 FROM walk CROSS JOIN symbols m ON m.parent_id = walk.id"
           f" CROSS JOIN calls c ON c.target_id = m.id WHERE walk.depth < ?2 AND c.kind = '{CONSTRUCTOR}'"
           f" AND c.{RESOLVED}")
_UP_BASES = ("SELECT i.class_id, walk.depth + 1, 0 FROM walk CROSS JOIN inherits i ON i.target_id = walk.id"
             " WHERE walk.depth < ?2")
_DOWN_CALLS = (f"SELECT c.target_id, walk.depth + 1, c.kind = '{IMPORT}' FROM walk CROSS JOIN calls c"
               f" ON c.caller_id = walk.id WHERE walk.depth < ?2 AND c.target_id IS NOT NULL AND c.{RESOLVED}{{kinds}}"
               f" AND NOT (walk.imported = 1 AND c.kind = '{IMPORT}')")
_DOWN_BASES = ("SELECT i.target_id, walk.depth + 1, 0 FROM walk CROSS JOIN inherits i ON i.class_id = walk.id"
               " WHERE walk.depth < ?2 AND i.target_id IS NOT NULL")


def json_list(values) -> str:
    """A list or tuple as the JSON text SQLite's json_each reads (the stdlib's json: orjson's own imports
    cost a query process more than its speed saves on lists this short)."""
    return json.dumps(values, separators=(",", ":"))


@lru_cache(maxsize=64)
def walk_sql(direction: str, kinds: tuple[str, ...]) -> str:
    """A recursive walk from the ids in ?1 up to depth ?2, at most ?3 rows, over edges of `kinds`
    (written into the statement: a fixed vocabulary, and no filter at all for every kind)."""
    only = "" if set(kinds) >= set(ALL_KINDS) else " AND " + sql_in(kinds, "c.kind")
    if direction == "up":
        steps = ([_UP_CALLS] + ([_UP_MODULE, *_UP_MODULE_NAMED] if IMPORT in kinds else [])
                 + ([_UP_NEW] if INSTANTIATE in kinds else []) + ([_UP_BASES] if INHERIT in kinds else []))
    else:
        steps = [_DOWN_CALLS] + ([_DOWN_BASES] if INHERIT in kinds else [])
    return (f"WITH RECURSIVE walk(id, depth, imported) AS ({_START} UNION "
            + " UNION ".join(step.format(kinds=only) for step in steps)
            + " ORDER BY 2 LIMIT ?3) SELECT id, min(depth) AS d FROM walk GROUP BY id ORDER BY d, id")


def links(conn: apsw.Connection, ids: list[int], kinds: tuple[str, ...]) -> list[tuple[int, int, int, str, str]]:
    """Every edge among `ids`: (dependant, definition, line, resolution, kind); an import of a definition
    in the file of a module among `ids` is also an edge to that module."""
    key = json_list(ids)
    out = list(conn.execute(
        # CROSS JOIN fixes the loop order (ids outside, the calls_caller index inside) whatever the statistics say
        "SELECT c.caller_id, c.target_id, c.line, c.resolution, c.kind FROM json_each(?1) j CROSS JOIN calls c"
        f" ON c.caller_id = j.value WHERE c.target_id IN (SELECT value FROM json_each(?1)) AND c.{RESOLVED}"
        " AND c.kind IN (SELECT value FROM json_each(?2))", (key, json_list(kinds))))
    if INSTANTIATE in kinds:
        out += [(caller, cls, line, how, INSTANTIATE) for caller, cls, line, how in conn.execute(
            "SELECT c.caller_id, m.parent_id, c.line, c.resolution FROM json_each(?1) j CROSS JOIN calls c"
            f" ON c.caller_id = j.value JOIN symbols m ON m.id = c.target_id WHERE c.kind = '{CONSTRUCTOR}'"
            f" AND c.{RESOLVED} AND m.parent_id IN (SELECT value FROM json_each(?1))", (key,))]
    if IMPORT in kinds:
        out += list(conn.execute(
            "SELECT c.caller_id, m.id, c.line, c.resolution, c.kind FROM json_each(?1) j CROSS JOIN symbols m"
            f" ON m.id = j.value AND m.kind = 'module'{_FILE_IMPORTS}"
            " AND c.caller_id IN (SELECT value FROM json_each(?1))", (key,)))
        for on in _NAMED_ON:
            out += [(scope, module, line, "import", IMPORT) for scope, module, line in conn.execute(
                "SELECT i.scope_id, m.id, i.line FROM json_each(?1) j CROSS JOIN symbols m ON m.id = j.value"
                f" AND m.kind = 'module' CROSS JOIN imports i ON {on} WHERE i.file_id != m.file_id"
                " AND i.scope_id IN (SELECT value FROM json_each(?1))", (key,))]
    if INHERIT in kinds:
        out += [(cls, base, line, "base", INHERIT) for cls, base, line in conn.execute(
            "SELECT i.class_id, i.target_id, i.line FROM json_each(?1) j CROSS JOIN inherits i ON i.class_id = j.value"
            " WHERE i.target_id IN (SELECT value FROM json_each(?1))", (key,))]
    return out
