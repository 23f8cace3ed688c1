"""Pyright's own answer for every call expression of a Python project (`f(…)`, `a.b(…)`): the
declarations its type evaluator resolves the called name to, asked of `pyright-langserver --stdio`
with `textDocument/definition` at the callee's name (and `textDocument/typeDefinition` when that names
a variable, parameter or attribute holding the callable). One JSON line per call site:
{file, line, col, name, form, targets: [[file, line, kind], …], why}. Driven by scripts/score_python_types.py.

Usage: python scripts/pyright_oracle.py LANGSERVER ROOT FILE...
Lines are 1-based and `col` is the byte column of the called name (graphmind's `calls.col`). A target
outside ROOT, or in a `.pyi` stub pyright could not map to its source, is written with a path starting
with `..` or ending with `.pyi` (kind `stub`). `kind` is `def`, `class`, `init` (the `__init__` or
`__new__` a call of the class before it runs, found through its bases) or `value` (a declaration that
is not a `def` or `class`: a variable whose callable the oracle could not pin to a definition). A
variable's callable is what it is bound to when its declaration is `name = a.b` or `name = f` (`why`:
`alias`), the class C for `cls` typed `type[Self@C]` (`self`), else its type's definition (`type`,
`instance`): the class for `type[C]`, the `__call__` of C for an instance of C. `why` is `wrapped` (and `targets` empty) when pyright names a
declaration outside the project under another name than the one called (`functools.lru_cache`'s
`__call__`, `partial`): what the wrapper runs, it does not know.
"""
from __future__ import annotations

import ast
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import unquote

from pyright_lsp import Server, started, uri

def call_sites(source: str) -> list[tuple[int, int, int, str, str]]:
    """Every call's callee name: (line, byte column, UTF-16 column, name, form) for `f(…)` (form
    `name`) and `a.b(…)` (form `attribute`)."""
    lines = source.splitlines()
    sites = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            line, col, name, form = func.lineno, func.col_offset, func.id, "name"
        elif isinstance(func, ast.Attribute) and func.end_lineno is not None:
            line, name, form = func.end_lineno, func.attr, "attribute"
            col = func.end_col_offset - len(name.encode("utf-8"))
        else:
            continue
        text = lines[line - 1].encode("utf-8")
        sites.append((line, col, utf16(text, col), name, form))
    return sites


def utf16(text: bytes, col: int) -> int:
    """A byte column of a line as LSP's UTF-16 column."""
    return len(text[:col].decode("utf-8", "replace").encode("utf-16-le")) // 2


class Declarations:
    """What a declaration is, by the position of its name: `def`, `class` or `value`; and for a class,
    the `__init__` (else `__new__`) a call of it runs, followed through its bases with the server."""

    def __init__(self, server: Server, root: Path):
        self.server, self.root = server, root
        self.files: dict[Path, dict[tuple[int, int], ast.AST]] = {}
        self.runs: dict[tuple, list] = {}

    def _names(self, path: Path) -> dict[tuple[int, int], ast.AST]:
        if path not in self.files:
            names: dict[tuple[int, int], ast.AST] = {}
            try:
                source = path.read_bytes()
                tree = ast.parse(source)
            except (OSError, SyntaxError, ValueError):
                source, tree = b"", ast.Module(body=[], type_ignores=[])
            lines = source.splitlines()
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    text = lines[node.lineno - 1]
                    at = text.find(node.name.encode("utf-8"), node.col_offset)
                    names[(node.lineno, utf16(text, at))] = node
            self.files[path] = names
        return self.files[path]

    def kind(self, path: Path, line: int, char: int) -> str:
        node = self._names(path).get((line, char))
        return "value" if node is None else "class" if isinstance(node, ast.ClassDef) else "def"

    def constructor(self, path: Path, line: int, char: int, depth: int = 0,
                    methods: tuple[str, ...] = ("__init__", "__new__")) -> list:
        """[[file, line, "def"]] of the `__init__`/`__new__` (or other `methods`) a call of this class
        runs, when it is a `.py` file's; [] when it is object's or not known."""
        key = (path, line, methods)
        if key in self.runs:
            return self.runs[key]
        self.runs[key] = []
        node = self._names(path).get((line, char))
        if not isinstance(node, ast.ClassDef) or depth > 20:
            return []
        for name in methods:
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == name:
                    found = [[os.path.relpath(path, self.root), item.lineno, "def"]]
                    self.runs[key] = found
                    return found
        lines = path.read_bytes().splitlines()
        for base in node.bases:
            base = base.value if isinstance(base, ast.Subscript) else base    # `Base[K, V]`: Base
            if not isinstance(base, (ast.Name, ast.Attribute)) or base.end_lineno is None:
                continue
            bline = base.end_lineno
            bcol = base.end_col_offset - len((base.id if isinstance(base, ast.Name) else base.attr).encode())
            answer = self.server.request("textDocument/definition", {
                "textDocument": {"uri": uri(path)},
                "position": {"line": bline - 1, "character": utf16(lines[bline - 1], bcol)}})
            for loc in locations(answer):
                if loc[0].suffix == ".py" and self.kind(*loc) == "class":
                    found = self.constructor(*loc, depth=depth + 1, methods=methods)
                    if found:
                        self.runs[key] = found
                        return found
        return []


