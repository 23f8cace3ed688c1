"""What a bare name holds in a scope, at a point of its body: bindings in order, enclosing scopes,
imports, star imports and `global`.

Order matters only in a scope where some name is bound again at the top level of its body after its
first binding (`BindingRow.flow`, graphmind/index/flowfacts.py). There the top-level rebindings
("cuts") split the body into intervals; a call at line L is evaluated at the point of its interval
(the number of cuts before L; None: after the last one, as every enclosing scope's code and every
function defined inside sees it). A name's bindings that reach a point are those from its last
top-level binding before the interval to the next cut: `w = Csv(); w.write(); w = Json(); w.close()`
gives `close` to Json only, while a binding in a branch or loop stays a union with what precedes it.
When the bindings that reach a point give nothing known, every binding of the name counts (as
without order: an empty set means "not known", never "nothing"); so does an expression whose name's
value at its point leads nowhere (`TypeEval._expr`: a member missing from the class it types as is
evidence that the typing is loose, not that the call goes nowhere). Part of `TypeEval`
(graphmind/resolve/python/evaluator.py).
"""
from __future__ import annotations

from bisect import bisect_left

from graphmind.resolve.memo import UNSEEN
from graphmind.resolve.pyexpr import split_top
from graphmind.resolve.python.containers import of

EMPTY: frozenset = frozenset()
_CLASSES = ("class", "struct", "interface", "trait", "enum")
# annotations that say a value is of a built-in type (`options: dict[str, Any]`): no workspace object,
# so what callers pass is not asked for
_BUILTIN_TYPES = frozenset({"str", "int", "float", "bool", "bytes", "dict", "list", "set", "tuple", "frozenset",
                            "Dict", "List", "Set", "Tuple", "FrozenSet"})


def _builtin(annotation: str) -> bool:
    """Whether an annotation names a built-in type (or a union of them, `None` aside)."""
    parts = [p.strip().strip("'\"") for p in split_top(annotation.strip().strip("'\""), "|")]
    heads = [p.partition("[")[0].strip().rpartition(".")[2] for p in parts if p and p != "None"]
    return bool(heads) and all(h in _BUILTIN_TYPES for h in heads)
Row = tuple[str, str, "int | None"]          # (kind, text, the point it is evaluated at)


