"""What a member of a value holds, what calling a value returns, and a class's fields: the half of the flow evaluator
(graphmind/lang/flow/typeflow.py) that reads definitions rather than expressions."""
from __future__ import annotations

from graphmind.lang.flow import contextual, hooks
from graphmind.lang.flow.hooks import EMPTY, Value, atom
from graphmind.lang.flow.scopevars import VAR_KINDS, classes
from graphmind.lang.typescript import generics
from graphmind.resolve.pyexpr import split_top


class Members:
    """Mixed into FlowEval: needs self.r, self.t, guarded, binding, declared_type, expr."""

    def attr(self, value: Value, name: str, field_first: bool = False) -> Value:
        """What `value.name` holds: a method, a field's value, a member of a module (`field_first`:
        a name not called, in a language where fields and methods share no namespace)."""
        out: set = set()
        if generics.ARRAY in value and name in generics.ARRAY_METHODS:
            return EMPTY                         # `nodes.slice()`: the array's, not a Node's `slice`
        args = {(k, x) for k, x in value if k[:4] == "arg:"}
        if args and hooks.OUTSIDE_MEMBERS and not classes(value):     # `items.get(0)` on a `List<Item>`
            return next((got for member in hooks.OUTSIDE_MEMBERS if (got := member(frozenset(args), name))), EMPTY)
        for kind, x in value:
            got = self.field(x, name) if field_first and kind in ("inst", "cls") else EMPTY
            got = got or (self._given(self.declared(x, name), args) if args and kind == "inst" else EMPTY)
            if got:
                out |= got
            elif kind in ("inst", "cls"):
                hit = self.r.member(x, name)
                if hit is not None:
                    out.add(atom(self.r, hit))
                    owner = self.t.syms[hit].parent        # its result may be a T: of the value, or of a base
                    out |= (args or self._base_args(x, owner)) if atom(self.r, hit)[0] == "fn" and owner else set()
                elif kind == "cls" and name == "new":
                    out.add(("new", x))          # `X.new` (Ruby, Lua): calling it makes an X
                else:
                    out |= self.field(x, name)
            elif kind == "lit":                  # an object type written in place (TypeScript)
                out |= contextual.literal_member(self, x, name)
            elif kind == "mod":
                hit = self.t.children.get(x, {}).get(name)
                if hit is None:
                    hit = self.r.in_module(self.t.syms[x].qualname, name, set())
                if hit is not None:
                    out.add(atom(self.r, hit))
        return frozenset(out)

    def call(self, value: Value, nth: int = 0) -> Value:
        """What calling a value returns (its nth result, where a function returns several)."""
        out: set = set()
        for kind, x in value:
            if kind in ("cls", "new"):
                out.add(("inst", x))
            elif kind == "fn":
                out |= self.returns(x, nth) if nth else self.returns(x) or self._given([(x, v) for k, v in self.t.bindings.get(x, {}).get("", ())
                                                       if k == "returns"], value)
            elif kind == "inst" and any(k == "returns" for k, _ in self.t.bindings.get(x, {}).get("", ())):
                out |= self.returns(x, nth)          # a value of a function type (Go's `type F func() R`)
            elif kind in ("elem", "keep"):           # what a member of an outside generic gives (lang/java.py)
                out.add(("inst", x) if kind == "elem" else ("arg:E", x))
            elif kind[:6] == "gives:":               # what it gives as written (a C++ iterator to a pair: cfamily/containers.py)
                out.add((kind[6:], x))
        return frozenset(out)

    def _base_args(self, cls: int, base: int) -> set:
        """The type arguments a class gives a generic base it extends (`ItemRepo extends Repo<Item>`)."""
        return self.guarded(("ba", cls, base), lambda: frozenset(a for c in self.r.mro(cls) if base != cls for text in generics.heritage(self.t, c)
                            if "<" in text for v in [self.declared_type(c, text)] if ("inst", base) in v for a in v if a[0][:4] == "arg:"))

    def _given(self, declared: list[tuple[int, str]], value) -> Value:
        """A declared type that is a type parameter, as the type argument the value carries for it."""
        return frozenset(("inst", x) for _, text in declared for k, x in value if k == "arg:" + text.strip())

    def returns(self, fn: int, nth: int = 0) -> Value:
        """What a function returns: its declared result (the nth of several), else its return expressions."""
        def compute() -> Value:
            rows = self.t.bindings.get(fn, {}).get("", ())
            out: set = set()
            for kind, text in rows:           # Go's `(T, error)` is several results; `Box<A, B>` is one
                results = (split_top(text.strip()[1:].rstrip(")"), ",") if text.strip()[:1] == "(" else [text]) if kind == "returns" else []
                if len(results) > nth:
                    out |= self.declared_type(fn, results[nth])
            if out or any(kind == "returns" for kind, _ in rows):
                return frozenset(out)
            return frozenset(out.union(*(self.expr(fn, text) for kind, text in rows if kind == "return")))
        return self.guarded(("r", fn, nth), compute)

    def field(self, cls: int, name: str) -> Value:
        """What a field of a class (or of a base: `_def: Def` as the class gives Def) holds: its declared type (as a
        compiler reads it), else what is assigned in the class body or through `this`/`self` in one of its methods."""
        def compute() -> Value:
            out: set = set().union(*(self.written_for(c, name, v) | (generics.inherited_field(self, cls, c, v) or self.declared_type(c, v))
                                     for c, v in self.declared(cls, name)))
            for c in self.r.mro(cls) if not out else ():
                for kind, value in self.t.bindings.get(c, {}).get(name, ()):
                    if kind in VAR_KINDS:
                        out |= self.binding(c, kind, value)
                for scope, kind, value in self.t.attrs.get(c, {}).get(name, ()):
                    out |= self.binding(scope, "annot" if kind == "annot" else "assign", value)
                if out:
                    break
            return frozenset(out)
        return self.guarded(("f", cls, name), compute)

    def declared(self, cls: int, name: str) -> list[tuple[int, str]]:
        """The declared types written for a field of a class (nearest in its MRO), as (scope, type)."""
        for c in self.r.mro(cls):
            found = [(c, v) for k, v in self.t.bindings.get(c, {}).get(name, ()) if k in ("annot", "param")]
            found += [(s, v) for s, k, v in self.t.attrs.get(c, {}).get(name, ()) if k == "annot"]
            if found or name in self.t.bindings.get(c, {}):   # assigned in a method: no redeclaration
                return found
        return []
