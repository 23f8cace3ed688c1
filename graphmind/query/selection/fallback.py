"""When no path reaches a change, the fallback is never silent: the tests that use the changed method's class in
their own code (a test building `FormField(...)` for `FormField.__iter__`, which no edge reaches), reached from
those uses in test code; else the tests in the test files nearest to the changed files by imports. Both are
marked "imports" (no path: named by what they import and use)."""
from __future__ import annotations

import apsw

from graphmind.edgekinds import ALL_KINDS, sql_in
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.fixtures import Runner
from graphmind.query.selection.scopes import ancestors
from graphmind.query.testids import TestHit, is_test_code, runner_of

IMPORTS = "imports"
SUBCLASS_CAP = 2_000          # classes walked down from the changed method's class


def class_users(conn: apsw.Connection, ids: list[int]) -> dict[int, int]:
    """The symbols of test code (test files and the helper modules of test folders: a `tests/base.py` declaring
    the schemas tests use) with a resolved edge to the class of a method among ids or to one of its subclasses
    (the method runs on their instances), or to one of their methods other than those ids (at depth 1)."""
    rows = conn.execute(
        "WITH RECURSIVE k(id) AS (SELECT s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class' WHERE s.kind = 'method'"
        f" UNION SELECT i.class_id FROM k JOIN inherits i ON i.target_id = k.id LIMIT {SUBCLASS_CAP})"
        " SELECT DISTINCT c.caller_id, f.path FROM k JOIN symbols m ON m.id = k.id OR (m.parent_id = k.id"
        f" AND m.kind = 'method') JOIN calls c ON c.target_id = m.id AND c.{RESOLVED} AND {sql_in(ALL_KINDS, 'c.kind')}"
        " JOIN files f ON f.id = c.file_id", (json_list(ids),)).fetchall()
    return {caller: 1 for caller, path in rows if is_test_code(path) and caller not in ids}


def importing_tests(conn: apsw.Connection, files: list[str], runner: Runner | None = None) -> list[tuple]:
    """The tests in the test files nearest to files by imports: those importing them directly, else through one
    more module, and so on."""
    modules: dict[str, list[str]] = {}              # a module typed by a stub is both its .py and its .pyi
    for qualname, path in conn.execute(
            "SELECT s.qualname, f.path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind = 'module'"):
        modules.setdefault(qualname, []).append(path)
    importers: dict[str, set[str]] = {}
    for path, mod, name in conn.execute("SELECT DISTINCT f.path, i.resolved, i.symbol FROM imports i"
                                        " JOIN files f ON f.id = i.file_id WHERE i.resolved IS NOT NULL"):
        parts = mod.split(".") + ([name] if name and name != "*" else [])    # `from pkg import mod`
        for n in range(len(parts), 0, -1):           # `a.b.C` imports module a.b; a package imports its modules
            targets = modules.get(".".join(parts[:n]), ())
            for target in targets:
                importers.setdefault(target, set()).add(path)
            if targets:
                break
    seen, level, hits = set(files), list(files), []
    while level and not hits:                       # the nearest importers that hold tests: one level of imports at a time
        nxt = sorted({p for f in level for p in importers.get(f, ()) if p not in seen})
        seen.update(nxt)
        hits, level = _tests_in([p for p in nxt if runner_of(p)], conn, runner), nxt
    return hits


def _tests_in(paths: list[str], conn: apsw.Connection, runner: Runner | None) -> list[tuple]:
    """Every test in these files, as import hits: their test functions and methods, and the tests the
    collected classes there inherit."""
    out = [(path, start, end, 1, IMPORTS) for path in paths for start, end in conn.execute(
        "SELECT s.start_line, s.end_line FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ?"
        " AND s.kind IN ('function', 'method') AND s.name LIKE 'test%'", (path,))]
    if runner is not None:
        names = {name for (_, name) in runner.member}
        for cls, (_, path, start, end) in runner.scopes.classes.items():
            if path in paths and runner.scopes.collected(cls):
                out += [(path, start, end, 1, IMPORTS, name) for name in sorted(names) if name.startswith("test")
                        and runner.owner.get(runner.runs(cls, name) or 0, cls) != cls
                        and runner.runs(cls, name) is not None]
    return out


# the builtin that runs a dunder: a test writing `repr(cmd)` runs `Command.__repr__` (`list(x)`, `str(x)` are
# written on too many other values to tell)
_RUN_BY = {"__repr__": "repr"}


def mentioned(conn: apsw.Connection, groups: list[list[TestHit]], ids: list[int], near: list[int]) -> list[TestHit]:
    """Of the fallback's tests (the class's users, then the importing files' tests), those whose own code names
    the changed function or one a link above it (a `__repr__` calling the changed `_repr_args`): a call or a
    property read left unresolved or resolved to it (`field.missing`), a builtin running the dunder (`repr(cmd)`);
    else the first group that names any test. A class's users name most of a suite; the one test reading
    the deprecated `missing` property is the one that runs it."""
    targets = sorted(set(ids) | set(near))
    names = {n for (n,) in conn.execute("SELECT DISTINCT s.name FROM json_each(?1) j CROSS JOIN symbols s"
                                       " ON s.id = j.value", (json_list(targets),))}
    words = sorted(n for n in names | {_RUN_BY[n] for n in names if n in _RUN_BY}
                   if n in _RUN_BY or not n.startswith("__"))
    # past the class's users, only a name no other class defines: `field._value()` in a test of another field
    # runs that field's own `_value`
    own = {n for n, classes in conn.execute(
        "SELECT s.name, COUNT(DISTINCT s.parent_id) FROM json_each(?1) j CROSS JOIN symbols s ON s.name = j.value"
        " WHERE s.kind IN ('function', 'method') GROUP BY s.name", (json_list(sorted(names)),)) if classes == 1}
    tests = [t for group in groups for t in group]
    lines: dict[str, list[tuple[int, str]]] = {}
    for path in sorted({t.file for t in tests}):
        lines[path] = list(conn.execute(
            "SELECT c.line, c.name FROM json_each(?2) j CROSS JOIN calls c ON c.name = j.value JOIN files f"
            " ON f.id = c.file_id WHERE f.path = ?1 AND (c.target_id IS NULL OR c.target_id IN"
            " (SELECT value FROM json_each(?3)))", (path, json_list(words), json_list(targets))))
    for n, group in enumerate(groups):      # the first group naming it: the class's users before the importing files
        kept = [t for t in group if any(t.start_line <= line <= t.end_line and (n == 0 or name in own)
                                        for line, name in lines[t.file])]
        if kept:
            return kept
    return next((group for group in groups if group), [])


def near_methods(conn: apsw.Connection, ids: list[int], near: list[int]) -> list[int]:
    """The methods among near (the callers of the changed methods) of a class that is, or is a base of, a changed
    method's class: `Validator.__repr__` calling the `_repr_args` of `Length(Validator)`."""
    classes = {c for (c,) in conn.execute("SELECT s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
                                         " WHERE s.kind = 'method'", (json_list(ids),))}
    up = ancestors(conn, classes) if classes else set()
    return [sid for sid, parent in conn.execute(
        "SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value WHERE s.kind = 'method'",
        (json_list(near),)) if parent in up]
