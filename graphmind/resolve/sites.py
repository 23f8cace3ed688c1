"""One site to its edges, each with a kind: calls through the resolver, member and name reads
(a property's getter, else a variable: graphmind/resolve/reads.py), and the dependency sites
(types named, imports, overridden methods) resolved as names are."""
from __future__ import annotations

from collections.abc import Callable

from graphmind import edgekinds as K
from graphmind.models import MEMBER_READ, UNREACHED
from graphmind.resolve.hooks import hooks_for
from graphmind.resolve.overloads import pick_overloads
from graphmind.resolve.reads import read_edges
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.scopes import PY_BUILTINS
from graphmind.resolve.tables import CLASS_KINDS, CONSTRUCTOR_NAMES

Edge = tuple["int | None", str, int, str]       # (target, resolution, candidates, kind)


def resolve_site(r: Resolver, caller: int, callee: str, name: str, implicit: int, site: str,
                 arity: int | None = None, args: str | None = None, at: int | None = None) -> list[Edge]:
    """The edges of one site (none: nothing to record, as for a builtin type named). An implicit call
    that reached nothing keeps one `unreached` row, never listed, so a definition added later re-opens it.
    `arity`, `args`: the number of arguments written at a call and their texts (tab-separated), which
    pick among overloads (graphmind/resolve/overloads.py); `at`: the point of the caller's body the site
    is at, where order matters there (graphmind/resolve/python/names.py)."""
    if site in K.DEPENDENCY_SITES:
        return _dependency(r, caller, callee, name, site)
    if implicit == MEMBER_READ:               # a property's getter, else a variable read
        rows = r.resolve_call(caller, callee, name, implicit, at) if "." in callee else []
        if rows:
            return [(t, how, n, K.PROPERTY) for t, how, n in rows]
        return read_edges(r, caller, callee) or [(None, UNREACHED, 0, K.PROPERTY)]
    if site == K.DECORATOR and callee[-1:] == ")":     # `@factory(x)`: the closure its code returns, not
        rows = r.types.with_wrappers(caller, r._resolve(caller, callee, name, r.first_order, at))   # what flows there
        if all(t is None for t, _, _ in rows):        # an outside factory's (`@functools.lru_cache(...)`)
            head = callee[:callee.index("(")]
            rows = [row for row in r._resolve(caller, head, head.rsplit(".", 1)[-1], r.first_order, at)
                    if row[1] in ("external", "builtin")][:1] or rows
    elif args is None:
        rows = r.resolve_call(caller, callee, name, implicit, at)
    else:                                     # sites differing only in their arguments: one lookup
        memo = r.state.setdefault("_calls_by_text", {})
        key = (caller, callee, name, implicit, at)
        rows = memo.get(key)
        if rows is None:
            rows = memo[key] = r.resolve_call(caller, callee, name, implicit, at)
    by_types = _by_types(r, caller, args)
    rows = pick_overloads(r, rows, arity, by_types, _const_this(r, caller, callee, arity),
                          by_types is not None and _hook(r, caller, "inherited_overloads"))
    if len(rows) > 1 and len({t for t, how, _ in rows if how not in ("possible", "self")}) > 1 \
            and _hook(r, caller, "one_target"):
        rows = [(t, "possible" if how != "self" else how, len(rows) if how != "self" else n) for t, how, n in rows]
    if implicit and rows and name[:2] == "__" == name[-2:] and r.t.lang.get(r.t.syms[caller].file) == "python":
        rows = _on_instances(r, caller, callee, name, rows, at)
    if implicit:
        kind = K.PROPERTY if implicit == MEMBER_READ else K.IMPLICIT
        return [(t, how, n, kind) for t, how, n in rows] or [(None, UNREACHED, 0, kind)]
    first = K.DECORATOR if site == K.DECORATOR else K.CALL
    own = _own_members(r, caller, rows)
    out = []
    for target, how, n in rows:
        kind = first
        if target is not None and how != "possible" and site != K.DECORATOR:
            sym = r.t.syms.get(target)
            if sym is not None and sym.kind in CLASS_KINDS:
                kind = K.INSTANTIATE
            elif sym is not None and (sym.kind == "constructor" and name not in ("super", "this")
                                      or sym.name in CONSTRUCTOR_NAMES and sym.name != name):
                kind = K.CONSTRUCTOR          # `Cls()` reaching __init__ (an explicit `super().__init__()`,
                                              # `super(…)` or `this(…)` in a constructor is a call)
            elif how == "self" and own and target not in own:
                kind = K.DISPATCH             # an override in a subclass that `self.m()` may run
        out.append((target, how, n, kind))
    return out + _inherited_constructors(r, caller, callee, out, at)


