"""Names and dotted paths as a resolver sees them from a scope: enclosing scopes, imports (re-exports
and star imports followed), modules and class members; memoized for one resolve pass."""
from __future__ import annotations

import builtins

from graphmind.languages import family
from graphmind.resolve.calltext import path_parts
from graphmind.resolve.hooks import LanguageHooks, hooks_for
from graphmind.resolve.memo import UNSEEN
from graphmind.resolve.tables import CALLABLE_KINDS, CLASS_KINDS, Tables, is_stub

PY_BUILTINS = frozenset(dir(builtins))


def merged_type(t: Tables, sid: int) -> int:
    """The class or interface a namespace, function, constant or constructor shares its name with (TypeScript's
    `interface Ref<A>` and `namespace Ref`, `function $constructor`; Java's constructor `Style()`, which
    a class nested in Style finds first by the name), which a type or a base names; else `sid`."""
    sym = t.syms[sid]
    if sym.kind == "constructor" and sym.parent is not None and t.syms[sym.parent].name == sym.name:
        return sym.parent
    if sym.kind in CLASS_KINDS or sym.qualname not in t.dup_quals:
        return sid
    return next((d for d in t.dup_quals.get(sym.qualname, ()) if t.syms[d].kind in CLASS_KINDS
                 and t.syms[d].file == sym.file), sid)


def merged_twins(t: Tables, cls: int) -> list[int]:
    """The other classes and interfaces of a class's name in its TypeScript/JavaScript file (`interface RouterCore<…>`
    beside `class RouterCore<…>`): declaration merging gives each the other's members."""
    ids = t.dup_quals.get(t.syms[cls].qualname)
    if not ids or family(t.lang.get(t.syms[cls].file, "")) != "ecmascript":
        return []
    return [d for d in ids if d != cls and t.syms[d].kind in CLASS_KINDS and t.syms[d].file == t.syms[cls].file]


def beside_literal(t: Tables, member: int) -> int | None:
    """For a JS/TS object literal's member (a `method` outside any class), the definition of the same
    name in the same scope that is no such member (`export const toJSON = …` beside `{ toJSON() {…} }`),
    which the name means there; None when there is none."""
    parent = t.syms[member].parent
    return next((d for d in reversed(t.dup_quals.get(t.syms[member].qualname, ()))
                 if t.syms[d].kind != "method" and t.syms[d].parent == parent), None)


