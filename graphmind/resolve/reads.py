"""Reads of module- and class-level variables and constants: a name (`LIMIT`), a module path
(`config.LIMIT`, `pkg.mod.LIMIT`) or a class path (`Color.RED`, through the MRO) to the variable it
reads, as a `read` edge.

The variables live in `Tables.variables`, apart from the names calls resolve by, so no call is
resolved differently because they are definitions. A read that reaches a workspace definition
that is not a variable (a class, a function, a module) or runs through the workspace and finds
nothing at its end is kept as one hidden `unresolved` row, so that a variable added (or a
definition turned into one) later re-opens it by name and an incremental index equals a clean one;
a read of a local or parameter, a builtin or anything outside the workspace leaves no row.
"""
from __future__ import annotations

from graphmind import edgekinds as K
from graphmind.languages import PACKAGE_SCOPED
from graphmind.resolve.calltext import path_parts
from graphmind.resolve.hooks import hooks_for
from graphmind.resolve.memo import UNSEEN
from graphmind.resolve.tables import CLASS_KINDS, VARIABLE_KINDS

MISSING = object()           # the path is in the workspace and names nothing there
Found = "tuple[str, int | str] | object | None"   # (resolution, symbol id or module name), MISSING, or None


def read_edges(r, caller: int, callee: str) -> list[tuple]:
    """The edge of one read site: (target, resolution, 0, `read`), a hidden unresolved row, or none."""
    t = r.t
    if caller not in t.syms:
        return []
    parts = path_parts(callee.strip())
    python = t.lang.get(t.syms[caller].file) == "python"
    if python:
        key = (caller, parts[0])
        found = r.heads.get(key, UNSEEN)
        if found is UNSEEN:               # a function reads `self.…` many times: its head is looked up once
            found = r.heads[key] = _head(r, caller, parts[0])
    else:
        found = _head_other(r, caller, parts[0])
    for part in parts[1:]:
        if not isinstance(found, tuple) or _is_variable(t, found[1]):
            break
        nxt = _member(r, found[1], part)
        found = (found[0], nxt) if isinstance(nxt, (int, str)) else nxt
    if isinstance(found, tuple) and _is_variable(t, found[1]):
        return [(found[1], found[0], 0, K.READ)]
    if found is MISSING or isinstance(found, tuple) and (isinstance(found[1], int) or found[1] in t.by_qual):
        return [(None, "unresolved", 0, K.READ)]     # kept: that definition may become a variable
    return []


def _is_variable(t, target) -> bool:
    return isinstance(target, int) and t.syms[target].kind in VARIABLE_KINDS


def _head(r, scope: int, name: str) -> Found:
    """What a bare name read in a scope is: a variable, a definition or module to read a member of,
    MISSING, or None (a local, or nothing of the workspace)."""
    t, s, first = r.t, scope, True
    while s is not None:
        sym = t.syms.get(s)
        if sym is None:
            return None
        if first or sym.kind not in CLASS_KINDS:     # class bodies are not seen from nested scopes
            var = t.variables.get(s, {}).get(name)
            if var is not None:
                return ("local", var)
            child = t.children.get(s, {}).get(name)
            if sym.kind != "module" and sym.kind not in CLASS_KINDS:
                kinds = {kind for kind, _ in t.bindings.get(s, {}).get(name, ())}
                if child is not None or kinds and "global" not in kinds:
                    return None                       # the function's own name (`global x` is not)
            elif child is not None:
                return ("local", child)
            imp = r.import_of(s, name)
            if imp is not None:
                return _imported(r, *imp)
            if sym.parent is None:
                for star in t.stars.get(s, ()):
                    var = _variable_in(t, star, name, set())
                    if var is not None:
                        return ("import", var)
        first = False
        s = sym.parent
    return None


