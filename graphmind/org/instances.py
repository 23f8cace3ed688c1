"""What a library's module-level instances and returned functions stand for, published as aliases so that
another repository's use binds at query time (org/walk.py), as type flow binds it inside one workspace:

- `MARK_GEN = MarkGenerator()` (pytest), or `current_app: Flask = LocalProxy(…)` (flask: the annotation
  wins): `pytest.mark` -> `MarkGenerator()`, an instance (the walk reads a path through any instance of the
  class, another repository's base's methods too: `flask.request.get_json`); `pytest.mark.clear` -> `MarkGenerator.clear` for each method the class (or its base here)
  defines, under every name the repository re-exports the instance by;
  `pytest.mark.parametrize` -> `_ParametrizeMarkDecorator.__call__` for a class-level attribute annotated
  (or assigned) with a class that has `__call__`; and `pytest.mark.parametrize()` -> the `__call__` of the
  class that `__call__` is annotated to return (`@pytest.mark.parametrize(…)` applies a MarkDecorator);
- `def fixture(…): def decorator(fn): …; return decorator`: `fixture()` -> `fixture.decorator` (the
  value `@fixture(scope=…)` applies), under its re-exported names too;
- a path standing for an instance of a class with `__call__` (org/chains.py: `click.command()`, whose
  first overload is annotated `-> Command`): the path -> that `__call__` (`@click.command(…)` applies it).

A key ending in `()` names the value of a call; a use ends in one only for a decorator written with
arguments (org/export.py)."""
from __future__ import annotations

import re

import apsw

from graphmind.org.chains import bases_here, hierarchy

_CALLED = re.compile(r"^([A-Za-z_][\w.]*)\s*\(.*\)$", re.S)
_NAMED = re.compile(r"^[\"']?([A-Za-z_][\w.]*)[\"']?$")
MAX_NAMES = 16               # names one instance is re-exported under, at most
CALL = "__call__"


def _names(qual: str, by_target: dict[str, list[str]]) -> list[str]:
    """`qual` and every key this repository's aliases lead to it from (re-exports of re-exports)."""
    out = [qual]
    for name in out:
        out += [k for k in by_target.get(name, ()) if k not in out and len(out) < MAX_NAMES]
    return out


class _Classes:
    """This repository's classes: their methods, bases, class-level attributes' classes, returns."""

    def __init__(self, conn: apsw.Connection, imports) -> None:
        self.imports = imports
        self.ids = {q: (sid, f) for sid, q, f in conn.execute("SELECT id, qualname, file_id FROM symbols WHERE kind = 'class'")}
        self.qual = {sid: q for q, (sid, _) in self.ids.items()}
        self.methods: dict[int, dict[str, str]] = {}
        for parent, name, qual in conn.execute(
                "SELECT parent_id, name, qualname FROM symbols WHERE kind IN ('method', 'function')"
                " AND parent_id IN (SELECT id FROM symbols WHERE kind = 'class') ORDER BY id"):
            self.methods.setdefault(parent, {}).setdefault(name, qual)
        self.bases = bases_here(conn)
        self.returned: dict[str, str] = {}               # `N().f()` -> the class f returns (org/chains.py)
        self.attrs: dict[int, dict[str, str]] = {}        # class -> attribute -> class qualname
        self.returns: dict[str, str] = {}                # method qualname -> class qualname it is annotated with
        for file_id, scope, kind, name, value, skind, squal in conn.execute(
                "SELECT b.file_id, b.scope_id, b.kind, b.name, b.value, s.kind, s.qualname FROM bindings b"
                " JOIN symbols s ON s.id = b.scope_id WHERE (s.kind = 'class' AND b.kind IN ('annot', 'assign'))"
                " OR (s.kind = 'method' AND s.name = '__call__' AND b.kind = 'returns') ORDER BY b.id"):
            match = (_NAMED if kind != 'assign' else _CALLED).match(value.strip())
            module = squal.rsplit(".", 1 if skind == "class" else 2)[0]
            cls = self.resolve(file_id, scope, module, match.group(1)) if match else None
            if cls and skind == "class":
                self.attrs.setdefault(scope, {}).setdefault(name, cls)
            elif cls:
                self.returns.setdefault(squal, cls)

    def resolve(self, file_id: int, scope: int, module: str, written: str) -> str | None:
        """The class of this repository a name written in a module's scope names."""
        for qual in (f"{module}.{written}", self.imports.key(file_id, scope, written)):
            if qual in self.ids:
                return qual
        return None

    def hierarchy(self, cls: int) -> list[int]:
        return hierarchy(self.bases, cls)

    def member(self, cls: int, name: str) -> str | None:
        return next((self.methods[c][name] for c in self.hierarchy(cls) if name in self.methods.get(c, {})), None)

    def instance(self, name: str, cls_qual: str, depth: int = 1) -> list[tuple]:
        """Aliases for the paths through `name`, an instance of `cls_qual`: its methods, its call's value,
        its attributes' (one level)."""
        cls = self.ids[cls_qual][0]
        out, seen = [], set()
        for c in self.hierarchy(cls):
            for method, qual in self.methods.get(c, {}).items():
                if method not in seen and not method.startswith("__"):
                    out.append((f"{name}.{method}", qual))
                    # what it returns (org/chains.py), here or another repository's (`current_app.create_url_adapter()`)
                    returned = self.returned.get(f"{self.qual[c]}().{method}()")
                    out += [(f"{name}.{method}()", returned)] if returned else []
                seen.add(method)
        call = self.member(cls, CALL)
        returned = self.returns.get(call or "")
        applied = self.member(self.ids[returned][0], CALL) if returned else None
        out += [(f"{name}()", applied)] if applied else []
        if depth:
            for c in reversed(self.hierarchy(cls)):
                for attr, of in self.attrs.get(c, {}).items():
                    attr_call = self.member(self.ids[of][0], CALL)
                    out += [(f"{name}.{attr}", attr_call)] if attr_call else []
                    out += self.instance(f"{name}.{attr}", of, depth - 1)
        return out