def _on_instances(r: Resolver, caller: int, callee: str, name: str, rows: list, at: int | None) -> list:
    """An operator, subscript, `with` or `for` applied to a class (not an instance) runs the dunder of
    its metaclass, `type` (outside the workspace; a workspace metaclass is not read): the class's own
    dunders are its instances'. The rows only class values reach are dropped (`to == X` where `to`
    holds a model class reached `Model.__eq__`)."""
    value = r.types.expr(caller, callee[: -len(name) - 1], at)
    drop = {r.member(x, name) for kind, x in value if kind == "cls"} - \
        {r.member(x, name) for kind, x in value if kind == "inst"}
    return [row for row in rows if row[0] not in drop] if drop else rows


def _own_members(r: Resolver, caller: int, rows: list) -> set[int]:
    """The targets of a `self.m()` that the caller's class or its bases define: the others are
    overrides in subclasses (dispatch). Decided by the hierarchy, not by the rows' order, which
    follows symbol ids and so the order files arrived in. Empty when no class of the MRO defines m:
    then every override found is the call itself (a hook that only subclasses define)."""
    if len(rows) < 2 or not any(how == "self" for _, how, _ in rows):
        return set()                          # one row is the call whichever class defines it
    cls = r.enclosing_class(caller)
    mro = set(r.mro(cls)) if cls is not None else set()
    return {t for t, how, _ in rows if how == "self" and t in r.t.syms and r.t.syms[t].parent in mro}


def _by_types(r: Resolver, caller: int, args: str | None) -> Callable[[list[int]], list[int]] | None:
    """The caller's language's test of which overloads the arguments' types fit, when it has one."""
    hooks = hooks_for(r.t.lang.get(r.t.syms[caller].file, "")) if args is not None and caller in r.t.syms else None
    if hooks is None or hooks.overloads is None:
        return None
    return lambda candidates: hooks.overloads(r, caller, args.split("\t"), candidates)


def _hook(r: Resolver, caller: int, flag: str) -> bool:
    """A flag of the caller's language's hooks (`one_target`: it binds each call to one declaration)."""
    hooks = hooks_for(r.t.lang.get(r.t.syms[caller].file, "")) if caller in r.t.syms else None
    return hooks is not None and getattr(hooks, flag)


def _const_this(r: Resolver, caller: int, callee: str, arity: int | None) -> bool | None:
    """For a C++ call on `this` (bare or `this->m`), whether the calling member is `const`; on a local or
    parameter (`x.m`, `p->m`), whether its declared type is (`const T &x`, `const T *p`)."""
    if arity is None or caller not in r.t.syms or r.t.lang.get(r.t.syms[caller].file) != "cpp":
        return None
    this = caller in r.t.const_members if caller in r.t.params else None
    text = callee.removeprefix("this->")
    head, sep, _ = text.replace("->", ".").partition(".")
    if sep:
        through = text[len(head):].lstrip().startswith("->")      # a field pointer's pointee: not the member's
        return _const_declared(r, caller, head, False if through else this) \
            if head.isidentifier() and head != "this" else None
    return this


