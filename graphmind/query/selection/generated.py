"""Test classes whose tests are made at run time. A method of a test base class that sets a function it builds
on its class in a loop (`setattr(cls, 'test_{}'.format(n), method)`, one test per fixture file entry) gives
a class tests no source line holds, and a module may build such classes in a function it calls at module level
with the loop's arguments (`load_plugin("url")` holding `class TestPlugin(BaseTestCase): parse = md1` and
`globals()["TestPlugin_" + name] = TestPlugin`). pytest collects them under the module's name for them; the
test names come from data, so each class is named by its class ID (`tests/test_plugins.py::TestPlugin_url`,
which pytest runs whole). A class reaches a change when a method of its body does (its own `assert_case` or
`parse`), when a callable its body holds does (`parse = md1`, `md1 = create_markdown(...)`: the `__call__` of
the class the builder returns), when a class its builder's arguments build or name does (`Admonition()`,
`RSTDirective`), or, as "may reach", when a string argument names the changed function's module or a function
of that module (a plugin chosen by name: `load_plugin("abbr")` for `plugins/abbr.py`)."""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.sources import tree_of
from graphmind.query.testids import TestHit, is_test_code, merge_tests, runner_of


@dataclass
class Generated:
    """A test class whose tests are set on it at run time."""
    id: str                      # file::Name, as pytest collects it
    file: str
    line: int                    # the statement that makes it (a module-level call)
    cls: int                     # the class symbol (one per class statement, shared by a builder's classes)
    builder: int | None          # the module-level function building it, if any
    strings: set[str] = field(default_factory=set)     # string arguments of the builder call
    names: set[str] = field(default_factory=set)       # names read in the builder call's arguments


def _generators(conn: apsw.Connection) -> list[int]:
    """The functions of test code setting a function they build on a class (`setattr(cls, name, method)`), and
    the functions enclosing them, that test files call."""
    out = []
    for caller, path in conn.execute(
            "SELECT DISTINCT c.caller_id, f.path FROM calls c JOIN files f ON f.id = c.file_id"
            " WHERE c.name = 'setattr' AND c.resolution = 'builtin'"):
        if not is_test_code(path):
            continue
        sid = caller
        while sid is not None:
            row = conn.execute("SELECT parent_id, kind FROM symbols WHERE id = ?", (sid,)).fetchone()
            if row is None or row[1] not in ("function", "method"):
                break
            if conn.execute("SELECT 1 FROM calls c JOIN files f ON f.id = c.file_id WHERE c.target_id = ?"
                            f" AND c.{RESOLVED} AND f.path != ? LIMIT 1", (sid, path)).fetchone():
                out.append(sid)
            sid = row[0]
    return out


