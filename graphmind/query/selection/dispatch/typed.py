"""Methods chosen by a token's type. A parser dispatching on a name built from a token's type
(`getattr(self, "_token_nud_%s" % token["type"])`) runs `_token_nud_lbracket` only for input holding the text
the lexer makes an `lbracket` token of. The lexer's own literals say which text that is, read statically:
a dict built with the type and a constant text beside it (`{"type": "lbracket", "value": "["}`), a table of
texts to types it is looked up in (`{"type": self.SIMPLE_TOKENS[c]}` with `SIMPLE_TOKENS = {"@": "current"}`),
or a helper building the dict from a parameter, called with the type and its text (`self._match_or_else("|",
"or", "pipe")`). The tests named are those whose string literals hold one of the texts, and those fed computed
parameters (cases read from data files). Anything the lexer does that is not read with certainty (a type from
elsewhere, a text computed) narrows nothing; files making no token from a text (tree nodes) are not read."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import apsw

from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.registered import TemplateTests
from graphmind.query.selection.sources import hinted_tree, tree_of
from graphmind.query.testids import TestHit, is_test_code

FILE_CAP = 200               # project files read for the dicts making tokens
DEPTH = 3                    # a visitor's method <- a node builder <- the parser's methods calling it


def _built(node: ast.expr) -> tuple[str, ast.expr] | None:
    """(prefix, rest) of `"p%s" % rest`, `"p" + rest` or `f"p{rest}"`."""
    if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
        if isinstance(node.op, ast.Mod) and node.left.value.endswith("%s") and node.left.value.count("%") == 1:
            return node.left.value[:-2], node.right
        if isinstance(node.op, ast.Add):
            return node.left.value, node.right
    if isinstance(node, ast.JoinedStr) and len(node.values) == 2 and isinstance(node.values[0], ast.Constant) \
            and isinstance(node.values[1], ast.FormattedValue):
        return node.values[0].value, node.values[1].value
    return None


def _type_key(cls: ast.ClassDef, name: str) -> tuple[str, str] | None:
    """(prefix, the key of the token dict whose value follows it in the method's name: `token["type"]`), for
    the longest prefix of a name the class's `getattr` calls build."""
    found = []
    for n in ast.walk(cls):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "getattr" and len(n.args) >= 2:
            built = _built(n.args[1])
            if built and built[0] and name.startswith(built[0]) and len(name) > len(built[0]):
                found.append((len(built[0]), built[0], _key_read(cls, built[1])))
    if not found:
        return None
    _, prefix, key = max(found)
    return (prefix, key) if key is not None else None


def _subscript_key(node: ast.AST | None) -> str | None:
    ok = isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)
    return node.slice.value if ok else None


def _key_read(cls: ast.ClassDef, rest: ast.expr) -> str | None:
    """The key a built name's rest reads (`token["type"]`), also through a local assigned only such a read or
    the call of a method returning one (`current = self._current_token()`)."""
    if not isinstance(rest, ast.Name):
        return _subscript_key(rest)
    values = [n.value for n in ast.walk(cls) if isinstance(n, ast.Assign)
              and any(isinstance(t, ast.Name) and t.id == rest.id for t in n.targets)]
    keys = set()
    for value in values:
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and not value.args:
            fn = next((f for f in cls.body if getattr(f, "name", None) == value.func.attr), None)
            returns = [r.value for r in ast.walk(fn) if isinstance(r, ast.Return)] if fn is not None else [None]
            keys |= {_subscript_key(r) for r in returns}
        else:
            keys.add(_subscript_key(value))
    return next(iter(keys)) if len(keys) == 1 else None


def _table(tree: ast.Module, name: str) -> dict | None:
    """A dict literal of strings to strings assigned to the name (module level or in a class body)."""
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets) \
                and isinstance(n.value, ast.Dict):
            pairs = list(zip(n.value.keys, n.value.values))
            if all(isinstance(x, ast.Constant) and isinstance(x.value, str) for pair in pairs for x in pair):
                return {k.value: v.value for k, v in pairs}
    return None