def locations(answer) -> list[tuple[Path, int, int]]:
    """(path, 1-based line, UTF-16 column) of each location of a definition answer."""
    out = []
    for loc in answer or []:
        where = loc.get("targetUri") or loc.get("uri")
        rng = loc.get("targetSelectionRange") or loc.get("range")
        if where and where.startswith("file://") and rng:
            out.append((Path(unquote(where[len("file://"):])), rng["start"]["line"] + 1, rng["start"]["character"]))
    return out


def declared_name(path: Path, line: int, char: int) -> str:
    """The identifier a location starts at."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()[line - 1]
    except (OSError, IndexError):
        return ""
    at = len(text.encode("utf-16-le")[:char * 2].decode("utf-16-le", "replace"))
    end = at
    while end < len(text) and (text[end].isalnum() or text[end] == "_"):
        end += 1
    return text[at:end]


def targets(answer, root: Path, decls: Declarations, instance: bool = False) -> list[list]:
    """[file relative to root, 1-based line, kind] per location of a definition answer; a class's
    target is followed by the `__init__` a call of it runs (kind `init`), or for an instance of the
    class (`instance`) replaced by the `__call__` it runs."""
    out = []
    for path, line, char in locations(answer):
        kind = decls.kind(path, line, char) if path.suffix == ".py" else "stub"
        if kind == "class" and instance:
            out.extend([f, ln, "def"] for f, ln, _ in decls.constructor(path, line, char, methods=("__call__",)))
            continue
        out.append([os.path.relpath(path, root), line, kind])
        if kind == "class":
            out.extend([f, ln, "init"] for f, ln, _ in decls.constructor(path, line, char))
    return out


def wrapped(answer, name: str, root: Path) -> bool:
    """Pyright names a declaration outside the project under another name than the one called: the
    `__call__` of a wrapper (`functools.lru_cache`), `partial`; what the wrapper runs it does not say."""
    found = locations(answer)
    return bool(found) and all(p.suffix == ".pyi" or root not in p.parents for p, _, _ in found) and \
        all(declared_name(*loc) != name for loc in found)


def aliased(path: Path, line: int, char: int) -> tuple[int, int] | None:
    """Where the name a variable is bound to is written, when its declaration is `name = a.b` or
    `name = f` (a bound method or a function kept in a local): (1-based line, UTF-16 column)."""
    try:
        source = path.read_bytes()
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError):
        return None
    lines = source.splitlines()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and node.lineno == line and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and utf16(lines[line - 1], node.targets[0].col_offset) == char:
            value = node.value
            if isinstance(value, ast.Name):
                return value.lineno, utf16(lines[value.lineno - 1], value.col_offset)
            if isinstance(value, ast.Attribute) and value.end_lineno is not None:
                at = value.end_col_offset - len(value.attr.encode("utf-8"))
                return value.end_lineno, utf16(lines[value.end_lineno - 1], at)
    return None


def enclosing_class(source: str, line: int) -> tuple[int, str] | None:
    """The line and name of the innermost class whose body holds a line."""
    best = None
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.lineno <= line <= (node.end_lineno or 0):
            if best is None or node.lineno > best[0]:
                best = (node.lineno, node.name)
    return best


def value_targets(server: Server, root: Path, decls: Declarations, doc: dict, source: str, line: int,
                  u16: int, answer, found: list) -> tuple[list, str]:
    """The definitions a call of a variable reaches: the function or method it is bound to
    (`append = lines.append`), the class of `cls` (`type[Self@C]`: C), else its type's definition
    (a class for `type[C]`, the `__call__` of C for an instance of C)."""
    every: list = []                             # a variable bound in several places: each binding
    for path, vline, vchar in locations(answer):
        where = aliased(path, vline, vchar) if path.suffix == ".py" else None
        if where is None:
            break
        bound = server.request("textDocument/definition", {"textDocument": {"uri": uri(path)},
                               "position": {"line": where[0] - 1, "character": where[1]}})
        via = targets(bound, root, decls)
        if wrapped(bound, declared_name(path, *where), root) or not via or any(k == "value" for _, _, k in via):
            break
        every += [t for t in via if t not in every]
    else:
        if every:
            return every, "alias"
    at = {"textDocument": doc, "position": {"line": line - 1, "character": u16}}
    hover = json.dumps(server.request("textDocument/hover", at))
    selfish = re.search(r"type\[Self@(\w+)\]", hover)
    owner = enclosing_class(source, line) if selfish else None
    if owner is not None and owner[1] == selfish[1]:
        text = source.encode("utf-8").splitlines()[owner[0] - 1]
        char = utf16(text, text.find(b"class ") + len(b"class "))
        return targets([{"uri": doc["uri"], "range": {"start": {"line": owner[0] - 1, "character": char}}}],
                       root, decls), "self"
    instance = "type[" not in hover and "(class)" not in hover
    typed = targets(server.request("textDocument/typeDefinition", at), root, decls, instance)
    if typed and all(k != "value" for _, _, k in typed):
        return typed, "instance" if instance else "type"
    return found, "definition"


def main(argv: list[str]) -> None:
    command, root = argv[0], Path(os.path.realpath(argv[1]))
    files = argv[2:]
    server = started(command, root)
    decls = Declarations(server, root)
    try:
        for rel in files:
            path = root / rel
            source = path.read_text(encoding="utf-8", errors="replace")
            try:
                sites = call_sites(source)
            except SyntaxError:
                continue
            doc = {"uri": uri(path)}
            server.notify("textDocument/didOpen", {"textDocument": {**doc, "languageId": "python", "version": 1,
                                                                    "text": source}})
            boxes = [server.ask("textDocument/definition", {"textDocument": doc,
                                                            "position": {"line": line - 1, "character": u16}})
                     for line, _, u16, _, _ in sites]
            for (line, col, u16, name, form), box in zip(sites, boxes):
                answer = box.get(timeout=600).get("result")
                found = targets(answer, root, decls)
                why = "definition"
                at = {"textDocument": doc, "position": {"line": line - 1, "character": u16}}
                if wrapped(answer, name, root):
                    found, why = [], "wrapped"
                elif found and all(k == "value" for _, _, k in found):
                    found, why = value_targets(server, root, decls, doc, source, line, u16, answer, found)
                print(json.dumps({"file": rel, "line": line, "col": col, "name": name, "form": form,
                                  "targets": found, "why": why}), flush=True)
            server.notify("textDocument/didClose", {"textDocument": doc})
    finally:
        server.close()


if __name__ == "__main__":
    main(sys.argv[1:])
