"""What a write leaves as it was: the scopes whose calls keep their resolutions (unchanged_scopes), and
early cutoff in argument flow: a save that only adds call sites re-opens the functions they call
(and what those pass their parameters on to) only when their parameters hold something new.

What an unannotated parameter holds is the union of what its resolved call sites pass
(resolve/python/arguments.py). A save that adds sites of NAME and removes none leaves that union as
it was exactly when the added sites pass nothing the others do not (and the sites stay few enough to
be read, MAX_FLOW_SITES): then nothing resolved through those parameters can change, inside the
functions or downstream, and the transitive re-open (store/flows.reopen_flows) is skipped. The
value before is the union over the other sites, evaluated now: they and what they pass are unchanged
by the additions. A site removed or changed, a call through a parameter in the file, a deleted file:
the name is followed as before, whatever its value.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING

from graphmind.languages import family
from graphmind.models import Delta
from graphmind.resolve.calltext import IDENT
from graphmind.resolve.python.evaluator import TypeEval
from graphmind.resolve.hierarchy import ROOT_BASES
from graphmind.resolve.tables import CLASS_KINDS
from graphmind.store.ancestors import last_name

if TYPE_CHECKING:
    from graphmind.resolve.resolver import Resolver


def flows(iface) -> set[tuple[str, str, str]]:
    """The arguments a file (resolve/interface.Interface, or None) passes: (scope, "(NAME", callee and
    arguments) of every call with some."""
    if iface is None:
        return set()
    return {(scope, b[0], b[2]) for scope, (rows, _) in iface.scopes.items() for b in rows if b[1] == "args"}


class _Reads:
    """The bindings and imports a text reads in a scope and the scopes enclosing it, and those the
    bindings read in turn (memoised per scope and name)."""

    def __init__(self, iface):
        self.iface = iface
        self.memo: dict[tuple[str, str], frozenset] = {}

    def of(self, scope: str, text: str) -> frozenset:
        out: set = set()
        for ident in set(IDENT.findall(text)):
            out |= self._name(scope, ident)
        return frozenset(out)

    def _name(self, scope: str, ident: str) -> frozenset:
        key = (scope, ident)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.memo[key] = frozenset()            # a name bound from itself (`e = e.subs(x)`): once
        found, texts, s, seen = set(), [], scope, set()
        while s is not None and s not in seen:
            seen.add(s)
            rows, imports = self.iface.scopes.get(s, ((), ()))
            for row in rows:
                if row[0] == ident and row[1] != "args":
                    found.add((s, *row))
                    texts.append((s, row[2]))
            found.update((s, *imp) for imp in imports if imp[2] == ident)
            s = self.iface.parents.get(s)
        for s, text in texts:
            found |= self.of(s, text)
        self.memo[key] = hit = frozenset(found)
        return hit


def flow_change(old, new) -> tuple[set[str], set[tuple[str, str, str]], set[str]]:
    """The "(NAME" whose passed arguments a change adds or removes; the sites added; the names with
    sites added and none removed (whether those pass anything new is asked in the pass: same_values).
    A site whose text is unchanged but reads a binding or import that changed, in its scope or one
    enclosing it, counts as removed: `x = Alpha()` → `x = Beta()` before an unchanged `first(x)`
    changes what `first` is passed (and `obj = A()` → `obj = B()` before `obj.go(x)`, who is passed it)."""
    before, after = flows(old), flows(new)
    added, removed = after - before, {name for _, name, _ in before - after}
    if old is not None and new is not None:
        moved = _moved(old, new)
        kept = [site for site in before & after if moved(site[0])]
        if kept:
            was, now = _Reads(old), _Reads(new)
            removed |= {name for scope, name, value in kept if was.of(scope, value) != now.of(scope, value)}
    names = {name for _, name, _ in added}
    return names | removed, added, names - removed


def _moved(old, new) -> Callable[[str], bool]:
    """Whether a scope or one enclosing it binds or imports otherwise than before (memoised)."""
    memo: dict[str | None, bool] = {None: False}

    def moved(scope: str | None) -> bool:
        hit = memo.get(scope)
        if hit is None:
            memo[scope] = False                 # (a qualname that is its own parent: a C# namespace)
            hit = memo[scope] = (old.scopes.get(scope) != new.scopes.get(scope)
                                 or old.parents.get(scope) != new.parents.get(scope) or moved(new.parents.get(scope)))
        return hit
    return moved


def before_additions(r: Resolver, delta: Delta) -> TypeEval | None:
    """An evaluator of the workspace as it was before the write added its sites: the same tables, the
    added sites left out of every parameter's (and of the calls through parameters it reaches, with its
    own one-hop evaluator). None when an added site is not found where it was written (nothing is cut then)."""
    skip = set()
    for scope, name, value in delta.added:
        sid = r.t.by_qual.get(scope)
        if sid is None or value not in r.t.arg_sites.get(name[1:], {}).get(sid, ()):
            return None             # (a qualname defined twice: the site may be in the other)
        callee, _, args = value.partition("\t")
        skip.add((sid, callee, args))
    before, hop = TypeEval(r), TypeEval(r, hops=False)
    before.skip = hop.skip = frozenset(skip)
    before.hop = hop
    return before


def same_one_hop(r: Resolver, before: TypeEval, delta: Delta) -> bool:
    """Whether the added sites leave every parameter as the one-hop evaluator (`Resolver.one_hop`) sees
    it, so that calls through parameters reach what they reached before them. Only the parameters of
    the functions the sites are filed for are passed them (arguments.call_sites: a function of the name
    called, the class's `__init__`, a closure of `NAME()`); when those hold the same, so does every
    parameter whose value they flow into (the fixpoint is the least one of the same equations)."""
    t, py = r.t, family("python")
    for name in {name[1:] for _, name, _ in delta.added}:
        outer = name.endswith("()")
        for sid in t.by_name.get((py, name.removesuffix("()")), ()):
            kids = t.children.get(sid, {})
            for fn in ([f for f in kids.values() if t.syms[f].kind not in CLASS_KINDS] if outer
                       else [sid, kids["__init__"]] if "__init__" in kids else [sid]):
                if any(r.one_hop.flowed(fn, param, text) != before.hop.flowed(fn, param, text)
                       for param, rows in t.bindings.get(fn, {}).items() for kind, text in rows if kind == "param"):
                    return False
    return True


def changed_scopes(r: Resolver, before: TypeEval, tally: list[int]) -> Callable[[dict[int, int | None]], set[int]]:
    """store/flows.reopen_flows' `changed`: of the scopes reached (scope -> enclosing scope), those
    holding something new: a function one of whose parameters is passed something else than before,
    what is nested in it, and the whole of a class one of whose methods is (its attributes may be
    bound from that parameter: `self.x = x`). A scope outside Python counts as changed. `tally`
    counts [scopes asked, scopes changed]."""
    t, now = r.t, r.types
    known: dict[int, bool] = {}

    def own(sid: int) -> bool:
        hit = known.get(sid)
        if hit is None:
            sym = t.syms.get(sid)
            params = [(name, text) for name, rows in t.bindings.get(sid, {}).items() for kind, text in rows
                      if kind == "param"]
            hit = known[sid] = sym is None or t.lang.get(sym.file) != "python" or any(
                now.flowed(sid, name, text) != before.flowed(sid, name, text) for name, text in params)
        return hit

    def changed(found: dict[int, int | None]) -> set[int]:
        hit = {sid for sid in found if own(sid)}
        hit |= {found[sid] for sid in hit if found.get(sid) in found
                and t.syms[found[sid]].kind in CLASS_KINDS}            # the class of a method passed anew
        out = set()
        for sid in found:
            chain, s = [], sid
            while s in found and s not in chain:        # it or an enclosing scope reached holds something new
                chain.append(s)
                s = found[s]
            if hit.intersection(chain):
                out.add(sid)
        tally[0] += len(found)
        tally[1] += len(out)
        return out
    return changed


def unchanged_scopes(old, new) -> set[str]:
    """Scopes whose own bindings and imports, and those of every enclosing scope, are as before:
    a call in one resolves as it did (unless it names something that appeared or vanished).
    A qualname defined twice (conditional definitions) is never reported."""
    old_c, new_c = Counter(q for q, _ in old.keys), Counter(q for q, _ in new.keys)
    same: dict[str | None, bool] = {None: True}

    def check(q: str | None) -> bool:
        chain = []
        while q not in same:
            chain.append(q)
            q = new.parents.get(q)
            if q in chain:          # a qualname that is its own parent (a C# namespace named as its module)
                q = None
        ok = same[q]
        for s in reversed(chain):
            ok = ok and s in old.parents and old.parents[s] == new.parents.get(s) and \
                old.scopes.get(s, ((), ())) == new.scopes.get(s, ((), ()))
            same[s] = ok
        return ok
    return {q for q, n in new_c.items() if n == 1 and old_c.get(q) == 1 and check(q) and not _in_order(new, q)}


def _in_order(iface, scope: str) -> bool:
    """Whether order matters among a scope's bindings: then a call's line decides what it reads there
    (scopes inside it read it as at its end, which its rows in order decide)."""
    return any(":" in kind for _, kind, _ in iface.scopes.get(scope, ((), ()))[0])


def keep_ids(old, old_ids: list[int], new) -> list[int | None]:
    """For each new definition, the id of the old one it continues (same qualname and kind, k-th to k-th), or None."""
    free: dict[tuple[str, str], list[int]] = defaultdict(list)
    for key, sid in zip(old.keys, old_ids):
        free[key].append(sid)
    return [free[key].pop(0) if free.get(key) else None for key in new.keys]


def outside(scopes: set[str], old, new) -> set[str]:
    """The scopes not within a class whose bases changed between interfaces `old` and `new`, nor
    within a class of the file deriving from one (by the name its base ends with): those look their
    members up anew; elsewhere in the file a scope left as it was keeps its rows, and a lookup of
    theirs through the changed hierarchy is re-opened as in any other file (store/ancestors.py)."""
    inherits, classes = old.inherits | new.inherits, {c for c, _, _ in old.inherits ^ new.inherits}
    while True:
        names = {c.rsplit(".", 1)[-1] for c in classes}
        more = {c for c, base, _ in inherits if c not in classes and last_name(base) in names}
        if not more:
            break
        classes |= more
    return {s for s in scopes if not any(s == c or s.startswith(c + ".") for c in classes)}


def built_anew(old, new, steady=()) -> set[str]:
    """"C" and "<C" per class whose bases changed (calls of C reach what they may reach anew), but
    for the classes in `steady` (Python's planner asks about those: Planner.plan)."""
    steady = set(steady)
    return {n for c, _, _ in old.inherits ^ new.inherits if c not in steady for n in (c.rsplit(".", 1)[-1], "<" + c.rsplit(".", 1)[-1])}


def members_by_class(old: Interface, new: Interface) -> dict[str, set[tuple[str, str]]]:
    """class qualname -> (qualname, name) of what it defines itself, before or after."""
    out: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for iface in (old, new):
        for (q, _), name in zip(iface.keys, iface.names):
            out[iface.parents.get(q)].add((q, name))
    return out


def rebased(old: Interface, new: Interface) -> set[str]:
    """Marks for classes whose bases changed: ".C" per class ("~C" too if it was there before), ":B", "^B" per base that
    came or went and can supply members (not `object`, `Generic`, …), "=B" per base one such class keeps."""
    moved = {c for c, _, _ in old.inherits ^ new.inherits}
    was, now = ({last_name(b) for c, b, _ in i.inherits if c in moved} - ROOT_BASES for i in (old, new))
    bases, kept = (was ^ now, was & now if len(moved) == 1 else set()) if was != now else (was, set())   # reordered
    steady = {"~" + c.rsplit(".", 1)[-1] for c in moved & {q for q, _ in old.keys} & {q for q, _ in new.keys}}
    return {"." + c.rsplit(".", 1)[-1] for c in moved} | {p + b for b in bases for p in ":^"} | {"=" + b for b in kept} | steady if bases else set()