def instance_aliases(conn: apsw.Connection, imports, aliases: list[tuple]) -> list[tuple]:
    """The aliases of the module's docstring, given this repository's other aliases (its re-exports)."""
    by_target: dict[str, list[str]] = {}
    for key, target in aliases:
        if "(" not in key:
            by_target.setdefault(target, []).append(key)
    classes = _Classes(conn, imports)
    classes.returned = {key: target for key, target in aliases if key.endswith("()")}
    out = []
    values: dict[tuple, list[tuple[str, str]]] = {}
    for file_id, scope, module, name, kind, value in conn.execute(
            "SELECT b.file_id, b.scope_id, m.qualname, b.name, b.kind, b.value FROM bindings b"
            " JOIN symbols m ON m.id = b.scope_id WHERE m.kind = 'module' AND b.kind IN ('assign', 'annot')"
            " ORDER BY b.scope_id, b.name, b.id"):
        values.setdefault((file_id, scope, module, name), []).append((kind, value.strip()))
    for (file_id, scope, module, name), found in values.items():
        # `current_app: Flask = LocalProxy(…)`: the annotation; else `MARK_GEN = MarkGenerator()`, assigned once
        annotated = [_NAMED.match(v) for k, v in found if k == "annot"]
        assigned = [_CALLED.match(v) for k, v in found if k == "assign"]
        match = annotated[0] if annotated else assigned[0] if len(assigned) == 1 else None
        cls = classes.resolve(file_id, scope, module, match.group(1)) if match else None
        for alias in _names(f"{module}.{name}", by_target) if cls else ():
            out += [(alias, f"{cls}()")] + classes.instance(alias, cls)
    returned: dict[int, list[str]] = {}      # `return decorator`, the function defined inside: one return only
    for scope, value in conn.execute("SELECT scope_id, value FROM bindings WHERE kind = 'return' ORDER BY id"):
        returned.setdefault(scope, []).append(value.strip())
    inner = {(parent, name): qual for parent, name, qual in conn.execute(
        "SELECT parent_id, name, qualname FROM symbols WHERE kind = 'function' AND parent_id IS NOT NULL")}
    functions = dict(conn.execute("SELECT id, qualname FROM symbols WHERE kind = 'function'"))
    for fn, values in sorted(returned.items()):
        found = inner.get((fn, values[0])) if len(values) == 1 and fn in functions else None
        out += [(f"{alias}()", found) for alias in _names(functions[fn], by_target)] if found else []
    for key, target in aliases:          # `click.command()` stands for a Command: applying it runs its `__call__`
        call = classes.member(classes.ids[target][0], CALL) if key.endswith("()") and target in classes.ids else None
        out += [(key, call)] if call else []
    return list(dict.fromkeys(out))
