"""An override reached through a `self.m()` dispatch (`ParamType.__call__` -> `Choice.convert`, `Field.serialize`
-> `Enum._serialize`) runs only on instances of its class: of the tests whose paths to a change take a
`dispatch` edge, those named are the ones that also reach a use of that class or a subclass of it (building
it, naming it: `type=click.Choice([...])`, `fields.Enum(Color)` in a schema a test loads). A class named at
the top level of a module or class body outside the tests (`STRING = StringParamType()`, a type mapping) may
be built anywhere: nothing is narrowed for it. The tests reaching the change with no dispatch edge stay."""
from __future__ import annotations

import apsw

from graphmind.edgekinds import CONSTRUCTOR, DISPATCH, INSTANTIATE, READ, REFERENCE, sql_in
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.testids import TestHit, is_test_code

SUBCLASS_CAP = 2_000
NEAR = 1                      # the depth of the overrides whose dispatch narrows: the change, or a caller of it
FAMILY = ("k(id) AS (SELECT value FROM json_each(?1) UNION SELECT i.class_id FROM k JOIN inherits i"
           f" ON i.target_id = k.id LIMIT {SUBCLASS_CAP})")
USES = sql_in((INSTANTIATE, CONSTRUCTOR, READ, REFERENCE), "c.kind")
# an operator on self (`del self[key]` in `Cache.pop`) resolved into a subclass's special method (`MRUCache.__delitem__`,
# a class or two below the caller's) is a dispatch too, recorded as an implicit call
SELF_OPERATOR = ("c.kind = 'implicit' AND c.resolution = 'self' AND EXISTS (SELECT 1 FROM symbols t JOIN symbols k"
                 " ON k.id = c.caller_id JOIN inherits i ON i.class_id = t.parent_id LEFT JOIN inherits i2"
                 " ON i2.class_id = i.target_id WHERE t.id = c.target_id AND k.parent_id IN (i.target_id, i2.target_id))")


def dispatched_classes(conn: apsw.Connection, known: dict[int, int]) -> list[int]:
    """The classes of the overrides that a `dispatch` edge between two symbols of the paths leads to, for the
    overrides outside the tests that are the change or call it (further up, a dispatch says little about the change's own tests:
    a test building a `Nested` field is not the only one defining a schema)."""
    near = [sid for sid, depth in known.items() if depth <= NEAR]
    rows = conn.execute(
        "SELECT DISTINCT c.caller_id, t.parent_id, f.path FROM json_each(?1) j CROSS JOIN calls c"
        f" ON c.target_id = j.value AND (c.kind = '{DISPATCH}' OR {SELF_OPERATOR}) JOIN symbols t ON t.id = c.target_id"
        " JOIN symbols p ON p.id = t.parent_id AND p.kind = 'class' JOIN files f ON f.id = t.file_id",
        (json_list(near),)).fetchall()
    return sorted({cls for caller, cls, path in rows if caller in known and not is_test_code(path)})


def class_uses(conn: apsw.Connection, classes: list[int]) -> dict[int, int] | None:
    """The symbols building or naming one of the classes or a subclass (at depth 1); None when one of them is
    named at the top level of a module or a class body outside the tests, resolved or not (a type mapping
    `{str: ma_fields.String}` builds it by a value's type); an import exporting it (`from .simple import
    FileField` in a package's `__init__.py`) builds nothing."""
    rows = conn.execute(
        f"WITH RECURSIVE {FAMILY} SELECT DISTINCT c.caller_id, s.kind, f.path FROM k"
        " JOIN symbols m ON m.id = k.id OR (m.parent_id = k.id AND m.name IN ('__init__', '__new__'))"
        f" JOIN calls c ON c.target_id = m.id AND c.{RESOLVED} AND {USES} JOIN symbols s ON s.id = c.caller_id"
        " JOIN files f ON f.id = c.file_id", (json_list(classes),)).fetchall()
    named = conn.execute(
        f"WITH RECURSIVE {FAMILY} SELECT DISTINCT f.path FROM k JOIN symbols n ON n.id = k.id"
        " JOIN calls c ON c.name = n.name AND c.kind != 'import' JOIN symbols s ON s.id = c.caller_id"
        " AND s.kind IN ('module', 'class')"
        " JOIN files f ON f.id = c.file_id", (json_list(classes),)).fetchall()
    if any(kind in ("module", "class") and not is_test_code(path) for _, kind, path in rows) or \
            any(not is_test_code(path) for (path,) in named):
        return None
    return {caller: 1 for caller, _, _ in rows}


def only_built(tests: list[TestHit], undispatched: list[TestHit], users: list[TestHit]) -> list[TestHit]:
    """The tests found with no dispatch edge, and those found through one that also reach a use of its class
    (all of them when that leaves none)."""
    keep = {t.id for t in undispatched} | {t.id for t in users}
    return [t for t in tests if t.id in keep] or tests
