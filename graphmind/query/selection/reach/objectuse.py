"""Members of an object a test builds or uses that no edge records, an uncertain link. Python runs a class's
special methods for syntax and builtins (`str(x)` -> `__str__`, `len(x)`, `k in x`, `x == y`, `1 + x` ->
`__radd__`, `x[k]`, `pickle.dumps(x)`), and the index records them only when x's type is known. A test
class's method may also make a class on a base it holds (`class DefaultCache(self.Cache)`, cachetools): the
index cannot tell that base at the class statement, so `cache.maxsize` on one resolves to nothing.

Linked only for the special methods among those asked about (and any member of a class with a `self.X`-based
subclass, where the index types nothing), from the functions in test files that build or use an object of the
method's class or a subclass (a resolved call to the class or one of its members; a subclass includes a class
based on `self.X` where a call `self.X(...)` in that file resolves into the family), and whose body does what
runs the method: the syntax for a special method, an attribute of its name for any other; for `__init__`, the
functions building an object of the family (through a `self.X` base, the index resolves no constructor)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.sources import tree_of
from graphmind.query.testids import is_test_code

CLASS_CAP = 5_000            # class rows walked down from a method's class
USER_CAP = 500               # functions read per method

_BUILTINS = {"str": {"__str__", "__format__"}, "format": {"__format__", "__str__"}, "print": {"__str__"},
             "repr": {"__repr__"}, "len": {"__len__"}, "bool": {"__bool__", "__len__"}, "hash": {"__hash__"},
             "iter": {"__iter__"}, "next": {"__next__"}, "reversed": {"__reversed__"}, "abs": {"__abs__"},
             "int": {"__int__", "__index__"}, "float": {"__float__"}, "round": {"__round__"},
             "list": {"__iter__", "__len__"}, "tuple": {"__iter__", "__len__"}, "set": {"__iter__", "__hash__"},
             "sorted": {"__iter__", "__lt__"}, "dict": {"__iter__", "keys", "__getitem__"},
             "min": {"__lt__", "__gt__", "__iter__"}, "max": {"__gt__", "__lt__", "__iter__"},
             "dumps": {"__reduce__", "__reduce_ex__", "__getstate__"},
             "loads": {"__setstate__"}, "copy": {"__copy__", "__reduce_ex__"}, "deepcopy": {"__deepcopy__", "__reduce_ex__"},
             "assertEqual": {"__eq__"}, "assertNotEqual": {"__ne__"}, "assertIn": {"__contains__", "__iter__"},
             "assertNotIn": {"__contains__", "__iter__"}, "assertTrue": {"__bool__"}, "assertFalse": {"__bool__"},
             "assertLess": {"__lt__"}, "assertGreater": {"__gt__"}}
_COMPARE = {ast.Eq: {"__eq__"}, ast.NotEq: {"__ne__", "__eq__"}, ast.Lt: {"__lt__", "__gt__"},
            ast.LtE: {"__le__", "__ge__"}, ast.Gt: {"__gt__", "__lt__"}, ast.GtE: {"__ge__", "__le__"},
            ast.In: {"__contains__", "__iter__"}, ast.NotIn: {"__contains__", "__iter__"}}
_BINARY = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv", ast.FloorDiv: "floordiv",
           ast.Mod: "mod", ast.Pow: "pow", ast.MatMult: "matmul", ast.BitAnd: "and", ast.BitOr: "or",
           ast.BitXor: "xor", ast.LShift: "lshift", ast.RShift: "rshift"}
_UNARY = {ast.USub: "__neg__", ast.UAdd: "__pos__", ast.Invert: "__invert__", ast.Not: "__bool__"}
_SUBSCRIPT = {ast.Load: {"__getitem__", "__missing__"}, ast.Store: {"__setitem__"}, ast.Del: {"__delitem__"}}
_SPECIAL = set().union(*_BUILTINS.values(), *_COMPARE.values(), *_SUBSCRIPT.values(), _UNARY.values(),
                       *({f"__{op}__", f"__r{op}__", f"__i{op}__"} for op in _BINARY.values()),
                       {"__iter__", "__next__", "__enter__", "__exit__", "__aenter__", "__aexit__", "__format__"})


def _named(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _makes(call: ast.Call, words: frozenset[str]) -> bool:
    """Whether a call may make an object of the family: a class of it or a factory called by name
    (`Version(...)`, `make_label(...)`), or a member called on such a class (`Version.parse(...)`)."""
    func = call.func
    return isinstance(func, ast.Name) and func.id in words or isinstance(func, ast.Attribute) and \
        (func.attr in words or isinstance(func.value, ast.Name) and func.value.id in words)


def _holders(fn: ast.AST, words: frozenset[str]) -> set[str]:
    """The local names that may hold an object of the family: the parameters a test is handed (fixture and
    parametrize values; not self), and the names bound from an expression making one (_makes)."""
    args = fn.args
    handed = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} - {"self", "cls"}
    out = set(handed)
    for n in ast.walk(fn):
        value = n.value if isinstance(n, (ast.Assign, ast.AnnAssign)) else n.context_expr \
            if isinstance(n, ast.withitem) else None
        if value is not None and any(isinstance(c, ast.Call) and (_makes(c, words) or isinstance(c.func, ast.Name)
                                     and c.func.id in handed) for c in ast.walk(value)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) \
                else [n.optional_vars] if n.optional_vars is not None else []
            out |= {t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)}
    return out


def _held(expr: ast.AST | None, holders: set[str], words: frozenset[str]) -> bool:
    """Whether an expression may be an object of the family: a holder, a part or member of one (`form.a`,
    `items[0]`), or a call making one (_makes)."""
    while isinstance(expr, (ast.Attribute, ast.Subscript, ast.Starred)):
        expr = expr.value
    if isinstance(expr, ast.Call):
        return _makes(expr, words)
    return isinstance(expr, ast.Name) and expr.id in holders


def _runs(fn: ast.AST, words: frozenset[str]) -> set[str]:
    """The special methods a function's body may run on an object of the family, and the attribute names it
    reads on one (an operand of the syntax must be such an object: see _held)."""
    holders = _holders(fn, words)
    out: set[str] = set()

    def held(*exprs) -> bool:
        return any(_held(e, holders, words) for e in exprs)
    for n in ast.walk(fn):
        if isinstance(n, ast.Attribute) and held(n.value):
            out.add(n.attr)
        if isinstance(n, ast.Call):
            if held(*n.args[:2]):
                out |= _BUILTINS.get(_named(n.func), set())
        elif isinstance(n, ast.Compare):
            if held(n.left, *n.comparators):
                for op in n.ops:
                    out |= _COMPARE.get(type(op), set())
        elif isinstance(n, (ast.BinOp, ast.AugAssign)) and type(n.op) in _BINARY:
            if held(*((n.left, n.right) if isinstance(n, ast.BinOp) else (n.target, n.value))):
                op = _BINARY[type(n.op)]
                out |= {f"__{op}__", f"__r{op}__"} | ({f"__i{op}__"} if isinstance(n, ast.AugAssign) else set())
        elif isinstance(n, ast.UnaryOp) and type(n.op) in _UNARY and held(n.operand):
            out.add(_UNARY[type(n.op)])
        elif isinstance(n, ast.Subscript) and held(n.value):
            out |= _SUBSCRIPT.get(type(n.ctx), set())
        elif isinstance(n, ast.FormattedValue) and held(n.value):
            out |= {"__repr__"} if n.conversion == ord("r") else {"__format__", "__str__"}
        elif isinstance(n, (ast.For, ast.comprehension)) and held(n.iter) or isinstance(n, ast.Starred) and held(n.value):
            out |= {"__iter__", "__next__"}
        elif isinstance(n, (ast.With, ast.AsyncWith)) and held(*(i.context_expr for i in n.items)):
            out |= {"__enter__", "__exit__", "__aenter__", "__aexit__"}
        elif isinstance(n, (ast.If, ast.While, ast.Assert, ast.IfExp)) and held(n.test) or \
                isinstance(n, ast.BoolOp) and held(*n.values):
            out |= {"__bool__", "__len__"}
    return out


def _family(conn: apsw.Connection, cls: int, through_self: bool = True) -> list[int]:
    """A class and its subclasses, through resolved bases and (through_self) bases written `self.X` /
    `cls.X` where a call of that text in the same file resolves to a class already in the family."""
    if not through_self:
        return [c for (c,) in conn.execute(
            "WITH RECURSIVE down(id) AS (SELECT ?1 UNION SELECT i.class_id FROM down JOIN inherits i"
            f" ON i.target_id = down.id LIMIT {CLASS_CAP}) SELECT id FROM down", (cls,))]
    return [c for (c,) in conn.execute(
        "WITH RECURSIVE down(id) AS (SELECT ?1 UNION SELECT i.class_id FROM down JOIN inherits i"
        " ON i.target_id = down.id UNION SELECT i.class_id FROM down JOIN symbols k ON k.id = down.id"
        " JOIN calls c ON c.target_id IN (k.id, (SELECT m.id FROM symbols m WHERE m.parent_id = k.id"
        " AND m.name = '__init__')) AND c.kind IN ('constructor', 'instantiate')"
        " JOIN inherits i ON i.file_id = c.file_id AND i.base = c.callee AND i.target_id IS NULL"
        f" AND (i.base LIKE 'self.%' OR i.base LIKE 'cls.%') LIMIT {CLASS_CAP}) SELECT id FROM down", (cls,))]


def _users(conn: apsw.Connection, family: list[int], method: int,
           built: bool) -> tuple[list[tuple[int, str, int, int]], set[str]]:
    """The functions making a resolved call to a class of the family or one of its members (built: only
    building one), and, once, those
    calling a class whose body builds one (a form declaring a field) or a workspace function outside the
    tests that builds one (a factory), or, for a test module building one at its top level, its functions
    under `@pytest.mark.parametrize`; where none calls the method already: (id, path, start, end), and the
    names of the classes and factories making one."""
    built_only = " AND c.kind IN ('constructor', 'instantiate')" if built else ""
    found = conn.execute(
        "SELECT DISTINCT u.id, u.kind, f.path, u.start_line, u.end_line, c.kind NOT IN ('import', 'reference')"
        " AND u.kind != 'module' FROM json_each(?1) k CROSS JOIN symbols t"
        f" ON t.parent_id = k.value OR t.id = k.value JOIN calls c ON c.target_id = t.id AND c.{RESOLVED}"
        f"{built_only} JOIN symbols u ON u.id = c.caller_id AND u.kind IN ('function', 'method', 'class', 'module')"
        f" JOIN files f ON f.id = u.file_id LIMIT {USER_CAP}", (json_list(family),)).fetchall()
    rows = list(dict.fromkeys(r[:5] for r in found))
    # makers: what calls the class or its members outside the tests, not a module importing it nor a name
    # referring to it (`flask.app` imports FlaskClient: `app.test_request_context()` makes no client)
    via = list(dict.fromkeys(u for u, kind, path, _, _, calls in found
                             if calls and (kind == "class" or not is_test_code(path))))
    if via:
        rows += conn.execute(
            "SELECT DISTINCT u.id, u.kind, f.path, u.start_line, u.end_line FROM json_each(?1) k"
            f" CROSS JOIN calls c ON c.target_id = k.value AND c.{RESOLVED} JOIN symbols u ON u.id = c.caller_id"
            f" AND u.kind IN ('function', 'method') JOIN files f ON f.id = u.file_id LIMIT {USER_CAP}",
            (json_list(via),)).fetchall()
    modules = [u for u, kind, path, _, _ in rows if kind == "module" and is_test_code(path)]
    if modules:                       # values a test module builds for `@pytest.mark.parametrize`
        rows += conn.execute(
            "SELECT DISTINCT u.id, u.kind, f.path, u.start_line, u.end_line FROM json_each(?1) m CROSS JOIN symbols u"
            " ON u.file_id = (SELECT file_id FROM symbols WHERE id = m.value) AND u.kind IN ('function', 'method')"
            " JOIN files f ON f.id = u.file_id JOIN calls d ON d.file_id = u.file_id AND d.kind = 'call'"
            " AND d.name = 'parametrize' AND d.line < u.start_line AND NOT EXISTS (SELECT 1 FROM symbols v"
            " WHERE v.file_id = u.file_id AND v.start_line > d.line AND v.start_line < u.start_line"
            f" AND v.kind IN ('function', 'method', 'class')) LIMIT {USER_CAP}", (json_list(modules),)).fetchall()
    rows += _requesting(conn, [(u, path) for u, kind, path, _, _ in rows if kind == "function" and is_test_code(path)])
    direct = {c for (c,) in conn.execute("SELECT caller_id FROM calls WHERE target_id = ?", (method,))}
    makers = {n for (n,) in conn.execute("SELECT name FROM symbols WHERE id IN (SELECT value FROM json_each(?1))",
                                         (json_list(via),))} if via else set()
    return sorted({(u, path, start, end) for u, kind, path, start, end in rows
                   if kind not in ("class", "module") and u not in direct and u != method}), makers


def _requesting(conn: apsw.Connection, fixtures: list[tuple[int, str]]) -> list[tuple[int, str, str, int, int]]:
    """The functions of test code naming one of these functions (fixtures) as a parameter, in its file or, for a
    conftest.py, under its folder (`def test_formdata(F1)`, F1 a fixture returning a form class)."""
    out = []
    for fid, path in fixtures[:USER_CAP]:
        name = conn.execute("SELECT name FROM symbols WHERE id = ?", (fid,)).fetchone()[0]
        folder = path.rsplit("/", 1)[0] + "/" if path.endswith("conftest.py") and "/" in path else None
        param = re.compile(rf"\(\s*(?:[^)]*[,\s])?{re.escape(name)}\s*[,:=)]")
        out += [row for row in conn.execute(
            "SELECT u.id, u.kind, f.path, u.start_line, u.end_line FROM files f JOIN symbols u ON u.file_id = f.id"
            " AND u.kind IN ('function', 'method') AND u.signature LIKE '%' || ?1 || '%' WHERE u.id != ?4"
            " AND (f.path = ?2 OR (?3 IS NOT NULL AND f.path LIKE ?3 || '%'))", (name, path, folder, fid))
            if param.search(conn.execute("SELECT signature FROM symbols WHERE id = ?", (row[0],)).fetchone()[0])]
    return out


def object_members(conn: apsw.Connection, root: Path | None, ids: list[int]) -> list[tuple[int, int]]:
    """(test function, method among ids) for the functions in test files that build or use an object of the
    method's class family and whose body does what runs the method, where no edge links them already."""
    if root is None:
        return []
    out = []
    runs: dict[tuple[int, int], set[str]] = {}
    families: dict[int, tuple[list[int], bool, frozenset[str]]] = {}
    for method, name, cls in conn.execute(
            "SELECT s.id, s.name, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class' WHERE s.kind = 'method'"
            " AND s.name NOT IN ('__new__', '__call__')", (json_list(ids),)).fetchall():
        if cls not in families:
            family = _family(conn, cls)
            words = frozenset(n for (n,) in conn.execute(
                "SELECT s.name FROM json_each(?1) k CROSS JOIN symbols s ON s.id = k.value",
                (json_list(family),)))
            families[cls] = family, len(family) > len(_family(conn, cls, False)), words
        family, through_self, words = families[cls]
        if name not in _SPECIAL and not through_self:
            continue                  # an ordinary member of a class the index can type: edges record it
        users, makers = _users(conn, family, method, name == "__init__")
        for user, path, start, end in users:
            if not is_test_code(path):
                continue
            if (user, cls) not in runs:
                tree = tree_of(root, path)
                fn = next((n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                           and start <= n.lineno <= end), None) if tree else None
                runs[user, cls] = _runs(fn, words | makers) if fn is not None else set()
            if name in runs[user, cls] or name == "__init__":
                out.append((user, method))
    return out