def _by_param(tree: ast.Module, fn: ast.FunctionDef, key: str, param: str, kind: str) -> set[str] | None:
    """The texts passed beside the type to the function building the dict from its parameter."""
    names = [a.arg for a in fn.args.args]
    if param not in names:
        return None
    shift = 1 if names and names[0] in ("self", "cls") else 0
    index = names.index(param) - shift
    kinds = {names.index(v.id) - shift for d in ast.walk(fn) if isinstance(d, ast.Dict)     # `else_type` too
             for k, v in zip(d.keys, d.values) if isinstance(k, ast.Constant) and k.value == key
             and isinstance(v, ast.Name) and v.id in names}
    texts: set[str] = set()
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", None)) == fn.name):
            continue
        if index >= len(n.args) or not isinstance(n.args[index], ast.Constant) or n.keywords:
            return None
        if n.args[index].value == kind:
            others = {a.value for i, a in enumerate(n.args) if i not in kinds and isinstance(a, ast.Constant)
                      and isinstance(a.value, str)}
            if not others:
                return None
            texts |= others
    return texts


def _texts_in(tree: ast.Module, key: str, kind: str) -> set[str] | None:
    """The texts a file's dicts make a token of this kind from (None when one is not read with certainty)."""
    texts: set[str] = set()
    parents = {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    for d in ast.walk(tree):
        if not isinstance(d, ast.Dict):
            continue
        for k, v in zip(d.keys, d.values):
            if not (isinstance(k, ast.Constant) and k.value == key):
                continue
            if isinstance(v, ast.Constant):
                if v.value == kind:
                    beside = {x.value for x in d.values if isinstance(x, ast.Constant) and isinstance(x.value, str)
                              and x is not v}
                    if not beside:
                        return None
                    texts |= beside
            elif isinstance(v, ast.Subscript) and isinstance(v.value, (ast.Name, ast.Attribute)):
                table = _table(tree, getattr(v.value, "id", getattr(v.value, "attr", "")))
                if table is None:
                    return None
                texts |= {text for text, made in table.items() if made == kind}
            elif isinstance(v, ast.Name):
                fn = parents.get(id(d))
                while fn is not None and not isinstance(fn, ast.FunctionDef):
                    fn = parents.get(id(fn))
                got = _by_param(tree, fn, key, v.id, kind) if fn is not None else None
                if got is None:
                    return None
                texts |= got
            else:
                return None
    return texts


def _lexes(tree: ast.Module, key: str) -> bool:
    """Whether a file makes tokens from texts: one of its dicts holds the key with a constant and a constant text
    beside it, or a value looked up in a table (the tree nodes a parser builds, `{"type": "current", "children":
    []}`, hold none)."""
    for d in ast.walk(tree):
        for k, v in zip(d.keys, d.values) if isinstance(d, ast.Dict) else ():
            if isinstance(k, ast.Constant) and k.value == key and (isinstance(v, ast.Subscript) or (
                    isinstance(v, ast.Constant) and any(isinstance(x, ast.Constant) and isinstance(x.value, str)
                                                        and x is not v for x in d.values))):
                return True
    return False


def typed_spans(conn: apsw.Connection, root: Path, ids: list[int]) -> list[tuple[str, int, int]] | None:
    """(test file, first line, last line) of the tests whose string literals hold a text the changed methods'
    token type is made of; None when the changed methods are not chosen by a token type read with certainty."""
    texts = _texts(conn, root, ids, 0)
    if not texts:
        return None
    written = re.compile("|".join(re.escape(t) for t in sorted(texts)))
    return [(path, start, end) for path, start, end, text in TemplateTests(conn, root).tests(written)
            if written.search(text)]


def _texts(conn: apsw.Connection, root: Path, ids: list[int], depth: int) -> set[str] | None:
    """The texts that choose the symbols: for a method chosen by a type, the texts its type is made of; for a
    function, those of the methods calling it (`nodes.current_node()`), when only such methods do."""
    rows = conn.execute("SELECT s.name, s.kind, s.start_line, f.path FROM json_each(?1) j CROSS JOIN symbols s"
                        " ON s.id = j.value JOIN files f ON f.id = s.file_id", (json_list(ids),)).fetchall()
    if not rows or depth > DEPTH or any(is_test_code(path) or not path.endswith(".py") for *_, path in rows):
        return None
    if all(kind == "function" for _, kind, _, _ in rows):
        callers = [sid for sid, path in conn.execute(
            f"SELECT DISTINCT c.caller_id, f.path FROM json_each(?1) j JOIN calls c ON c.target_id = j.value"
            f" AND c.{RESOLVED} JOIN files f ON f.id = c.file_id", (json_list(ids),)) if not is_test_code(path)]
        return _texts(conn, root, callers, depth + 1) if callers else None
    if any(kind != "method" for _, kind, _, _ in rows):
        return None
    wanted: set[tuple[str, str]] = set()
    for name, _, line, path in rows:
        tree = tree_of(root, path)
        cls = next((c for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.lineno <= line <= c.end_lineno
                    and any(getattr(f, "name", None) == name for f in c.body)), None) if tree is not None else None
        bases = [c for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and any(
            getattr(b, "id", None) == c.name for b in cls.bases)] if cls is not None else []
        found = next((f for c in (cls, *bases) if c is not None for f in [_type_key(c, name)] if f), None)
        if found is None:
            return None
        wanted.add((found[1], name[len(found[0]):]))
    texts: set[str] = set()
    files = [p for (p,) in conn.execute("SELECT path FROM files WHERE language = 'python' ORDER BY path")
             if not is_test_code(p)][:FILE_CAP]
    for key, kind in wanted:
        hint = re.compile(rf"""['"]{re.escape(key)}['"]\s*:""")
        trees = [(path, tree) for path in files for tree in [hinted_tree(root, path, hint)] if tree is not None]
        lexed = [_texts_in(tree, key, kind) for _, tree in trees if _lexes(tree, key)]
        if lexed and None not in lexed and set().union(*lexed):
            texts |= set().union(*lexed)          # a token's type: the lexer's texts (a node of that name too)
            continue
        for path, tree in trees:                  # no token of the type: the nodes of that type, built by
            got = None if lexed and None in lexed else \
                set() if _lexes(tree, key) else _built_by(conn, root, path, tree, key, kind, depth)
            if got is None:
                return None
            texts |= got
    texts.discard("")
    return texts


def _built_by(conn: apsw.Connection, root: Path, path: str, tree: ast.Module, key: str, kind: str,
              depth: int) -> set[str] | None:
    """The texts choosing the functions of a file that build a tree node of this type (`{"type": "comparator",
    ...}` in `def comparator(...)`, called by methods chosen by token types: a visitor's `visit_comparator`)."""
    texts: set[str] = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        inner = [d for d in ast.walk(fn) if isinstance(d, ast.Dict) and any(
            isinstance(k, ast.Constant) and k.value == key and isinstance(v, ast.Constant) and v.value == kind
            for k, v in zip(d.keys, d.values))]
        nested = any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is not fn for n in ast.walk(fn))
        if not inner:
            continue
        if nested:
            return None
        row = conn.execute("SELECT s.id FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ?"
                           " AND s.name = ? AND s.start_line <= ? AND s.end_line >= ?",
                           (path, fn.name, fn.lineno, fn.lineno)).fetchone()
        got = _texts(conn, root, [row[0]], depth + 1) if row is not None else None
        if got is None:
            return None
        texts |= got
    return texts


def _fed(node: ast.AST) -> bool:
    """Whether a test takes parameters from computed values (`parametrize("expr", _cases("result"))`): data a
    test reads from files may hold any text."""
    for d in getattr(node, "decorator_list", ()):
        if isinstance(d, ast.Call) and getattr(d.func, "attr", None) == "parametrize" and len(d.args) >= 2 and \
                not isinstance(d.args[1], (ast.List, ast.Tuple, ast.Set)):
            return True
    return False


def typed_narrowed(root: Path, tests: list[TestHit], spans: list[tuple[str, int, int]]) -> list[TestHit]:
    """The tests holding a text of the changed methods' token type, and those fed computed parameters; all of
    them when none is."""
    def fed(test: TestHit) -> bool:
        tree = tree_of(root, test.file)
        return tree is not None and any(_fed(n) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                                        and n.lineno <= test.end_line and n.end_lineno >= test.start_line)
    kept = [t for t in tests if fed(t) or any(path == t.file and t.start_line <= end and t.end_line >= start
                                              for path, start, end in spans)]
    return kept or tests
