"""Parameter <- argument flow: what an unannotated parameter holds is what its resolved call sites pass.

Call sites are the `args` bindings (`queries/python/flow.scm`): a call's arguments as written, filed
under the name called, in the caller's scope; a decorator applied to a definition is a call with that
definition as its argument. A site counts when it resolves to the function (a constructor call
counts for `__init__`); the parameter's value is the union of what those sites pass at its position
or under its name. Part of `TypeEval` (graphmind/resolve/python/evaluator.py), so cycles (a function passing
its parameter on to itself) are solved by the same fixpoint.
"""
from __future__ import annotations

import re
from collections import defaultdict

from graphmind.config import MAX_FLOW_SITES as MAX_SITES
from graphmind.models import PARAMETER_CALLS
from graphmind.resolve.pyexpr import split_items
from graphmind.resolve.tables import CALLABLE_KINDS, CLASS_KINDS

_KEYWORD = re.compile(r"^([A-Za-z_]\w*)\s*=(?!=)")
Site = tuple[int, str, str, "int | None", bool]    # (scope, callee, arguments, point, through a parameter)
_NO_EDGE = frozenset({"possible", "unresolved", "builtin", "external"})


class ArgumentFlow:
    """The parameter half of the evaluator (mixed into TypeEval, which provides expr and the solver)."""

    flows = True            # False: the first-order evaluator that resolves call sites for the full one
    hops = True             # False: the evaluator that resolves calls through parameters for the full one
    _through: dict | None = None
    _call_sites: dict | None = None     # function -> its call sites, for the pass (one list, every parameter)
    skip: frozenset = frozenset()       # (scope, callee, arguments) of sites left out: the value before a
    hop = None                          # save added them (resolve/cutoff.py), with its own one_hop evaluator
    twin = None                         # that evaluator's twin whose calls through parameters reach the same
    kept: dict | None = None            # scope -> [(site, functions reached)], kept across passes by a session

    def flowed(self, fn: int, param: str, position: str) -> frozenset:
        """What a parameter of `fn` (at `position`: an index, `=` keyword-only, `*`, `**`) is passed."""
        if not self.flows or position in ("*", "**"):
            return frozenset()
        return self.solver.ask_call(("p", fn, param), self._flowed, fn, param, position)

    def _flowed(self, fn: int, param: str, position: str) -> frozenset:
        t = self.t
        sym = t.syms.get(fn)
        if sym is None:
            return frozenset()
        parent = t.syms.get(sym.parent) if sym.parent is not None else None
        index = self._index(sym, position)
        out: set = set()
        for scope, callee, args, at, through in self.call_sites(sym, parent):
            text = _argument(args, param, index)       # first: a site passing nothing here
            if text and (through or fn in self.site_targets(scope, callee, at)):   # is not resolved
                applied = self.applied(scope, text, callee) if text.isidentifier() else None   # `@dec`
                out |= applied if applied is not None else self.expr(scope, text, at)
        return frozenset(out)

    def argument(self, sym, args: str, param: str, position: str) -> str:
        """The argument a call writes (`args`) for a parameter of function `sym` at `position`."""
        return _argument(args, param, self._index(sym, position))

    def _index(self, sym, position: str) -> int | None:
        """Where the arguments written at a call place a parameter at `position` (None: by keyword only)."""
        index = int(position) if position.isdigit() else None
        parent = self.t.syms.get(sym.parent) if sym.parent is not None else None
        if index is not None and parent is not None and parent.kind in CLASS_KINDS and not self._static(sym):
            index -= 1                      # the receiver is not written among the arguments
        return index

    def call_sites(self, sym, parent) -> list[Site]:
        """Where a function may be called with arguments: sites naming it (its class, for `__init__`),
        and calls through a parameter that reach it (`through_parameters`), each with the point of
        its scope's body it is at (python/names.py); none when there are more than MAX_SITES (a name
        that common says little about its callers)."""
        memo = self._call_sites
        if memo is None:
            memo = self._call_sites = {}
        hit = memo.get(sym.id)
        if hit is None:
            hit = memo[sym.id] = self._call_sites_of(sym, parent)
        return hit

    def _call_sites_of(self, sym, parent) -> list[Site]:
        name = parent.name if sym.name == "__init__" and parent is not None else sym.name
        sites = self.t.arg_sites.get(name, {})
        through = self.through_parameters().get(sym.id, ()) if self.hops else ()
        # a closure is called where what its function returns is (`make(x)(y)`, `@factory(x)`): those
        # rows are filed under "(NAME()" for the function (index/callargs.py), the site resolving to it
        outer = self.t.arg_sites.get(parent.name + "()", {}) if parent is not None and parent.kind in CALLABLE_KINDS else {}
        out: list[Site] = []
        if sum(len(v) for v in sites.values()) + len(through) + sum(len(v) for v in outer.values()) > MAX_SITES + len(self.skip):
            return out
        for scope, values in sites.items():
            out.extend(self._sites(scope, name, values, False))
        for scope, values in outer.items():
            out.extend(self._sites(scope, parent.name + "()", values, False))
        out.extend(through)
        if self.skip:
            out = [site for site in out if site[:3] not in self.skip]
        return out if len(out) <= MAX_SITES else []

    def through_parameters(self) -> dict[int, list[Site]]:
        """Calls through a parameter (`def run(cb, x): cb(x)`, filed under PARAMETER_CALLS), by the
        functions they reach as resolved by the evaluator whose parameters hold only what the sites
        naming their function pass (`Resolver.one_hop`): so these questions stay few and their
        cycles short. Built once a pass; a writer that keeps its tables (resolve/session.py) keeps
        each scope's answers between passes (`kept`: a scope re-opened is dropped from it, session.py),
        which the evaluator of the workspace before a save's additions shares when those leave every
        parameter of the one-hop evaluator as it was (`twin`, resolve/cutoff.py)."""
        if self._through is None:
            if self.twin is not None:
                self._through = self.twin.through_parameters()
                return self._through
            kept = self.kept
            hop = self.hop or self.r.one_hop
            out: dict[int, list[Site]] = defaultdict(list)
            for scope, values in self.t.arg_sites.get(PARAMETER_CALLS[1:], {}).items():
                reached = kept.get(scope) if kept is not None else None
                if reached is None:
                    reached = [(site, tuple(hop.targets(scope, site[1], site[3])))
                               for site in self._sites(scope, PARAMETER_CALLS[1:], values, True)]
                    if kept is not None:
                        kept[scope] = reached
                for site, targets in reached:
                    for fn in targets:
                        out[fn].append(site)
            self._through = out
        return self._through

    def _sites(self, scope: int, name: str, values: tuple[str, ...], through: bool) -> list[Site]:
        lines = self.t.order.get(scope, {}).get("(" + name)
        out = []
        for i, value in enumerate(values):
            callee, _, args = value.partition("\t")
            out.append((scope, callee, args, self.point(scope, lines[i][0]) if lines else None, through))
        return out

    def site_targets(self, scope: int, callee: str, at: int | None = None) -> frozenset:
        """The definitions a call site reaches for certain (no `possible` candidates), as resolved
        without parameter flow: a parameter's value never depends on how other parameters resolve
        their call sites, so the questions stay few and their cycles short."""
        def compute() -> frozenset:
            name = callee.rsplit(".", 1)[-1]
            return frozenset(target for target, how, _ in self.r._resolve(scope, callee, name, self.r.first_order, at)
                             if target is not None and how not in _NO_EDGE)
        return self.solver.ask(("t", scope, callee) if at is None else ("t", scope, callee, at), compute)

    def _static(self, sym) -> bool:
        return any(kind == "decorator" and value == "staticmethod"
                   for kind, value in self.t.bindings.get(sym.parent, {}).get("@" + sym.name, ()))


def _argument(args: str, param: str, index: int | None) -> str:
    """The argument written for a parameter: by keyword, else at its position (before any `*x`)."""
    positional = 0
    for item in split_items(args):
        match = _KEYWORD.match(item)
        if match:
            if match.group(1) == param:
                return item[match.end():].strip()
            continue
        if item.startswith("*"):
            index = None                    # positions after a `*args` are not known
            continue
        if index is not None and positional == index:
            return item
        positional += 1
    return ""