class Scopes:
    """The name half of the resolver (mixed into Resolver, with ClassHierarchy for `member`)."""
    t: Tables

    def _init_scopes(self, lookups: dict | None = None) -> None:
        """Empty memos (`lookups`: the scope lookups to keep, as answered so far)."""
        self._lookups: dict[tuple[int, str], tuple | None] = lookups if lookups is not None else {}
        self._outers: dict[tuple[int, str], tuple | None] = {}    # lookup's answers from an enclosing scope on
        self._outside: dict[tuple[str, str], int | None] = {}     # in_module's answers (asked with nothing seen)
        self._paths: dict[tuple[int, str], tuple | None] = {}     # resolve_path's answers
        self.heads: dict[tuple[int, str], object] = {}           # the head of a Python read, by scope (reads.py)
        self._stubbed: dict[int, int] | None = None               # stub_declaring's answers, read once a pass

    # -- names ---------------------------------------------------------------------------------
    def lookup(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
        """What a bare name means in a scope: (resolution, symbol id or None), or None if unknown."""
        key = (scope, name)
        hit = self._lookups.get(key, UNSEEN)
        if hit is UNSEEN:
            hit = self._lookups[key] = self._lookup(scope, name)
        return hit

    def _lookup(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
        t = self.t
        python = t.lang.get(t.syms[scope].file) == "python" if scope in t.syms else False
        return self._walk_scopes(scope, scope, name, True, python)

    def _outer(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
        """A Python name looked up from an enclosing scope on (a class body not seen): shared by every
        scope nested in it, memoized for the pass."""
        key = (scope, name)
        hit = self._outers.get(key, UNSEEN)
        if hit is UNSEEN:
            hit = self._outers[key] = self._walk_scopes(scope, scope, name, False, True)
        return hit

    def _walk_scopes(self, scope: int, s: int | None, name: str, first: bool, python: bool):
        t = self.t
        while s is not None:
            sym = t.syms.get(s)
            if sym is None:
                break
            visible = first or sym.kind not in CLASS_KINDS
            if visible:
                child = t.children.get(s, {}).get(name)
                if child is not None and sym.kind not in CLASS_KINDS and t.syms[child].kind == "method" \
                        and family(t.lang.get(sym.file, "")) == "ecmascript":
                    child = beside_literal(t, child)   # an object literal's member is no name in scope
                if child is not None:
                    if python and name in t.bindings.get(s, {}):
                        return ("bound", None)         # also rebound: let the evaluator decide
                    return ("local", child)
                if python and name in t.bindings.get(s, {}):
                    return ("bound", None)
                imp = self.import_of(s, name) if python else t.imports.get(s, {}).get(name)
                if imp is not None:
                    if python:
                        return self.via_import(*imp)
                    hooks = self._hooks(scope)
                    if hooks is not None and hooks.resolve_import is not None:
                        answer = hooks.resolve_import(self, t.syms[scope].file, s, *imp)
                        if answer is not None:
                            return answer
            if sym.parent is None and python:
                for star in t.stars.get(s, ()):
                    hit = self.in_module(star, name, set())
                    if hit is not None:
                        return ("import", hit)
            first = False
            s = sym.parent
            if python and s is not None:
                return self._outer(s, name)
        if python and name in PY_BUILTINS:
            return ("builtin", None)
        hooks = None if python else self._hooks(scope)
        if hooks is not None and hooks.visible is not None:
            return hooks.visible(self, scope, name)
        return None

    def _hooks(self, scope: int) -> LanguageHooks | None:
        sym = self.t.syms.get(scope)
        return hooks_for(self.t.lang.get(sym.file, "")) if sym is not None else None

    def via_import(self, module: str, symbol: str | None) -> tuple[str, int | str | None]:
        """An import binding: a definition id, a module name ('module', name), or external."""
        if symbol is None:
            return ("module", module) if module in self.t.packages else ("external", None)
        hit = self.in_module(module, symbol, set())
        if hit is not None:
            return ("import", hit)
        sub = f"{module}.{symbol}"
        if sub in self.t.packages:
            return ("module", sub)
        if self.binding_owner(module, symbol) is not None:
            return ("bound", None)            # a variable of a workspace module: the evaluator types it
        return ("unresolved", None) if module in self.t.by_qual else ("external", None)

    def binding_owner(self, module: str, name: str, seen: set[str] | None = None) -> int | None:
        """The workspace module scope where a module-level variable seen as `module.name` is bound,
        following re-exports (`from .globals import current_app`) and star imports."""
        seen = seen if seen is not None else set()
        msym = self.t.by_qual.get(module)
        if msym is None or module in seen:
            return None
        seen.add(module)
        if name in self.t.bindings.get(msym, {}):
            return msym
        imp = self.t.imports.get(msym, {}).get(name)
        if imp is not None and imp[1] is not None:
            return self.binding_owner(imp[0], imp[1], seen)
        for star in self.t.stars.get(msym, ()):
            owner = self.binding_owner(star, name, seen)
            if owner is not None:
                return owner
        return None

    def in_module(self, module: str, name: str, seen: set[str]) -> int | None:
        """A name as seen from outside a module: its definitions, submodules, and re-exports (the
        answer to a first question, nothing seen yet, memoized for the pass)."""
        if not seen:
            key = (module, name)
            hit = self._outside.get(key, UNSEEN)
            if hit is UNSEEN:
                hit = self._outside[key] = self._in_module(module, name, seen)
            return hit
        return self._in_module(module, name, seen)

    def _in_module(self, module: str, name: str, seen: set[str]) -> int | None:
        if module in seen:
            return None
        seen.add(module)
        t = self.t
        hit = t.by_qual.get(f"{module}.{name}")
        msym = t.by_qual.get(module)
        if hit is not None and (msym is None or not self._stub_of(hit, msym)):
            return hit
        if msym is None:
            return None
        imp = t.imports.get(msym, {}).get(name)
        if imp is not None:
            mod, sym = imp
            return t.by_qual.get(mod) if sym is None else self.in_module(mod, sym, seen)
        for star in t.stars.get(msym, ()):
            found = self.in_module(star, name, seen)
            if found is not None:
                return found
        return hit if name not in t.bindings.get(msym, {}) else None

    def stub_declaring(self, fn: int) -> int | None:
        """The `.pyi` declaration that types a definition's calls (what a type checker reads) where a module's
        stub declares a name its `.py` binds to `fn` (attrs' `attr.s` for `attr._make.attrs`); else None."""
        if self._stubbed is None:
            t, self._stubbed = self.t, {}
            stubs = sorted((t.paths[fid], msym) for fid, msym in t.file_module.items() if t.paths.get(fid, "")
                           .endswith(".pyi") and not is_stub(t, t.by_qual.get(t.syms[msym].qualname, msym)))
            for _, msym in stubs:                  # by path: the same answer whatever order files came in
                module = t.syms[msym].qualname
                for name, sid in sorted(t.children.get(msym, {}).items()):
                    hit = self.in_module(module, name, set())
                    if hit is not None and not is_stub(t, hit) and t.syms[hit].kind in CALLABLE_KINDS:
                        self._stubbed.setdefault(hit, t.by_qual.get(t.syms[sid].qualname, sid))
        return self._stubbed.get(fn)

    def _stub_of(self, hit: int, msym: int) -> bool:
        """Whether a definition is declared in the `.pyi` stub of a module whose `.py` the tables bind
        (`msym`): names then bind through the `.py` (its imports, its variables), the stub only for the
        names it does not bind at all (issue 34: what runs is the implementation)."""
        t = self.t
        return is_stub(t, hit) and not is_stub(t, msym) and t.syms[t.file_module.get(t.syms[hit].file, msym)].qualname \
            == t.syms[msym].qualname

    # -- paths ---------------------------------------------------------------------------------
    def resolve_path(self, scope: int, dotted: str) -> tuple[str, int | None] | None:
        """Resolve `a.b.c` from a scope: the head by scope lookup, the rest by member access (memoized for the pass)."""
        key = (scope, dotted)
        hit = self._paths.get(key, UNSEEN)
        if hit is UNSEEN:
            hit = self._paths[key] = self._resolve_path(scope, dotted)
        return hit

    def _resolve_path(self, scope: int, dotted: str) -> tuple[str, int | None] | None:
        parts = path_parts(dotted.strip())
        head = self.lookup(scope, parts[0])
        if head is None or head[1] is None:
            return head
        how, cur = head
        rest = list(parts[1:])
        if how == "module":                      # walk submodules by name, then into the module
            mod, how = cur, "import"
            while rest and f"{mod}.{rest[0]}" in self.t.packages:
                mod = f"{mod}.{rest.pop(0)}"
            if not rest:
                sid = self.t.by_qual.get(mod)
                return (how, sid) if sid is not None else ("external", None)
            cur = self.in_module(mod, rest.pop(0), set())
            if cur is None:
                return ("external", None) if mod not in self.t.by_qual else None
        if rest and self.t.syms[cur].kind == "constructor":     # `Outer.Inner` inside Outer, which has an `Outer()`
            cur = merged_type(self.t, cur)
        for part in rest:
            sym = self.t.syms[cur]
            if sym.kind == "module":
                nxt = self.in_module(sym.qualname, part, set())
            elif sym.kind in CLASS_KINDS:
                nxt = self.member(cur, part)
            else:
                nxt = None
            if nxt is None:                      # merged declarations (TypeScript's `interface C` and `namespace C`)
                nxt = next((n for d in self.t.dup_quals.get(sym.qualname, ()) for n in [self.t.children.get(d, {}).get(part)] if n), None)
            if nxt is None:
                return None
            cur = nxt
        return (how, cur)
