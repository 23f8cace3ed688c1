"""Which bindings a name has as a variable, seen from a scope: the nearest scope that binds it, class
fields through the class's bases (graphmind/lang/flow/typeflow.py evaluates what they hold)."""
from __future__ import annotations

from itertools import islice

from graphmind.resolve.hooks import Resolving
from graphmind.resolve.tables import CALLABLE_KINDS, CLASS_KINDS

# Binding kinds that make a name a variable of its scope (others are module facts: exports, …).
VAR_KINDS = frozenset({"annot", "param", "assign", "local", "argparam", "typedparam", "second", "element", "varargs",
                       "entrykey", "entryvalue"})
# languages whose call text names an instance variable without its sigil (Ruby: `@billing.issue`
# is written `billing.issue`): a bare name reaches the fields assigned in the class's methods
FIELD_SIGIL_DROPPED = frozenset({"ruby"})
# definitions that name a type only: a variable of the same name beside one is what a call's receiver means
# (TypeScript's `export interface $ZodType` and `export const $ZodType`)
TYPES_BESIDE_VALUES = frozenset({"interface", "type"})
THIS = frozenset({"this", "self", "$this", "@"})
# languages where a field and a method may share a name (`registry` and `registry()`): a name not
# called is the field
FIELDS_APART_FROM_METHODS = frozenset({"java"})
DOLLAR_NAMES = frozenset({"javascript", "typescript", "tsx"})   # `$` is a letter of a name there (`$ZodType`)


def language(r: Resolving, scope: int) -> str:
    sym = r.t.syms.get(scope)
    return r.t.lang.get(sym.file, "") if sym is not None else ""


def bound(r: Resolving, scope: int, name: str) -> list[tuple[int, str, str]] | None:
    """The variable bindings of a name seen from a scope, as (scope, kind, value): the nearest scope
    that binds it (class fields through the class's bases; there, those that reach the site being
    resolved: `at_site`); None when a definition or an import of that name is nearer, or nothing binds it."""
    t, s = r.t, scope
    apart = language(r, scope) in FIELDS_APART_FROM_METHODS
    while s is not None and s in t.syms:
        entries = [(s, k, v) for k, v in t.bindings.get(s, {}).get(name, ()) if k in VAR_KINDS]
        child = t.children.get(s, {}).get(name)
        if name in t.imports.get(s, {}) or child is not None and not (
                apart and t.syms[child].kind in CALLABLE_KINDS) and not (entries and t.syms[child].kind in TYPES_BESIDE_VALUES):
            return None
        if entries:
            return at_site(r, s, name, entries)[0]     # a Java local declared again, a Go type switch: at the site
        sym = t.syms[s]
        if sym.kind in CLASS_KINDS and name == "this":     # `this` stops at its class: a module's `this: any`
            return None                                    # (a cast function expression's) is not a method's
        if sym.kind in CLASS_KINDS:
            if t.lang.get(sym.file) in FIELD_SIGIL_DROPPED:
                fields = [(w, k, v) for c in r.mro(s) for w, k, v in t.attrs.get(c, {}).get(name, ())]
                if fields:
                    return fields
            for base in islice(r.mro(s), 1, None):
                entries = [(base, k, v) for k, v in t.bindings.get(base, {}).get(name, ()) if k in VAR_KINDS]
                if entries:
                    return entries
        s = sym.parent
    return None


def at_site(r: Resolving, scope: int, name: str, entries: list) -> tuple[list, tuple[int | None] | None]:
    """A name's bindings that reach the site being resolved, and (its point in the scope's body:
    graphmind/resolve/python/names.py), when the scope is the site's (graphmind/resolve/resolver.py notes
    it) and every binding of the name there has its line (index/flowfacts.py's "case" kind: Go's type
    switch); else the entries as given and None."""
    site, lines = r.state.get("at"), r.t.order.get(scope, {}).get(name)
    if site is None or site[0] != scope or lines is None or len(lines) != len(r.t.bindings[scope][name]):
        return entries, None
    return [(scope, k, v) for k, v, _ in r.types.rows(scope, name, site[1])], (site[1],)


def classes(value) -> list[int]:
    """The classes whose members a receiver of this value reaches (instances and classes)."""
    return sorted({x for kind, x in value if kind in ("inst", "cls", "new")})