def _const_declared(r: Resolver, caller: int, name: str, this: bool | None) -> bool | None:
    """Whether a parameter or local of the caller (or of the function around it) is declared `const`
    (`const T &x`, `const T *p`; a local `auto` is not known); a field of the caller's class is as
    `const` as the member calling (`this`; a pointer field's pointee is not), unless declared so."""
    s, t = caller, r.t
    while s is not None and s in t.syms and t.syms[s].kind in ("function", "method", "constructor", "lambda"):
        for written in t.param_types.get(s, ()):
            words = written.split("=", 1)[0].replace("*", " ").replace("&", " ").split()
            if words and words[-1] == name:
                return words[0] == "const"
        bound = t.bindings.get(s, {})
        if name in bound:
            if any(v == "const" for _, v in bound.get("~" + name, ())):
                return True
            return False if any(k == "annot" and "auto" not in v for k, v in bound[name]) else None
        s = t.syms[s].parent
    cls = r.enclosing_class(caller)
    fields = [c for c in r.mro(cls) if name in t.bindings.get(c, {})] if cls is not None else []
    if fields and any(v == "const" for _, v in t.bindings[fields[0]].get("~" + name, ())):
        return True                     # `const T *p_;`, `const T x_;`
    return this if fields else None


def _inherited_constructors(r: Resolver, caller: int, callee: str, rows: list[Edge], at: int | None) -> list[Edge]:
    """`Sub()` whose constructor is inherited reaches Base.__init__: the class built is Sub, an
    `instantiate` row of its own (the walk finds Base's instantiations through Base's constructor)."""
    parents = {r.t.syms[t].parent for t, _, _, kind in rows if kind == K.CONSTRUCTOR and t in r.t.syms}
    if not parents or r.t.lang.get(r.t.syms[caller].file) != "python":
        return []
    how = rows[0][1]
    hit = r.resolve_path(caller, callee)
    if hit is not None and isinstance(hit[1], int):
        classes = {hit[1]}
    else:
        classes = {x for kind, x in r.types.expr(caller, callee, at) if kind == "cls"}
    return [(c, how, 0, K.INSTANTIATE) for c in sorted(classes)
            if c in r.t.syms and r.t.syms[c].kind in CLASS_KINDS and c not in parents
            and parents & set(r.mro(c))]


def _dependency(r: Resolver, caller: int, callee: str, name: str, site: str) -> list[Edge]:
    """A type named, an import, or a method that may override: the one definition it names, or an
    `unresolved` row kept (hidden from call answers) so that a definition added later re-opens it."""
    t = r.t
    if site == K.OVERRIDE:
        sym = t.syms.get(caller)
        cls = sym.parent if sym is not None else None
        hit = r.member(cls, name, after=cls) if cls is not None and t.syms[cls].kind in CLASS_KINDS else None
        if hit is not None and caller in t.params and len(t.dup_quals.get(t.syms[hit].qualname) or ()) > 1:
            hit = _overridden(r, caller, cls, name) or hit
        return [(hit, "self", 0, K.OVERRIDE)] if hit is not None else [(None, "unresolved", 0, site)]
    python = t.lang.get(t.syms[caller].file) == "python" if caller in t.syms else False
    if python and callee in PY_BUILTINS:
        return []                             # `str`, `Exception`: never a workspace definition
    hit = r.resolve_path(caller, callee)
    if hit is not None and hit[0] == "module" and isinstance(hit[1], str):
        target = t.by_qual.get(hit[1])
        hit = ("import", target) if target is not None else ("external", None)
    if hit is None or not isinstance(hit[1], int):
        read = read_edges(r, caller, callee)
        if read and read[0][0] is not None:   # `from m import LIMIT`, `x: JsonDict`: a variable
            return [(read[0][0], read[0][1], 0, site)]
        how = hit[0] if hit is not None and hit[0] in ("external", "builtin") else "unresolved"
        return [(None, how, 0, site)]
    return [(hit[1], hit[0], 0, site)]


def _overridden(r: Resolver, method: int, cls: int, name: str) -> int | None:
    """Among a base's overloads of `name` (the tables keep the last declared), the one `method`
    overrides: the nearest base holding exactly one with its parameter types (else its parameter counts)."""
    t, mine = r.t, r.t.param_types.get(method)
    for base in r.mro(cls):
        if base == cls:
            continue
        slot = t.children.get(base, {}).get(name)
        if slot is None:
            continue
        same = t.dup_quals.get(t.syms[slot].qualname) or [slot]
        found = [s for s in same if mine is not None and t.param_types.get(s) == mine] or \
            [s for s in same if t.params.get(s) == t.params[method]]
        if len(found) == 1:
            return found[0]
    return None
