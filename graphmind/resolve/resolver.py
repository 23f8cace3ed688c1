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

from functools import lru_cache

from graphmind.languages import family
from graphmind.models import MEMBER_READ
from graphmind.resolve.answers import Answers
from graphmind.resolve.calltext import DOTTED, path_parts, self_names
from graphmind.resolve.hierarchy import ClassHierarchy
from graphmind.resolve.hooks import Rows, hooks_for
from graphmind.resolve.python.evaluator import TypeEval, in_order
from graphmind.resolve.scopes import Scopes
from graphmind.resolve.tables import CLASS_KINDS, Tables

MAX_CANDIDATE_ROWS = 8


@lru_cache(maxsize=65536)
def _dotted(text: str, python: bool) -> tuple[str, ...] | None:
    """A call text's dotted parts (`a.b.c`, `a::b`; in Python `<lambda1>`, a lambda's name, too), or
    None when it is not a dotted path; cached: the same texts are resolved from many scopes."""
    return path_parts(text) if DOTTED.match(text) or python and text[:1] == "<" else None


class Resolver(Scopes, ClassHierarchy, Answers):
    """Resolves call sites against loaded tables (implements hooks.Resolving for the language hooks)."""

    def __init__(self, tables: Tables, known_bases: dict[int, list[int]] | None = None,
                 known_subs: dict[int, set[int]] | None = None, dirty: set[int] | None = None):
        """known_bases/known_subs/dirty: see ClassHierarchy (graphmind/resolve/hierarchy.py)."""
        self.t = tables
        self.state: dict[str, object] = {}              # the language hooks' per-pass state
        self._init_hierarchy(known_bases, known_subs, dirty)
        self._prepared: dict[tuple[int, str], tuple | None] = {}    # lookups the hooks' prepare asked
        self.forget()
        for lang in sorted(set(tables.lang.values())):
            hooks = hooks_for(lang)
            if hooks is not None and hooks.prepare is not None:
                hooks.prepare(self)
        self._prepared = self._lookups      # answered while a hook rewrote the tables (Rust's impl blocks): kept
        self.forget()                       # the rest asked again against the rewritten tables

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
            before, self.state["at"] = self.state.get("at"), (caller, at)   # the site's point: lang/flow/typeflow.py
            rows = hooks.resolve_call(self, caller, text, name)
            self.state["at"] = before
            if rows is not None:
                return rows
        if text.startswith("super()") or text.startswith("super(") and ")." in text:
            cls = self.enclosing_class(caller)
            if cls is not None:
                found = self.dispatch(cls, caller, name, True)
                if found:
                    return [(hit, "self", 0) for hit in found]
            return self.possible(lang, name)
        parts = _dotted(text, python)
        if parts is not None:
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
        hits = (self.member(x, name) for kind, x in in_order(value or ()) if kind in ("inst", "cls"))
        return list(dict.fromkeys(self._getter(hit) for hit in hits if hit is not None and self.is_property(hit)))

    def _getter(self, method: int) -> int:
        """A read goes to the getter: of one class's methods of this name (`@property def major`, then
        `@major.setter def major`), the first declared, where the name alone finds the last."""
        t, sym = self.t, self.t.syms[method]
        same = [s for s in t.dup_quals.get(sym.qualname, ()) if t.syms[s].parent == sym.parent and t.syms[s].file == sym.file]
        return min(same, default=method)

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
