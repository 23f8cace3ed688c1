"""What runs for a declaration pyright names in a `.pyi` stub that the project ships beside a `.py` of
the same module, as pyright says: the `.py` module's binding of that name (`ib = attr = attrib`,
`from ._make import fields`, a `def`), asked of `pyright-langserver --stdio` with
`textDocument/definition` at the bound name, followed through aliases (`name = f`) and through further
stubs beside their `.py` until a `def` or `class`. A method of a stub's class is looked up in the body
of the class the `.py` binds. graphmind's index is not asked. Driven by scripts/score_python_types.py.

Usage: python scripts/pyright_stub_runs.py LANGSERVER ROOT < QUERIES
A query is a JSON line [stub file relative to ROOT, 1-based line, called name]; the answer, one JSON line
per query: {stub, line, name, runs: [[file, line, kind], ...]} (kinds as scripts/pyright_oracle.py's).
"""
from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path

from pyright_lsp import Server, started, uri
from pyright_oracle import Declarations, aliased, declared_name, locations, targets, utf16


def parsed(path: Path) -> tuple[list[bytes], ast.Module] | None:
    try:
        source = path.read_bytes()
        return source.splitlines(), ast.parse(source)
    except (OSError, SyntaxError, ValueError):
        return None


def declared(tree: ast.Module, line: int, name: str) -> tuple[list[str], str] | None:
    """The classes around the declaration a stub's line holds and the name it declares there: the
    called name when the line binds it (`ib = attr = attrib`), else the `def`/`class` of the line."""
    def walk(body: list, outer: list[str]):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.lineno == line:
                return outer, node.name
            if isinstance(node, ast.Assign) and node.lineno == line and any(
                    isinstance(t, ast.Name) and t.id == name for t in node.targets):
                return outer, name
            if isinstance(node, (ast.AnnAssign,)) and node.lineno == line and isinstance(node.target, ast.Name):
                return outer, node.target.id
            if isinstance(node, ast.ClassDef) and node.lineno < line <= (node.end_lineno or 0):
                return walk(node.body, outer + [node.name])
            if isinstance(node, (ast.If, ast.Try)) and node.lineno <= line <= (node.end_lineno or 0):
                for part in (node.body, getattr(node, "orelse", []), getattr(node, "finalbody", []),
                             *[h.body for h in getattr(node, "handlers", [])]):
                    found = walk(part, outer)
                    if found:
                        return found
        return None
    return walk(tree.body, [])


def bindings(lines: list[bytes], body: list, name: str) -> list[tuple]:
    """Where a module (or class) body binds a name, as (1-based line, UTF-16 column) of the name pyright
    is asked about: a `def`/`class` name, the value of `name = other`, the imported name of `from m import name`;
    for an import also the position of the module's name and the name imported (else None)."""
    out: list[tuple] = []
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            text = lines[node.lineno - 1]
            out.append((node.lineno, utf16(text, text.find(name.encode(), node.col_offset)), None))
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            value = node.value
            if isinstance(value, ast.Name):
                out.append((value.lineno, utf16(lines[value.lineno - 1], value.col_offset), None))
            elif isinstance(value, ast.Attribute) and value.end_lineno is not None:
                at = value.end_col_offset - len(value.attr.encode("utf-8"))
                out.append((value.end_lineno, utf16(lines[value.end_lineno - 1], at), None))
        elif isinstance(node, ast.ImportFrom):
            text = lines[node.lineno - 1]
            at = text.find(b"from", node.col_offset) + len(b"from")
            while at < len(text) and text[at:at + 1] in b" .":
                at += 1
            module = (node.lineno, utf16(text, at)) if node.module else None
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    out.append((alias.lineno, utf16(lines[alias.lineno - 1], alias.col_offset),
                                module and (*module, alias.name)))
        elif isinstance(node, (ast.If, ast.Try)):
            for part in (node.body, node.orelse, getattr(node, "finalbody", []),
                         *[h.body for h in getattr(node, "handlers", [])]):
                out += bindings(lines, part, name)
    return out