def _head_other(r, scope: int, name: str) -> Found:
    """A bare name outside Python: a variable of an enclosing class (or its bases), module or package,
    unless a function binds it first; else what the language's lookup finds (a class, a package, an
    import), or a variable a module it imports defines."""
    t, s = r.t, scope
    while s is not None:
        sym = t.syms.get(s)
        if sym is None:
            return None
        var = t.variables.get(s, {}).get(name)
        if sym.kind in CLASS_KINDS:
            var = next((v for v in (t.variables.get(c, {}).get(name) for c in r.mro(s)) if v is not None), None)
        elif sym.kind == "module" and var is None:      # another file of the package (Go)
            var = t.variable_quals.get(f"{sym.qualname}.{name}")
        elif sym.kind not in ("module", "namespace") and name in t.bindings.get(s, {}):
            return None                                 # a local or a parameter
        if var is not None:
            return ("local" if t.syms[var].file == t.syms[scope].file else "import", var)
        s = sym.parent
    answer = r.lookup(scope, name)
    if answer is not None and isinstance(answer[1], int):
        return (answer[0], answer[1])
    if answer is not None and answer[0] == "module" and isinstance(answer[1], str):
        return ("import", answer[1])
    found = _imported_other(r, scope, name)
    if found is None and answer is None and t.lang.get(t.syms[scope].file) in PACKAGE_SCOPED:
        return MISSING          # a package-level name another file may define later
    return found


def _imported_other(r, scope: int, name: str) -> Found:
    """`import { LIMIT } from "./config"`: the variable of the module the import names, if any."""
    t, s = r.t, scope
    while s is not None and s in t.syms:
        imp = t.imports.get(s, {}).get(name)
        if imp is not None and imp[1] is not None:
            hooks = hooks_for(t.lang.get(t.syms[scope].file, ""))
            answer = hooks.resolve_import(r, t.syms[scope].file, s, imp[0], None) \
                if hooks is not None and hooks.resolve_import is not None else None
            if answer is None or answer[1] is None:
                return None
            module = t.syms[answer[1]].qualname if isinstance(answer[1], int) else answer[1]
            var = t.variable_quals.get(f"{module}.{imp[1]}")
            return ("import", var) if var is not None else MISSING
        s = t.syms[s].parent
    return None


def _imported(r, module: str, symbol: str | None) -> Found:
    """What an import binding gives a read: a variable, a definition, a module, MISSING or None."""
    t = r.t
    if symbol is None:
        return ("import", module) if module in t.packages else None
    var = _variable_in(t, module, symbol, set())
    if var is not None:
        return ("import", var)
    how, hit = r.via_import(module, symbol)
    if how == "module" or how == "import" and isinstance(hit, int):
        return ("import", hit)
    return MISSING if how in ("bound", "unresolved") else None


def _variable_in(t, module: str, name: str, seen: set[str]) -> int | None:
    """A module's variable as seen from outside it, following re-exports and star imports."""
    msym = t.by_qual.get(module)
    if msym is None or module in seen:
        return None
    seen.add(module)
    var = t.variables.get(msym, {}).get(name)
    if var is not None:
        return var
    imp = t.imports.get(msym, {}).get(name)
    if imp is not None and imp[1] is not None:
        return _variable_in(t, imp[0], imp[1], seen)
    for star in t.stars.get(msym, ()):
        var = _variable_in(t, star, name, seen)
        if var is not None:
            return var
    return None


def _member(r, cur: int | str, part: str) -> int | str | object | None:
    """`cur.part`: a variable, submodule or definition (int id or module name), MISSING, or None."""
    t = r.t
    if isinstance(cur, int) and t.syms[cur].kind == "module":
        cur = t.syms[cur].qualname
    if isinstance(cur, str):
        var = _variable_in(t, cur, part, set()) or t.variable_quals.get(f"{cur}.{part}")
        if var is not None:
            return var
        if f"{cur}.{part}" in t.packages:
            return f"{cur}.{part}"
        hit = r.in_module(cur, part, set())
        if hit is not None:
            return hit
        return MISSING if cur in t.by_qual else None
    if t.syms[cur].kind in CLASS_KINDS:
        for cls in r.mro(cur):
            var = t.variables.get(cls, {}).get(part)
            if var is not None:
                return var
        hit = r.member(cur, part)
        return hit if hit is not None else MISSING
    return MISSING