class Names:
    """The name half of the evaluator (mixed into TypeEval: t, r, solver, atom, binding, flowed, items)."""

    def name(self, scope: int, name: str, at: int | None = None) -> frozenset:
        """What a bare name holds in a scope (`at`: the point of the scope's body, see the module doc)."""
        key = ("n", scope, name) if at is None else ("n", scope, name, at)
        return self.solver.ask_call(key, self._name, scope, name, at)

    def widened(self, scope: int, name: str, value: frozenset) -> frozenset | None:
        """What a bare name holds at some point of a scope (the union over its intervals: every binding),
        when that is more than `value`, what it holds at one point; else None. An expression whose name's
        value at its point leads nowhere (`p = c.parent; p.save()` where `c.parent` types as a class-level
        field with no `save`; a property read) is read again with it."""
        if scope not in self.t.order or not name.isidentifier():
            return None
        wider = self.solver.ask_call(("n*", scope, name), self._everywhere, scope, name)
        return wider if wider != value else None

    def _everywhere(self, scope: int, name: str) -> frozenset:
        points = (None, *range(len(self.cuts(scope))))
        return frozenset().union(*(self.name(scope, name, at) for at in points))

    def point(self, scope: int, line: int | None) -> int | None:
        """The point of a scope's body that a line is in: None where order does not matter or after the last cut."""
        if line is None or scope not in self.t.order:
            return None
        cuts = self.cuts(scope)
        at = bisect_left(cuts, line)
        return None if at == len(cuts) else at

    def cuts(self, scope: int) -> tuple[int, ...]:
        """The lines of a scope's top-level rebindings, in order."""
        hit = self._cuts.get(scope)
        if hit is None:
            out: set[int] = set()
            for name, lines in self.t.order.get(scope, {}).items():
                if name == "*":                     # a star import rebinds what its module exports
                    out.update(line for line, flow in lines if flow == 1)
                elif name and (name[0].isalpha() or name[0] == "_"):
                    first = min(line for line, _ in lines)
                    out.update(line for line, flow in lines if flow == 1 and line > first)
            hit = self._cuts[scope] = tuple(sorted(out))
        return hit

    def rows(self, scope: int, name: str, at: int | None = None, every: bool = False) -> list[Row]:
        """A name's bindings in a scope (under "" its returns, "(f" the arguments passed to f) that reach
        point `at`, each with the point it is evaluated at; `every`: all of them."""
        bound = self.t.bindings.get(scope, {}).get(name, ())
        lines = self.t.order.get(scope, {}).get(name)
        cuts = self.cuts(scope) if lines is not None else ()
        if not cuts:
            return [(kind, text, None) for kind, text in bound]
        pairs = list(zip(bound, lines))
        if "*" in self.t.order[scope] and name[:1] not in ("", "(", "[", "@"):
            pairs = sorted(pairs + self._stars_binding(scope, name), key=lambda p: p[1][0])
        low = cuts[-1] if at is None else cuts[at - 1] if at > 0 else None
        end = cuts[at] if at is not None else None
        start = max((line for _, (line, flow) in pairs if flow == 1 and low is not None and line <= low), default=0)
        return [(kind, text, self.point(scope, line)) for (kind, text), (line, _) in pairs
                if every or start <= line and (end is None or line < end)]

    def _stars_binding(self, module: int, name: str) -> list:
        """The star imports of a module whose module exports `name`: ((kind, module), (line, flow)) rows."""
        out = []
        for (kind, text), where in zip(self.t.bindings[module]["*"], self.t.order[module]["*"]):
            written = text.lstrip(".")
            for star in self.t.stars.get(module, ()):
                if (star == written or star.endswith("." + written) or not written) and \
                        self._exports(star, name) and self.member_of_module(star, name):
                    out.append(((kind, star), where))
                    break
        return out

    def _name(self, scope: int, name: str, at: int | None) -> frozenset:
        t, r = self.t, self.r
        if name in ("self", "cls") and self._is_receiver(scope, name):
            return frozenset({("inst" if name == "self" else "cls", r.enclosing_class(scope))})
        s, first = scope, True
        while s is not None:
            sym = t.syms.get(s)
            if sym is None:
                break
            if first or sym.kind not in _CLASSES:
                child = t.children.get(s, {}).get(name)
                bound = t.bindings.get(s, {}).get(name)
                if bound and any(k == "global" for k, _ in bound):
                    s = self._module_of(s)
                    first = False
                    continue
                if child is not None or bound:
                    value = {self.atom(child)} if child is not None and not any(
                        k == "def" for k, _ in bound or ()) else set()
                    value |= self._bound(s, name, at if first else None)
                    imp = r.import_of(s, name)      # `from x import C as cls` in a branch
                    value |= of(self.items(s, name))        # elements, not the container
                    if sym.parent is None and bound:
                        value |= self._set_globally(s, name)
                    return frozenset(value | (self.imported(*imp) if imp is not None else EMPTY))
                imp = r.import_of(s, name)
                if imp is not None:
                    return self.imported(*imp)
            if sym.parent is None:
                for star in t.stars.get(s, ()):
                    value = self.member_of_module(star, name)
                    if value:
                        return value
            first = False
            s = sym.parent
        return EMPTY

    def _bound(self, scope: int, name: str, at: int | None) -> set:
        """What the bindings of a name in its scope that reach a point give it; a parameter no annotation
        types holds what its callers pass. (No rule here may test what `value` holds: inside a cycle still
        being solved it is provisional, and what such a rule added would stay in the cycle's answer, which
        would then depend on what was asked first. "When the bindings reaching a point give nothing, take
        all of them" was such a rule.)"""
        rows = self.rows(scope, name, at)
        value: set = set()
        for kind, text, where in rows:
            value |= self._held(scope, name, kind, text, where)
        if self.flows and any(kind == "param" for kind, _, _ in rows) and not self._typed_here(scope, name, rows):
            for kind, text, _ in rows:
                value |= self.flowed(scope, name, text) if kind == "param" else EMPTY
        if any(kind == "param" for kind, _, _ in rows):      # `def f(factory=Widget)`: what it may hold too
            for kind, text in self.t.bindings.get(scope, {}).get("=" + name, ()):
                value |= self.binding(scope, kind, text)
        return value

    def _typed_here(self, scope: int, name: str, rows: list[Row]) -> bool:
        """Whether a parameter's value comes from its scope, not its callers: an annotation says what it
        holds (`f: F`; not `cb: Callable`, which gives nothing known, nor `Callable[..., F]`,
        which gives only what calling it returns), or a binding reaching the point
        does, as the first-order evaluator (no parameter flow) sees it: `expr = sympify(expr)`. Not
        `value` itself: inside a cycle still being solved it is provisional, and what the callers brought
        meanwhile would stay in the cycle's answer, which would then depend on what was asked first.
        (A parameter's annotation is bound on its own line, so it reaches wherever the parameter does.)"""
        first = self.r.first_order
        return any(any(a[0] != "tfn" for a in first._held(scope, name, kind, text, where))
                   or kind == "annot" and _builtin(text) for kind, text, where in rows if kind != "param")

    def _exports(self, module: str, name: str) -> bool:
        """Whether `from module import *` binds the name: listed in a literal `__all__`, else public."""
        listed = self._all.get(module, UNSEEN)
        if listed is UNSEEN:                   # read once a pass per module, not per name asked
            msym = self.t.by_qual.get(module)
            rows = self.t.bindings.get(msym, {}).get("__all__", ()) if msym is not None else ()
            listed = self._all[module] = frozenset(item.strip("'\"") for item in split_top(rows[0][1][1:-1], ",")) \
                if len(rows) == 1 and rows[0][0] == "assign" and rows[0][1][:1] in "([" else None
        return name in listed if listed is not None else not name.startswith("_")

    def _held(self, scope: int, name: str, kind: str, text: str, at: int | None) -> frozenset:
        """What one binding of a name gives it: a definition (`def`), a star import, an expression."""
        if kind == "def":
            child = self.t.children.get(scope, {}).get(name)
            return frozenset({self.atom(child)}) if child is not None else EMPTY
        if kind == "star":
            return self.member_of_module(text, name)
        return self.binding(scope, kind, text, at) if kind != "param" else EMPTY

    def _set_globally(self, module: int, name: str) -> set:
        """What functions of the module that declare the name `global` assign to it (any time: a union)."""
        declared = self._globals.get(module)
        if declared is None:
            declared = self._globals[module] = {}
            sym = self.t.syms.get(module)
            for s in self.t.file_syms.get(sym.file, ()) if sym is not None else ():
                for bound_name, bound in self.t.bindings.get(s, {}).items() if s != module else ():
                    if any(kind == "global" for kind, _ in bound):
                        declared.setdefault(bound_name, []).append(s)
        out: set = set()
        for s in declared.get(name, ()):
            for kind, text, where in self.rows(s, name, every=True):
                if kind not in ("global", "param"):
                    out |= self.binding(s, kind, text, where)
        return out

    def _is_receiver(self, scope: int, name: str) -> bool:
        """Whether `self`/`cls` here is a method's receiver parameter (its first), not a variable of that
        name nor a later parameter (`def __init__(self, cls)`: a class passed in)."""
        t = self.t
        sym = t.syms.get(scope)
        while sym is not None:
            bound = t.bindings.get(sym.id, {}).get(name)
            if bound or name in t.imports.get(sym.id, {}):
                parent = t.syms.get(sym.parent) if sym.parent is not None else None
                return (parent is not None and parent.kind in _CLASSES
                        and all(kind == "param" and text == "0" for kind, text in bound or [("import", "")]))
            sym = t.syms.get(sym.parent) if sym.parent is not None else None
        return False

    def _bound_name(self, owner: int, module: str, name: str) -> str:
        """The name a re-exported variable has in the module that binds it (aliases followed)."""
        if name in self.t.bindings.get(owner, {}):
            return name
        msym = self.t.by_qual.get(module)
        imp = self.t.imports.get(msym, {}).get(name) if msym is not None else None
        return self._bound_name(owner, imp[0], imp[1]) if imp is not None and imp[1] else name

    def _module_of(self, scope: int) -> int | None:
        sym = self.t.syms.get(scope)
        while sym is not None and sym.parent is not None:
            sym = self.t.syms.get(sym.parent)
        return sym.id if sym is not None else None

    def imported(self, module: str, symbol: str | None) -> frozenset:
        if symbol is None:
            return frozenset({("mod", module)}) if module in self.t.packages else EMPTY
        return self.member_of_module(module, symbol)

    def member_of_module(self, module: str, name: str) -> frozenset:
        hit = self.r.in_module(module, name, set())
        if hit is not None:
            return frozenset({self.atom(hit)})
        owner = self.r.binding_owner(module, name)
        if owner is not None:
            return self.name(owner, self._bound_name(owner, module, name))
        sub = f"{module}.{name}"
        return frozenset({("mod", sub)}) if sub in self.t.packages else EMPTY