def _value(node: ast.AST, env: dict, conn: apsw.Connection):
    """A string expression's value where its names are bound (None if unknown)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return env.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _value(node.left, env, conn), _value(node.right, env, conn)
        return a + b if isinstance(a, str) and isinstance(b, str) else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args \
            and node.func.attr in ("title", "lower", "upper", "capitalize"):
        base = _value(node.func.value, env, conn)
        return getattr(base, node.func.attr)() if isinstance(base, str) else None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        built = env.get(node.value.id)                  # `renderer.NAME` of an argument `RSTRenderer()`
        if isinstance(built, ast.Call) and isinstance(built.func, ast.Name):
            for (value,) in conn.execute(
                    "SELECT b.value FROM symbols k JOIN bindings b ON b.scope_id = k.id AND b.name = ?2"
                    " AND b.kind = 'assign' WHERE k.name = ?1 AND k.kind = 'class'", (built.func.id, node.attr)):
                try:
                    got = ast.literal_eval(value)
                except (ValueError, SyntaxError):
                    continue
                if isinstance(got, str):
                    return got
    return None


def _built(conn: apsw.Connection, root: Path, path: str, builder: int, cls_name: str) -> list[tuple[str, int, ast.Call]]:
    """(name pytest collects, line, call) for each module-level call of a builder function that publishes its
    class under a name it computes (`globals()["TestPlugin_" + name] = TestPlugin`)."""
    tree = tree_of(root, path)
    name = conn.execute("SELECT name FROM symbols WHERE id = ?", (builder,)).fetchone()[0]
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None) if tree else None
    if fn is None:
        return []
    out = []
    for stmt in tree.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == name):
            continue
        env: dict = {}
        for param, arg in zip(fn.args.args, call.args):
            env[param.arg] = arg.value if isinstance(arg, ast.Constant) else arg
        for kw in call.keywords:
            if kw.arg:
                env[kw.arg] = kw.value.value if isinstance(kw.value, ast.Constant) else kw.value
        for node in fn.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    env[target.id] = _value(node.value, env, conn)
                elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Call) \
                        and getattr(target.value.func, "id", "") == "globals" \
                        and isinstance(node.value, ast.Name) and node.value.id == cls_name:
                    published = _value(target.slice, env, conn)
                    if isinstance(published, str):
                        out.append((published, stmt.lineno, call))
    return out


def generated_classes(conn: apsw.Connection, root: Path | None) -> list[Generated]:
    """Every test class whose tests a generator sets on it at run time, as pytest collects it."""
    if root is None:
        return []
    out = []
    for gen in _generators(conn):
        for caller, callee, line, path, kind in conn.execute(
                "SELECT c.caller_id, c.callee, c.line, f.path, s.kind FROM calls c JOIN files f ON f.id = c.file_id"
                f" JOIN symbols s ON s.id = c.caller_id WHERE c.target_id = ? AND c.{RESOLVED}", (gen,)):
            receiver = callee.rsplit(".", 1)[0] if "." in callee else ""
            if runner_of(path) != "pytest" or not receiver.isidentifier():
                continue
            scope = conn.execute("SELECT id FROM symbols WHERE parent_id = ? AND name = ? AND kind = 'class'",
                                 (caller, receiver)).fetchone()
            if scope is None:
                continue
            if kind == "module":
                out.append(Generated(f"{path}::{receiver}", path, line, scope[0], None))
                continue
            for name, at, call in _built(conn, root, path, caller, receiver):
                g = Generated(f"{path}::{name}", path, at, scope[0], caller)
                for n in ast.walk(call):
                    if isinstance(n, ast.Constant) and isinstance(n.value, str):
                        g.strings.add(n.value)
                    elif isinstance(n, ast.Name) and n is not call.func:
                        g.names.add(n.id)
                out.append(g)
    return list({g.id: g for g in out}.values())


def _held_call_classes(conn: apsw.Connection, g: Generated) -> set[str]:
    """The classes whose objects the class body holds (`parse = md1`, `md1 = create_markdown(...)` in the
    builder; `parse = create_markdown(renderer=renderer)`): the class a call there builds or is annotated to
    return."""
    scopes = [g.cls] + ([g.builder] if g.builder else [])
    values = conn.execute("SELECT name, value, line FROM bindings WHERE scope_id = ? AND kind = 'assign'",
                          (g.cls,)).fetchall()
    lines = [(g.cls, line) for _, value, line in values]
    names = {value for _, value, _ in values if value.isidentifier()}
    if g.builder and names:
        lines += [(g.builder, line) for (line,) in conn.execute(
            "SELECT line FROM bindings WHERE scope_id = ? AND kind = 'assign' AND name IN"
            " (SELECT value FROM json_each(?))", (g.builder, json_list(sorted(names))))]
    out: set[str] = set()
    for scope, line in lines:
        if scope not in scopes:
            continue
        for kind, name, sig in conn.execute(
                "SELECT t.kind, t.name, t.signature FROM calls c JOIN symbols t ON t.id = c.target_id"
                f" WHERE c.caller_id = ? AND c.line = ? AND c.{RESOLVED}", (scope, line)):
            if kind == "class":
                out.add(name)
            elif "->" in (sig or ""):
                out.add(sig.rsplit("->", 1)[1].strip().strip("'\"").split("[")[0].rsplit(".", 1)[-1].rstrip(":").strip())
    return out


def _class_methods(conn: apsw.Connection, names: set[str], dunder: str | None = None) -> set[int]:
    """The methods (or only the one named dunder) of the workspace classes named so and of their bases."""
    if not names:
        return set()
    rows = conn.execute(
        "WITH RECURSIVE up(id) AS (SELECT s.id FROM symbols s WHERE s.kind = 'class' AND s.name IN"
        " (SELECT value FROM json_each(?1)) UNION SELECT i.target_id FROM up JOIN inherits i ON i.class_id = up.id"
        " WHERE i.target_id IS NOT NULL LIMIT 500)"
        " SELECT m.id FROM up JOIN symbols m ON m.parent_id = up.id AND m.kind = 'method'"
        " WHERE ?2 IS NULL OR m.name = ?2", (json_list(sorted(names)), dunder)).fetchall()
    return {m for (m,) in rows}


def _set_up_by(conn: apsw.Connection, methods: set[int]) -> set[int]:
    """The `__init__` of the classes whose methods the given methods call (`mistune.html(text)`, an object built
    at import): what its constructor registers runs when it is called."""
    return {i for (i,) in conn.execute(
        "SELECT DISTINCT i.id FROM json_each(?1) j CROSS JOIN calls c ON c.caller_id = j.value"
        f" AND c.{RESOLVED} JOIN symbols t ON t.id = c.target_id AND t.kind = 'method'"
        " JOIN symbols i ON i.parent_id = t.parent_id AND i.name = '__init__'", (json_list(sorted(methods)),))}


def _hit(g: Generated, depth: int, how: str) -> TestHit:
    return TestHit(g.id, "pytest", g.id.rsplit("::", 1)[-1], g.file, g.line, g.line, "", depth, how=how)


def generated_tests(conn: apsw.Connection, root: Path | None, reached: dict[int, int], how: str,
                    classes: list[Generated] | None = None) -> list[TestHit]:
    """The generated test classes reaching the reached symbols (at their depths): through a method of their
    body, a callable their body holds, or a class their builder's arguments name."""
    classes = generated_classes(conn, root) if classes is None else classes
    out = []
    for g in classes:
        own = {m for (m,) in conn.execute("SELECT id FROM symbols WHERE parent_id = ?", (g.cls,))}
        via = own | {g.cls, g.builder} | _class_methods(conn, _held_call_classes(conn, g), "__call__") \
            | _class_methods(conn, g.names) | _set_up_by(conn, own)
        depths = [reached[s] for s in via if s in reached]
        if depths:
            out.append(_hit(g, min(depths) + 1, how))
    return out


