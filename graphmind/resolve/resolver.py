"""Call sites to definitions: scope, import and class-hierarchy aware, honest about what it cannot know.

Every pending call row becomes one or more rows with a resolution:
  local     the name is defined in an enclosing scope of the same file
  import    the name reaches a workspace definition through imports (re-exports followed)
  self      `self.m()` / `cls.m()` / `this.m()` / `super().m()` through the class hierarchy
  builtin   a builtin of the language (no edge)
  external  a name imported from outside the workspace (no edge)
  possible  the receiver is unknown: one row per same-named candidate in the same language,
            each carrying the candidate count (a single row with no target when there are too many)
  unresolved nothing in the workspace matches
"""
from __future__ import annotations

import builtins

from graphmind.languages import family
from graphmind.models import MEMBER_READ
from graphmind.resolve.answers import Answers
from graphmind.resolve.calltext import DOTTED, SEP, self_names
from graphmind.resolve.hierarchy import ClassHierarchy
from graphmind.resolve.hooks import LanguageHooks, Rows, hooks_for
from graphmind.resolve.python.evaluator import TypeEval
from graphmind.resolve.tables import CLASS_KINDS, Tables

MAX_CANDIDATE_ROWS = 8
PY_BUILTINS = frozenset(dir(builtins))


class Resolver(ClassHierarchy, Answers):
    """Resolves call sites against loaded tables (implements hooks.Resolving for the language hooks)."""

    def __init__(self, tables: Tables, known_bases: dict[int, list[int]] | None = None,
                 known_subs: dict[int, set[int]] | None = None, dirty: set[int] | None = None):
        """known_bases/known_subs/dirty: see ClassHierarchy (graphmind/resolve/hierarchy.py)."""
        self.t = tables
        self.state: dict[str, object] = {}              # the language hooks' per-pass state
        self._init_hierarchy(known_bases, known_subs, dirty)
        self.forget()
        for lang in sorted(set(tables.lang.values())):
            hooks = hooks_for(lang)
            if hooks is not None and hooks.prepare is not None:
                hooks.prepare(self)

    # -- names ---------------------------------------------------------------------------------
    def lookup(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
        """What a bare name means in a scope: (resolution, symbol id or None), or None if unknown."""
        key = (scope, name)
        if key not in self._lookups:
            self._lookups[key] = self._lookup(scope, name)
        return self._lookups[key]

    def _lookup(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
        t, s, first = self.t, scope, True
        python = t.lang.get(t.syms[scope].file) == "python" if scope in t.syms else False
        while s is not None:
            sym = t.syms.get(s)
            if sym is None:
                break
            visible = first or sym.kind not in CLASS_KINDS
            if visible:
                child = t.children.get(s, {}).get(name)
                if child is not None and sym.kind not in CLASS_KINDS and t.syms[child].kind == "method" \
                        and family(t.lang.get(sym.file, "")) == "ecmascript":
                    child = None                       # an object literal's member is no name in scope
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
        """A name as seen from outside a module: its definitions, submodules, and re-exports."""
        if module in seen:
            return None
        seen.add(module)
        t = self.t
        hit = t.by_qual.get(f"{module}.{name}")
        if hit is not None:
            return hit
        msym = t.by_qual.get(module)
        if msym is None:
            return None
        imp = t.imports.get(msym, {}).get(name)
        if imp is not None:
            mod, sym = imp
            return t.by_qual.get(mod) if sym is None else self.in_module(mod, sym, seen)
        for star in t.stars.get(msym, ()):
            hit = self.in_module(star, name, seen)
            if hit is not None:
                return hit
        return None

    # -- paths ---------------------------------------------------------------------------------
    def resolve_path(self, scope: int, dotted: str) -> tuple[str, int | None] | None:
        """Resolve `a.b.c` from a scope: the head by scope lookup, the rest by member access."""
        parts = SEP.split(dotted.strip())
        head = self.lookup(scope, parts[0])
        if head is None or head[1] is None:
            return head
        how, cur = head
        rest = parts[1:]
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
        for part in rest:
            sym = self.t.syms[cur]
            if sym.kind == "module":
                nxt = self.in_module(sym.qualname, part, set())
            elif sym.kind in CLASS_KINDS:
                nxt = self.member(cur, part)
            else:
                return None
            if nxt is None:
                return None
            cur = nxt
        return (how, cur)

    # -- call sites ----------------------------------------------------------------------------
    def resolve_call(self, caller: int, callee: str, name: str,
                     implicit: int = 0, at: int | None = None) -> Rows:
        """Rows (target, resolution, candidates) for one call site; none for an implicit call not resolved.
        `at`: the point of the caller's body the site is at (`types.point(caller, line)`)."""
        if implicit == MEMBER_READ:
            return self._property_read(caller, callee, name, at)
        rows = self._resolve(caller, callee, name, at=at)
        rows = self.types.with_wrappers(caller, rows)     # a decorated function's wrapper runs too
        if implicit and not any(target is not None and how != "possible" for target, how, _ in rows):
            return []
        return rows

    def _resolve(self, caller: int, callee: str, name: str, types: TypeEval | None = None,
                 at: int | None = None) -> Rows:
        """`types`: the evaluator to use (default: the full one, with parameter <- argument flow)."""
        types = types or self.types
        t = self.t
        lang = t.lang.get(t.syms[caller].file, "") if caller in t.syms else ""
        python = lang == "python"
        text = callee.strip()
        hooks = None if python else hooks_for(lang)
        if hooks is not None and hooks.resolve_call is not None:
            rows = hooks.resolve_call(self, caller, text, name)
            if rows is not None:
                return rows
        if text.startswith("super()") or text.startswith("super(") and ")." in text:
            cls = self.enclosing_class(caller)
            if cls is not None:
                found = self.dispatch(cls, caller, name, True)
                if found:
                    return [(hit, "self", 0) for hit in found]
            return self.possible(lang, name)
        if DOTTED.match(text) or python and text[:1] == "<":         # `<lambda1>`: a lambda's name
            parts = SEP.split(text)
            if parts[0] in self_names(lang) and len(parts) == 2:
                cls = self.enclosing_class(caller)
                found = self.dispatch(cls, caller, name, False) if cls is not None else []
                if found:
                    if python and t.syms[found[0]].kind in CLASS_KINDS:       # self.Node(...): a nested class
                        return [(c, "self", 0) for c in self.constructor(found[0])]
                    return [(hit, "self", 0) for hit in found]
            elif python or len(parts) == 1:
                res = self.resolve_path(caller, text)
                if res is not None and res[0] != "bound":
                    how, target = res
                    if target is None:
                        return [(None, how, 0)]
                    if t.syms[target].kind in CLASS_KINDS and python:
                        return [(c, how, 0) for c in self.constructor(target)]
                    return [(target, how, 0)]
                if res is None and self.lookup(caller, parts[0]) is None:
                    return self.possible(lang, name)       # the head is unknown: nothing to evaluate
                if res is not None and res[0] == "bound" and self._opaque(caller, parts[0], types.flows):
                    return self.possible(lang, name)       # a bare parameter: nothing to evaluate
        if python:
            found = types.targets(caller, text, at)
            if found:
                return [(target, "inferred", 0) for target in found]
        return self.possible(lang, name)

    def _property_read(self, caller: int, callee: str, name: str, at: int | None = None) -> Rows:
        """`obj.attr` read without a call: an edge to the getter (or setter) when attr is a property."""
        if name not in self.t.property_names:
            return []                             # no property has this name: nothing to evaluate
        obj = callee[: -len(name) - 1]
        value = self.types.expr(caller, obj, at)       # leading nowhere: every binding (as TypeEval._expr)
        found = self._getters(value, name) or self._getters(value and self.types.widened(caller, obj, value), name)
        how = "self" if obj in ("self", "cls") else "inferred"
        return [(hit, how, 0) for hit in found]

    def _getters(self, value: frozenset | None, name: str) -> list[int]:
        """The properties of this name that the instances and classes of a value have."""
        hits = (self.member(x, name) for kind, x in sorted(value or (), key=str) if kind in ("inst", "cls"))
        return list(dict.fromkeys(hit for hit in hits if hit is not None and self.is_property(hit)))

    def is_property(self, method: int) -> bool:
        """Whether a method is decorated as a property (`@property`, `@cached_property`, `@x.setter`)."""
        sym = self.t.syms.get(method)
        if sym is None or sym.parent is None:
            return False
        for kind, value in self.t.bindings.get(sym.parent, {}).get("@" + sym.name, ()):
            if kind == "decorator" and (value.endswith("property") or value in (
                    f"{sym.name}.setter", f"{sym.name}.getter", f"{sym.name}.deleter")):
                return True
        return False

    def _opaque(self, scope: int, name: str, flows: bool = True) -> bool:
        """Whether the nearest binding of a name only makes it local (an unannotated parameter,
        a tuple target): then evaluation cannot learn anything."""
        t = self.t
        sym = t.syms.get(scope)
        while sym is not None:
            bound = t.bindings.get(sym.id, {}).get(name)
            if bound or name in t.children.get(sym.id, {}) or name in t.imports.get(sym.id, {}):
                return bool(bound) and name not in ("self", "cls") and all(
                    kind == "local" or kind == "param" and not (flows and self._passed(sym)) for kind, _ in bound) \
                    and name not in t.imports.get(sym.id, {})
            sym = t.syms.get(sym.parent) if sym.parent is not None else None
        return False

    def _passed(self, fn) -> bool:
        """Whether some call site passes arguments to a function of this name (its class, for `__init__`)."""
        parent = self.t.syms.get(fn.parent) if fn.parent is not None else None
        return self.types.call_sites(fn, parent) != []

    def possible(self, lang: str, name: str) -> Rows:
        cands = self.t.by_name.get((family(lang), name), [])
        if not cands:
            return [(None, "unresolved", 0)]
        n = len(cands)
        if n > MAX_CANDIDATE_ROWS:
            return [(None, "possible", n)]
        return [(c, "possible", n) for c in cands]
