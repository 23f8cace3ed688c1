"""Decorators that put a function of their own in place of the one they decorate.

`@dec def f` binds `f` to what `dec(f)` returns. Where the decorator returns a function defined
inside it (the wrapper), a call of `f` runs that wrapper: the call reaches the wrapper as well as `f`
(which the wrapper calls, and which stays the edge an agent asks about). Stacked decorators apply
bottom-up: `@outer @inner def f` passes `inner`'s wrapper, not `f`, to `outer`'s parameter. The
decorators are those recorded under "@NAME" in the decorated definition's scope, outermost first:
named (`@dec`, `@mod.dec`) or written as a call (`@retry(times=3)`, `@app.route("/")`), whose
value, the closure the factory returns, is the decorator. A decorator returning what it was passed
(a registry) or anything not defined inside it leaves `f` as it is. Part of `TypeEval`
(graphmind/resolve/python/evaluator.py).
"""
from __future__ import annotations

import re

EMPTY: frozenset = frozenset()
CALLED = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\(")      # the names called in an expression: `f(…)`


class Decorators:
    """The decorator half of the evaluator (mixed into TypeEval: t, expr, returns, solver)."""

    def returns_here(self, fn: int, args: str, scope: int, at: int | None) -> frozenset:
        """What `fn` returns when called with `args` (written in `scope`): a parameter it returns as it
        was passed (a registering decorator's `return func`, `ensure_sync`'s `return func`) is what
        this call passes, not what every call passes (`register()(f)` gives `f`, not every function
        ever registered), when it is a parameter of `scope` (what its callers pass) or the first-order
        evaluator knows something of it (a test of the full value would read what a cycle may still be
        filling); else, and for its other returns, what `returns` gives."""
        bare = self.solver.ask_call(("rp", fn), self._returned_parameters, fn)
        if not bare:
            return self.returns(fn)
        out: set = set()
        for kind, text, at_fn in self.rows(fn, "", every=True):
            passed = self.argument(self.t.syms[fn], args, text, bare[text]) if kind == "return" and text in bare else ""
            if passed and (self._parameter(scope, passed) or self.r.first_order.expr(scope, passed, at)):
                out |= self.expr(scope, passed, at)
            elif kind == "return":
                out |= self.expr(fn, text, at_fn)
        return frozenset(out)

    def _parameter(self, scope: int, text: str) -> bool:
        bound = self.t.bindings.get(scope, {}).get(text, ())
        return bool(bound) and all(kind == "param" for kind, _ in bound)

    def _returned_parameters(self, fn: int) -> dict:
        """The parameters `fn` returns bare (`return func`), by name -> position, when it has no return
        annotation and they are bound nowhere else in it; none otherwise."""
        rows = self.rows(fn, "", every=True)
        if any(kind == "returns" for kind, _, _ in rows):
            return {}
        bound = self.t.bindings.get(fn, {})
        out = {}
        for kind, text, _ in rows:
            params = bound.get(text, ()) if kind == "return" else ()
            if params and all(k == "param" for k, _ in params) and params[0][1][:1].isdigit():
                out[text] = params[0][1]
        return out

    def decorators(self, scope: int, name: str) -> list[str]:
        """The plain decorators of the definition of `name` in `scope`, outermost first; none when one
        comes twice (several definitions of the name, whose decorators cannot be told apart)."""
        out = [value for kind, value in self.t.bindings.get(scope, {}).get("@" + name, ()) if kind == "decorator"]
        return out if len(set(out)) == len(out) else []

    def applied(self, scope: int, name: str, callee: str) -> frozenset | None:
        """What the decorator `callee` is passed where it decorates `name` in `scope`: `name`'s function,
        or the wrapper of the decorator below it; None when `callee` is not among `name`'s decorators."""
        decorators = self.decorators(scope, name)
        if callee not in decorators:
            return None
        wrapped = self._wrapper(scope, decorators[decorators.index(callee) + 1:])
        return wrapped or self.expr(scope, name)

    def with_wrappers(self, caller: int, rows: list) -> list:
        """A call's rows (target, resolution, candidates), with the wrappers of the decorated functions
        they reach (resolution `inferred`)."""
        if not rows or caller not in self.t.syms or self.t.lang.get(self.t.syms[caller].file) != "python":
            return rows
        found = {target for target, _, _ in rows}
        extra = [(w, "inferred", 0) for target, how, _ in rows if target is not None and how != "possible"
                 for w in sorted(self.wrappers(target, caller)) if w not in found]
        return rows + list(dict.fromkeys(extra)) if extra else rows

    def wrappers(self, fn: int, caller: int) -> frozenset:
        """The wrapper functions a call of the decorated function `fn` from `caller` runs (its outermost
        decorator's closure, else the next one's: an outer decorator returning what it was passed).
        None from inside one of its decorators, whose parameter holds the function as it was defined."""
        sym = self.t.syms.get(fn)
        if sym is None or sym.parent is None or "@" + sym.name not in self.t.bindings.get(sym.parent, {}):
            return EMPTY
        decorators = self.decorators(sym.parent, sym.name)
        inside = self.t.syms[caller].qualname + "." if caller in self.t.syms else ""
        for decorator in decorators:
            for kind, dec in self.expr(sym.parent, decorator):
                if kind == "fn" and dec in self.t.syms and inside.startswith(self.t.syms[dec].qualname + "."):
                    return EMPTY
        return frozenset(x for _, x in self._wrapper(sym.parent, decorators) if x != fn)

    def _wrapper(self, scope: int, decorators: list[str]) -> frozenset:
        for decorator in decorators:
            closures = self.solver.ask_call(("dc", scope, decorator), self._closures, scope, decorator)
            if closures:
                return closures
        return EMPTY

    def _closures(self, scope: int, decorator: str) -> frozenset:
        """The wrappers a decorator returns: functions defined inside it that reach for what it was
        passed (`_wraps`), none enclosing another (`decorator` in `def deco(x): def decorator(f):
        def inner(): …`, which a decorator usable with or without arguments returns too)."""
        out: set = set()
        made = self.r.first_order.expr(scope, decorator) if decorator[-1:] == ")" else self.expr(scope, decorator)
        for kind, dec in made:         # `@factory(x)`: what its code returns (a registry's callers' functions flow back)
            if kind != "fn" or dec not in self.t.syms:
                continue
            inside = self.t.syms[dec].qualname + "."
            out |= {a[1] for a in self.returns(dec) if a[0] == "fn" and a[1] in self.t.syms
                    and self.t.syms[a[1]].qualname.startswith(inside) and self._wraps(a[1], dec)}
        quals = [self.t.syms[c].qualname for c in out]
        return frozenset(("fn", c) for c in out if not any(q.startswith(self.t.syms[c].qualname + ".") for q in quals))

    def _wraps(self, closure: int, decorator: int) -> bool:
        """Whether a closure calls a parameter of the functions enclosing it up to the decorator
        (`return f(*args)`, read from its bindings and argument rows): a wrapper calls what it wraps; a
        closure passing parameters on (`def dec(func): return self.filter(name, func)`) is a decorator
        itself. A closure whose body binds nothing (`f()` alone) is given the benefit of the doubt."""
        params: set[str] = set()
        sym = self.t.syms[closure]
        while sym.parent is not None and sym.id != decorator:
            sym = self.t.syms[sym.parent]
            params |= {name for name, rows in self.t.bindings.get(sym.id, {}).items()
                       if any(kind == "param" for kind, _ in rows)}
        texts = [name[1:] + "(" if name[:1] == "(" else value for name, rows in self.t.bindings.get(closure, {}).items()
                 for kind, value in rows if kind != "param"]
        params -= {"self", "cls"}
        return not texts or any(not params.isdisjoint(CALLED.findall(text)) for text in texts)
