"""Early cutoff in argument flow: a save that only adds call sites re-opens the functions they call
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

from typing import TYPE_CHECKING

import apsw

from graphmind.models import Delta

if TYPE_CHECKING:
    from graphmind.resolve.resolver import Resolver


def flows(iface) -> set[tuple[str, str, str]]:
    """The arguments a file (resolve/interface.Interface, or None) passes: (scope, "(NAME", callee and
    arguments) of every call with some."""
    if iface is None:
        return set()
    return {(scope, b[0], b[2]) for scope, (rows, _) in iface.scopes.items() for b in rows if b[1] == "args"}


def flow_change(old, new) -> tuple[set[str], set[tuple[str, str, str]], set[str]]:
    """The "(NAME" whose passed arguments a change adds or removes; the sites added; the names with
    sites added and none removed (whether those pass anything new is asked in the pass: same_values)."""
    before, after = flows(old), flows(new)
    added, removed = after - before, {name for _, name, _ in before - after}
    return {name for _, name, _ in added} | removed, added, {name for _, name, _ in added} - removed


def grown_only(delta: Delta) -> set[str]:
    """The "(NAME" of a write whose only change is sites added (not a closure's `(NAME()`: its sites
    are what calls of its function return, followed as before)."""
    return {n for n in delta.grown - delta.reflow if not n.endswith("()")}


def same_values(conn: apsw.Connection, r: Resolver, delta: Delta, names: set[str]) -> set[str]:
    """Of these "(NAME" (grown_only), those whose functions' parameters hold what they held before the
    sites were added: for each function of that name (a class's `__init__`), each parameter is passed
    the same by its sites with and without the added ones."""
    added: dict[str, set[tuple[int | None, str, str]]] = {}
    for scope, name, value in delta.added:
        callee, _, args = value.partition("\t")
        added.setdefault(name, set()).add((r.t.by_qual.get(scope), callee, args))
    same = set()
    for name in names:
        bare = name[1:]
        fns = [fid for (fid,) in conn.execute(
            "SELECT id FROM symbols WHERE name = ?1 UNION SELECT i.id FROM symbols c JOIN symbols i"
            " ON i.parent_id = c.id AND i.name = '__init__' WHERE c.name = ?1", (bare,))]
        if all(_holds_same(r, fid, added.get(name, set())) for fid in fns):
            same.add(name)
    return same


def _holds_same(r: Resolver, fid: int, added: set[tuple[int | None, str, str]]) -> bool:
    t, ev = r.t, r.types
    sym = t.syms.get(fid)
    if sym is None or t.lang.get(sym.file) != "python" or any(scope is None for scope, _, _ in added):
        return False
    sites = ev.call_sites(sym, t.syms.get(sym.parent))
    if not sites:               # none, or too many to be read: it may have been readable before
        return False
    kept = [s for s in sites if (s[0], s[1], s[2]) not in added]
    if len(kept) == len(sites):
        return False            # the added sites not found among its sites: nothing to compare
    params = [(name, text) for name, rows in t.bindings.get(fid, {}).items() for kind, text in rows if kind == "param"]
    return all(ev.flowed(fid, name, text) == ev.passed(sym, name, text, kept) for name, text in params)