def named_by_key(conn: apsw.Connection, ids: list[int], how: str,
                 classes: list[Generated]) -> list[TestHit]:
    """The generated classes whose builder is called with a string naming the changed function's module or a
    module-level function of that module (a plugin chosen by its name), or with a class of that module
    (`Admonition()`, whose module-level renderers it registers)."""
    keys: set[str] = set()
    named_there: set[str] = set()          # classes of the changed module, built in a builder's arguments
    for path, module in conn.execute(
            "SELECT DISTINCT f.path, f.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " JOIN files f ON f.id = s.file_id", (json_list(ids),)):
        keys.add(path.rsplit("/", 1)[-1].removesuffix(".py"))
        keys |= {n for (n,) in conn.execute(
            "SELECT s.name FROM symbols s JOIN symbols m ON m.id = s.parent_id AND m.kind = 'module'"
            " WHERE s.file_id = ? AND s.kind = 'function'", (module,))}
        classes_there = {n for (n,) in conn.execute(
            "SELECT name FROM symbols WHERE file_id = ? AND kind = 'class'", (module,))}
        named_there.update(classes_there)
    keys.discard("__init__")
    return [_hit(g, 1, how) for g in classes if g.strings & keys or g.names & named_there]


def generated_hits(conn: apsw.Connection, root: Path | None, ids: list[int], sure: dict[int, int],
                   known: dict[int, int]) -> list[TestHit]:
    """The generated test classes reaching the changed ids: through sure links ("reaches"), through uncertain
    ones or a plugin's name ("may reach")."""
    classes = generated_classes(conn, root)
    if not classes:
        return []
    maybe = {s: d for s, d in known.items() if s not in sure}
    return merge_tests(generated_tests(conn, root, sure, "reaches", classes),
                       generated_tests(conn, root, maybe, "may reach", classes),
                       named_by_key(conn, ids, "may reach", classes))
