"""What a Python expression holds, as far as the workspace tells: classes, instances, functions, modules.

Flow-insensitive and deliberately small: a name's value is the union of what every binding in its
scope gives it; `x = Cls()` makes an instance, `c: Cls` too, `self.db = Db()` in any method types the
attribute for the class and its subclasses, a function's value when called is its return annotation
or the union of its `return` expressions. An empty set means "not known", never "nothing".
"""
from __future__ import annotations


from graphmind.resolve.fixpoint import Solver
from graphmind.resolve.hooks import Resolving
from graphmind.resolve.python.arguments import ArgumentFlow
from graphmind.resolve.python.containers import Containers
from graphmind.resolve.pyexpr import match_bracket, parse_chain, split_top

Atom = tuple[str, object]          # ('fn', id) | ('cls', id) | ('inst', id) | ('mod', qualname)
Value = frozenset
EMPTY: Value = frozenset()
MAX_SUBCLASSES = 32     # a base with more subclasses than this: its missing attributes are not looked for below


class TypeEval(ArgumentFlow, Containers):
    """Evaluates Python expressions against the resolver's tables; memoized for one resolve pass."""

    def __init__(self, resolver: Resolving, flows: bool = True):
        self.r, self.t, self.flows = resolver, resolver.t, flows
        self.solver = Solver(frozenset.union)

    def atom(self, sid: int) -> Atom:
        kind = self.t.syms[sid].kind
        if kind == "module":
            return ("mod", self.t.syms[sid].qualname)
        if kind in ("class", "struct", "interface", "trait", "enum"):
            return ("cls", sid)
        return ("fn", sid)

    # -- names -----------------------------------------------------------------------------------
    def name(self, scope: int, name: str) -> Value:
        """What a bare name holds in a scope."""
        return self.solver.ask_call(("n", scope, name), self._name, scope, name)

    def _name(self, scope: int, name: str) -> Value:
        t, r = self.t, self.r
        if name in ("self", "cls") and self._is_receiver(scope, name):
            return frozenset({("inst" if name == "self" else "cls", r.enclosing_class(scope))})
        s, first = scope, True
        while s is not None:
            sym = t.syms.get(s)
            if sym is None:
                break
            if first or sym.kind not in ("class", "struct", "interface", "trait", "enum"):
                child = t.children.get(s, {}).get(name)
                bound = t.bindings.get(s, {}).get(name)
                if bound and any(k == "global" for k, _ in bound):
                    s = self._module_of(s)
                    first = False
                    continue
                if child is not None or bound:
                    value = {self.atom(child)} if child is not None else set()
                    for kind, text in bound or ():
                        if kind != "param":
                            value |= self.binding(s, kind, text)
                    if not value:                  # no annotation says (`f: F`, `cb: Callable`): the callers
                        for kind, text in bound or ():
                            value |= self.flowed(s, name, text) if kind == "param" else EMPTY
                    imp = r.import_of(s, name)      # `from x import C as cls` in a branch
                    value |= {("of", a) for a in self.items(s, name)}   # elements, not the container
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

    def _is_receiver(self, scope: int, name: str) -> bool:
        """Whether `self`/`cls` here is a method's receiver parameter, not a variable of that name."""
        t = self.t
        sym = t.syms.get(scope)
        while sym is not None:
            bound = t.bindings.get(sym.id, {}).get(name)
            if bound or name in t.imports.get(sym.id, {}):
                parent = t.syms.get(sym.parent) if sym.parent is not None else None
                return (parent is not None and parent.kind in ("class", "struct", "interface", "trait", "enum")
                        and all(kind == "param" for kind, _ in bound or [("import", "")]))
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

    def binding(self, scope: int, kind: str, text: str) -> Value:
        """The value one binding gives its name."""
        if kind == "assign":
            return self.expr(scope, text)
        if kind == "annot":
            return self.annotation(scope, text)
        if kind == "with":
            value = self.expr(scope, text)
            entered = self.call(self.attr(value, "__enter__"), "")
            yielded = {a for g in value if g[0] == "gen" for a in self.yields(g[1])}   # @contextmanager
            return entered or frozenset(yielded) or value
        if kind == "loop":                       # `for f in (a, b):`, `for x in gen()`, `for x in obj`
            return self.iterate(self.expr(scope, text), text[:1] in ("(", "[", "{"))
        if kind == "item":                       # `self.d[k] = v`: v is an element of the attribute
            return frozenset(("of", a) for a in self.expr(scope, text))
        return EMPTY

    def imported(self, module: str, symbol: str | None) -> Value:
        if symbol is None:
            return frozenset({("mod", module)}) if module in self.t.packages else EMPTY
        return self.member_of_module(module, symbol)

    def member_of_module(self, module: str, name: str) -> Value:
        hit = self.r.in_module(module, name, set())
        if hit is not None:
            return frozenset({self.atom(hit)})
        owner = self.r.binding_owner(module, name)
        if owner is not None:
            return self.name(owner, self._bound_name(owner, module, name))
        sub = f"{module}.{name}"
        return frozenset({("mod", sub)}) if sub in self.t.packages else EMPTY

    # -- expressions -----------------------------------------------------------------------------
    def expr(self, scope: int, text: str) -> Value:
        """What an expression evaluates to."""
        return self.solver.ask_call(("e", scope, text), self._expr, scope, text.strip())

    def _expr(self, scope: int, text: str) -> Value:
        if text.startswith("await "):
            text = text[6:].strip()
        if not text:
            return EMPTY
        if text[0] in "([{" and match_bracket(text, 0) == len(text) - 1:
            inner = text[1:-1]
            if text[0] == "(" and "," not in inner:
                return self.expr(scope, inner)
            out: set = set()
            for item in split_top(inner, ","):
                if text[0] == "{" and ":" in item:
                    item = split_top(item, ":")[-1]
                out |= self.expr(scope, item) if item else EMPTY
            return frozenset(out)
        chain = parse_chain(text)
        if chain is None:
            return EMPTY
        if chain[0][1] in ("partial", "functools") and any(k == "call" for k, _ in chain[:3]):
            for i, (kind, arg) in enumerate(chain):
                if kind == "call" and chain[i - 1][1] == "partial":
                    first = split_top(arg, ",")[0]
                    return self.expr(scope, first) if first else EMPTY
        value, i = self.head(scope, chain)
        while i < len(chain):
            kind, arg = chain[i]
            i += 1
            if not value:
                return EMPTY
            if kind == "attr" and arg == "get" and i < len(chain) and chain[i][0] == "call" and \
                    any(a[0] in ("fn", "cls") or a[0] == "of" and a[1][0] in ("fn", "cls") for a in value):
                value, i = self.get_item(scope, value, chain[i][1]), i + 1
            elif kind == "attr":
                value = self.attr(value, arg)
            elif kind == "call":
                value = self.call(value, arg)
            else:
                value = self.subscript(value)
        return value

    def annotation(self, scope: int, text: str) -> Value:
        """The instances an annotation promises (`Cls`, `"Cls"`, `Optional[Cls]`, `Cls | None`)."""
        text = text.strip().strip("'\"")
        for wrapper in ("Optional[", "typing.Optional[", "Union[", "typing.Union[", "Annotated["):
            if text.startswith(wrapper) and text.endswith("]"):
                text = split_top(text[len(wrapper):-1], ",")[0]
        if text.startswith(("type[", "Type[")) and text.endswith("]"):
            return frozenset(a for a in self.expr(scope, text[5:-1]) if a[0] == "cls")
        parts = [p for p in split_top(text, "|") if p and p != "None"]
        out: set = set()
        for part in parts[:1] if len(parts) == 1 else parts:
            if "[" in part:
                out |= self.generic(scope, part)
                continue
            out |= {("inst", a[1]) for a in self.expr(scope, part) if a[0] == "cls"}
        return frozenset(out)

    def call(self, value: Value, args: str) -> Value:
        """What calling a value returns."""
        out: set = set()
        for kind, x in value:
            if kind == "cls":
                out.add(("inst", x))
            elif kind == "fn":
                out |= {("gen", x)} if self.is_generator(x) else self.returns(x)
            elif kind == "inst":
                hit = self.r.member(x, "__call__")
                if hit is not None:
                    out |= self.returns(hit)
        return frozenset(out)

    def returns(self, fn: int) -> Value:
        """What a function returns: its return annotation, else the union of its return expressions."""
        def compute() -> Value:
            rows = self.t.bindings.get(fn, {}).get("", [])
            for kind, text in rows:
                if kind == "returns":
                    value = self.annotation(fn, text)
                    if value:
                        return value
            out: set = set()
            for kind, text in rows:
                if kind == "return":
                    out |= self.expr(fn, text)
            return frozenset(out)
        return self.solver.ask(("r", fn), compute)

    def attr(self, value: Value, name: str) -> Value:
        """What `value.name` holds."""
        out: set = set()
        for kind, x in value:
            if kind == "mod":
                out |= self.member_of_module(x, name)
            elif kind == "super":
                out |= self.super_member(x, name)
            elif kind in ("cls", "inst"):
                hit = self.r.member(x, name)
                if hit is not None:
                    out.add(self.atom(hit))
                else:
                    out |= self.class_attr(x, name)
        return frozenset(out)

    def class_attr(self, cls: int, name: str) -> Value:
        """The value of a data attribute of a class: class-level bindings and `self.name = …` in methods.
        When no class of its MRO binds it and none comes from outside, an instance must be of a subclass
        whose methods set it (a base's `self.hook()` that each subclass sets in `__init__`), if few."""
        def compute() -> Value:
            out, bound = set(), False
            for k in self.r.mro(cls):
                out |= self._own_attr(k, name)
                if out:
                    return frozenset(out)
                bound = bound or name in self.t.attrs.get(k, {})
            for sub in self.r.subclasses(cls, MAX_SUBCLASSES) if not bound and self.r.closed(cls) else ():
                out |= self._own_attr(sub, name, set_in_methods=True)
            return frozenset(out)
        return self.solver.ask(("a", cls, name), compute)

    def _own_attr(self, cls: int, name: str, set_in_methods: bool = False) -> set:
        out: set = set()
        for scope, kind, text in self.t.attrs.get(cls, {}).get(name, ()):
            if not set_in_methods or scope != cls:            # `self.x = …`, not a class-level binding
                out |= self.binding(scope, kind, text)
        return out

    def subscript(self, value: Value) -> Value:
        """What `value[k]` holds: an element of a literal collection, what __getitem__ returns, or for a
        class the class itself (`Box[int](...)` builds a Box)."""
        out: set = set()
        for kind, x in value:
            if kind == "cls":
                out.add((kind, x))
            if kind == "inst":
                hit = self.r.member(x, "__getitem__")
                if hit is not None:
                    out |= self.returns(hit)
            elif kind in ("fn", "of", "vals"):
                out.add((kind, x) if kind == "fn" else x)
        return frozenset(out)

    def targets(self, scope: int, callee: str) -> list[int]:
        """The definitions a call of `callee` reaches: functions, constructors, `__call__`."""
        out: list[int] = []
        for kind, x in sorted(self.expr(scope, callee), key=str):
            if kind == "fn":
                out.append(x)
            elif kind == "cls":
                out.extend(self.r.constructor(x))
            elif kind == "inst":
                hit = self.r.member(x, "__call__")
                if hit is not None:
                    out.append(hit)
        return list(dict.fromkeys(out))