class Runs:
    def __init__(self, server: Server, root: Path):
        self.server, self.root, self.decls = server, root, Declarations(server, root)
        self.open: set[tuple] = set()
        self.seen: set[Path] = set()                # stubs being followed: no cycle

    def opened(self, path: Path) -> None:
        """Pyright answers of an open document only."""
        if path not in self.seen:
            self.seen.add(path)
            self.server.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri(path), "languageId": "python", "version": 1,
                "text": path.read_text(encoding="utf-8", errors="replace")}})

    def definition(self, path: Path, line: int, char: int) -> list[list]:
        """The defs and classes pyright's definition at a position reaches, through aliases and stubs."""
        for _ in range(10):
            self.opened(path)
            answer = self.server.request("textDocument/definition", {
                "textDocument": {"uri": uri(path)}, "position": {"line": line - 1, "character": char}})
            out = []
            for loc in locations(answer):
                if loc[0].suffix == ".pyi":             # a stub beside its `.py`: what that binds; else the stub
                    out += self.stub(loc[0], loc[1], declared_name(*loc)) or targets(
                        [{"uri": uri(loc[0]), "range": {"start": {"line": loc[1] - 1, "character": loc[2]}}}],
                        self.root, self.decls)
                    continue
                kind = self.decls.kind(*loc)
                if kind != "value":
                    out += targets([{"uri": uri(loc[0]), "range": {"start": {"line": loc[1] - 1, "character": loc[2]}}}],
                                   self.root, self.decls)
                elif (where := aliased(*loc)) is not None and len(locations(answer)) == 1:
                    path, (line, char) = loc[0], where
                    break
            else:
                return out
            continue
        return []

    def stub(self, stub: Path, line: int, name: str) -> list[list]:
        """What the `.py` beside a stub binds the name the stub declares at a line to."""
        got, have = parsed(stub), parsed(stub.with_suffix(".py"))
        where = declared(got[1], line, name) if got is not None and have is not None else None
        if where is None or self.root not in stub.parents:
            return []
        outer, own = where
        if not outer:
            return self.named(stub.with_suffix(".py"), have, have[1].body, own)
        out = []
        for f, ln, kind in self.named(stub.with_suffix(".py"), have, have[1].body, outer[0]):
            found = parsed(self.root / f) if kind == "class" else None
            cls = next((n for n in ast.walk(found[1]) if isinstance(n, ast.ClassDef) and n.lineno == ln), None) if found else None
            for inner in outer[1:]:
                cls = next((n for n in (cls.body if cls else []) if isinstance(n, ast.ClassDef) and n.name == inner), None)
            if cls is not None:
                out += self.named(self.root / f, found, cls.body, own)
        return out

    def named(self, module: Path, have: tuple, body: list, name: str) -> list[list]:
        """The defs and classes a body of a `.py` module binds a name to. `from m import name` of a module
        m that has a stub beside its `.py`: what m's `.py` binds the name to (pyright would answer the stub)."""
        key = (module, body[0].lineno if body else 0, name)
        if key in self.open:                    # a cycle of imports: nothing
            return []
        self.open.add(key)
        out = []
        try:
            for line, char, via in bindings(have[0], body, name):
                self.opened(module)
                place = locations(self.server.request("textDocument/definition", {
                    "textDocument": {"uri": uri(module)}, "position": {"line": via[0] - 1, "character": via[1]}})) if via else []
                stubbed = [p for p, _, _ in place if p.suffix == ".pyi" and self.root in p.parents]
                other = stubbed[0] if stubbed else None      # pyright names a module's stub and its `.py`
                if other is not None and (found := parsed(other.with_suffix(".py"))) is not None:
                    out += self.named(other.with_suffix(".py"), found, found[1].body, via[2])
                else:
                    out += self.definition(module, line, char)
        finally:
            self.open.discard(key)
        return out


def main(argv: list[str]) -> None:
    command, root = argv[0], Path(os.path.realpath(argv[1]))
    server = started(command, root)
    runs = Runs(server, root)
    try:
        for query in map(json.loads, sys.stdin.read().splitlines()):
            stub, line, name = query
            found = runs.stub(root / stub, line, name)
            unique = [t for i, t in enumerate(found) if t not in found[:i]]
            print(json.dumps({"stub": stub, "line": line, "name": name, "runs": unique}), flush=True)
    finally:
        server.close()


if __name__ == "__main__":
    main(sys.argv[1:])
