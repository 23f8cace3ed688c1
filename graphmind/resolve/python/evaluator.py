"""What a Python expression holds, as far as the workspace tells: classes, instances, functions, modules.

Deliberately small: a name's value is the union of what every binding in its scope gives it (in order
where the scope rebinds it, names.py); `x = Cls()` makes an instance, `c: Cls` too, `self.db = Db()` in any
method types the attribute for the class and its subclasses, a function's value when called is its return
annotation or the union of its `return` expressions. An empty set means "not known", never "nothing".
"""
from __future__ import annotations

from graphmind.resolve.fixpoint import Solver
from graphmind.resolve.hooks import Resolving
from graphmind.resolve.memo import UNSEEN
from graphmind.resolve.python.annotations import Annotations
from graphmind.resolve.python.arguments import ArgumentFlow
from graphmind.resolve.python.containers import HELD_METHODS, Containers, held, in_order, of
from graphmind.resolve.python.decorators import Decorators
from graphmind.resolve.python.names import Names
from graphmind.resolve.pyexpr import comprehension_element, match_bracket, parse_chain, split_top

Atom = tuple[str, object]          # ('fn', id) | ('cls', id) | ('inst', id) | ('mod', qualname)
Value = frozenset
EMPTY: Value = frozenset()
MAX_SUBCLASSES = 32     # a base with more subclasses than this: its missing attributes are not looked for below
MAX_DECLARING = 128     # the same for an attribute the base declares None (the subclasses' to set: WTForms' widget)


class TypeEval(Names, ArgumentFlow, Containers, Decorators, Annotations):
    """Evaluates Python expressions against the resolver's tables; memoized for one resolve pass."""

    def __init__(self, resolver: Resolving, flows: bool = True, hops: bool = True):
        self.r, self.t, self.flows, self.hops = resolver, resolver.t, flows, hops and flows
        self.solver = Solver(frozenset.union)
        self._cuts: dict[int, tuple[int, ...]] = {}          # scope -> lines of its top-level rebindings
        self._globals: dict[int, dict[str, list[int]]] = {}  # module -> name -> functions declaring it global
        self._stores: dict[int, dict[str, list[int]]] = {}  # file -> "[name" -> scopes storing into name
        self._all: dict[str, frozenset | None] = {}          # module -> the names its literal __all__ lists
        self._declared_calls: dict[int, tuple | None] = {}  # function -> how its declarations type a call (annotations.py)
        self._same_classes: dict[int, list[int]] = {}        # class -> the classes defined under its name

    def atom(self, sid: int) -> Atom:
        kind = self.t.syms[sid].kind
        if kind == "module":
            return ("mod", self.t.syms[sid].qualname)
        if kind in ("class", "struct", "interface", "trait", "enum"):
            return ("cls", sid)
        return ("fn", sid)

    def binding(self, scope: int, kind: str, text: str, at: int | None = None) -> Value:
        """The value one binding gives its name (`at`: the point of the scope's body it is at)."""
        if kind == "assign" or kind == "local" and text:     # `i += n`: `i.__iadd__(n) or i.__add__(n)`
            return self.expr(scope, text, at)
        if kind == "annot":
            return self.annotation(scope, text)
        if kind == "with":
            value = self.expr(scope, text, at)
            entered = self.call(self.attr(value, "__enter__"), "")
            yielded = {a for g in value if g[0] == "gen" for a in self.yields(g[1])}   # @contextmanager
            return entered or frozenset(yielded) or value
        if kind == "loop":                       # `for f in (a, b):`, `for x in gen()`, `for x in obj`
            return self.iterate(self.expr(scope, text, at), text[:1] in ("(", "[", "{"))
        if kind == "loopitem":                   # `for a, b in xs`: an element of an element of xs
            key, _, text = text.partition("\t")
            return self.subscript(self.iterate(self.expr(scope, text, at), text[:1] in ("(", "[", "{")), key=key)
        if kind == "item":                       # `self.d[k] = v`: v is an element of the attribute
            return of(self.expr(scope, text, at))
        if kind == "default":                    # `def f(factory=Widget)`: read where the def is
            return self.expr(self.t.syms[scope].parent or scope, text)
        return EMPTY

    # -- expressions -----------------------------------------------------------------------------
    def expr(self, scope: int, text: str, at: int | None = None) -> Value:
        """What an expression evaluates to (`at`: the point of the scope's body, python/names.py). A bare
        name is what the name holds: asked as that, not as an expression around it (a question fewer)."""
        if text.isidentifier() and text.isascii():
            return self.name(scope, text, at)
        key = ("e", scope, text) if at is None else ("e", scope, text, at)
        return self.solver.ask_call(key, self._expr, scope, text.strip(), at)

    def _expr(self, scope: int, text: str, at: int | None) -> Value:
        if text.startswith("await "):
            text = text[6:].strip()
        if not text:
            return EMPTY
        if text[0] in "([{" and match_bracket(text, 0) == len(text) - 1:
            inner = text[1:-1]
            element = comprehension_element(inner)
            items = [element] if element is not None else split_top(inner, ",")
            if text[0] == "(" and element is None and len(items) == 1 and not inner.rstrip().endswith(","):
                return self.expr(scope, inner, at)              # parentheses, not a tuple
            values = [split_top(item, ":")[-1] if text[0] == "{" and ":" in item else item for item in items]
            value_of = self.expr if element is None else self.built     # a comprehension: what it builds
            out = {a for item in values if item for a in value_of(scope, item, at)}
            return held(out, mapping=text[0] == "{" and ":" in items[0])
        chain = parse_chain(text)
        if chain is None:
            return self.alternatives(scope, text, at)
        if len(chain) == 2 and chain[0][1] in ("staticmethod", "classmethod") and chain[1][0] == "call":
            return self.expr(scope, chain[1][1], at)            # `concat = staticmethod(fn)`: fn
        if chain[0][1] in ("partial", "functools") and any(k == "call" for k, _ in chain[:3]):
            for i, (kind, arg) in enumerate(chain):
                if kind == "call" and chain[i - 1][1] == "partial":
                    first = split_top(arg, ",")[0]
                    return self.expr(scope, first, at) if first else EMPTY
        value, i = self.head(scope, chain, at)
        out = self._walk(scope, chain, value, i, at)
        if not out and value and i == 1:         # a name's value that leads nowhere: every binding of it
            wider = self.widened(scope, chain[0][1], value)
            out = self._walk(scope, chain, wider, 1, at) if wider is not None else out
        if not out and i == 1 and len(chain) > 1 and chain[1][0] == "attr":
            out = self._walk(scope, chain, self.narrowed(scope, chain[0][1]), 1, at)
        return out

    def narrowed(self, scope: int, name: str, line: int | None = None) -> Value:
        """The instances `isinstance(name, C)` checks in the scope say a name may hold: read only where
        what it holds has no member called, so a check never adds a second type to a typed value.
        With `line`: the innermost check whose block holds the line alone (python/narrowing.py)."""
        out: set = set()
        rows = self.t.bindings.get(scope, {}).get("?" + name, ())
        if line is not None:
            spans = [(int(first), text) for _, (text, first, last) in ((k, v.split("\t")) for k, v in rows
                     if v.count("\t") == 2) if int(first) <= line and (last == "0" or line <= int(last))]
            rows = [("narrow", max(spans)[1])] if spans else ()
        for kind, text in rows:
            text = text.partition("\t")[0]
            inner = text[1:-1] if text[:1] == "(" and text[-1:] == ")" else text
            for part in split_top(inner, ","):
                out |= {("inst", a[1]) for a in self.expr(scope, part) if a[0] == "cls"} if part else EMPTY
        return frozenset(out)

    def alternatives(self, scope: int, text: str, at: int | None) -> Value:
        """`a if c else b` and `a or b`: what either side may be; `a and b`: what b is."""
        chained = split_top(text, " = ")
        if len(chained) > 1:                     # `a = b = f`: a's text is `b = f`
            return self.expr(scope, chained[-1], at)
        if " if " in text and " else " in text:
            first, *rest = split_top(text, " if ")
            if rest:
                _, *other = split_top(" if ".join(rest), " else ")
                if other:
                    return self.expr(scope, first, at) | self.expr(scope, " else ".join(other), at)
        for sep in (" or ", " and "):
            parts = split_top(text, sep)
            if len(parts) > 1:
                return frozenset().union(*(self.expr(scope, p, at) for p in (parts if sep == " or " else parts[-1:])))
        return EMPTY

    def _walk(self, scope: int, chain: tuple, value: Value, i: int, at: int | None) -> Value:
        """The value of a chain's steps from the i-th on, starting from `value`."""
        while i < len(chain):
            kind, arg = chain[i]
            i += 1
            if not value:
                return EMPTY
            if kind == "attr" and arg == "get" and i < len(chain) and chain[i][0] == "call" and \
                    any(a[0] in ("fn", "cls", "of", "vals") for a in value):
                value, i = self.get_item(scope, value, chain[i][1], at), i + 1
            elif kind == "attr" and arg in HELD_METHODS and i < len(chain) and chain[i][0] == "call" and \
                    any(a[0] in ("of", "vals") for a in value):
                value, i = self.held_method(scope, value, arg, chain[i][1], at), i + 1
            elif kind == "attr":
                value = self.attr(value, arg)
            elif kind == "call":
                value = self.call(value, arg, scope, at)
            else:
                value = self.subscript(value, sliced=len(split_top(arg, ":")) > 1, key=arg.strip())
        return value

    def built(self, scope: int, text: str, at: int | None) -> Value:
        """A comprehension's element, when it builds instances of classes (`Cls(x)`, `mod.Cls(x)`) or
        names them without a call: what a function returns per element is not followed there (on
        SymPy that cost a tenth of the cold index for few edges)."""
        chain = parse_chain(text)
        calls = [i for i, (kind, _) in enumerate(chain or ()) if kind == "call"]
        if chain is None or len(calls) > 1 or calls and calls[0] != len(chain) - 1:
            return EMPTY
        if not calls:
            return self.expr(scope, text, at)
        head = self.expr(scope, text[:len(text) - len(chain[-1][1]) - 2], at)     # `Cls` of `Cls(f(x))`
        return frozenset(("inst", x) for kind, x in head if kind == "cls") if head and \
            all(kind == "cls" for kind, _ in head) else EMPTY

    def call(self, value: Value, args: str, scope: int | None = None, at: int | None = None) -> Value:
        """What calling a value returns (`scope`, `at`: where `args` are written, when known)."""
        out: set = set()
        for kind, x in value:
            if kind == "cls":
                out.add(("inst", x))
            elif kind == "fn":                    # typed as a module's `.pyi` stub declares it, where one does
                typed = self.r.stub_declaring(x) or x
                bound = EMPTY if scope is None or self._declared_calls.get(typed, UNSEEN) is None else \
                    self.declared_result(typed, args, scope, at)
                out |= {("gen", x)} if self.is_generator(x) else bound or \
                    (self.returns(typed) if scope is None else self.returns_here(typed, args, scope, at))
            elif kind == "inst":
                hit = self.r.member(x, "__call__")
                if hit is not None:
                    out |= self.returns(hit)
            elif kind == "tfn":                   # a method returning its class's type variable
                out |= x
        return frozenset(out)

    def returns(self, fn: int) -> Value:
        """What a function returns: its return annotation, else the union of its return expressions."""
        def compute() -> Value:
            rows = self.rows(fn, "", every=True)
            for kind, text, _ in rows:
                if kind == "returns":
                    value = self.annotation(fn, text)
                    if value:
                        return value
            out: set = set()
            for kind, text, at in rows:
                if kind == "return":
                    out |= self.expr(fn, text, at)
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
                if hit is not None and kind == "inst" and name in self.t.property_names and self.r.is_property(hit):
                    out |= self.returns(hit)          # `obj.prop` is what its getter returns
                elif hit is not None:
                    out.add(self.atom(hit))
                else:
                    out |= self.class_attr(x, name) or (self._dynamic_attr(x, name) if kind == "inst" else EMPTY)
            elif kind == "targ":                  # `Stack[Job]`: members typed by its type variable
                out |= self.type_argument(x, name)
        return frozenset(out)

    def _dynamic_attr(self, cls: int, name: str) -> Value:
        """`obj.name` that no class binds, on a class whose `__getattr__` declares what it returns."""
        hit = self.r.member(cls, "__getattr__") if name[:2] != "__" else None
        declared = hit is not None and any(k == "returns" for k, _ in self.t.bindings.get(hit, {}).get("", ()))
        return self.returns(hit) if declared else EMPTY

    def class_attr(self, cls: int, name: str) -> Value:
        """A class's data attribute: class-level bindings and `self.name = …` in methods. Bound by no class
        of the MRO (nor from outside): what a few subclasses' methods set; declared `None` in a base
        (`widget = None`): what its subclasses set, class bodies too (`widget = FileInput()`)."""
        def compute() -> Value:
            out, bound, declared = set(), False, False
            for k in self.r.mro(cls):
                out |= self._own_attr(k, name)
                if out:
                    return frozenset(out)
                own = self.t.attrs.get(k, {}).get(name, ())
                bound = bound or bool(own)
                declared = declared or any(scope == k and text == "None" for scope, _, text in own)
            if (declared or not bound) and self.r.closed(cls):
                for sub in self.r.subclasses(cls, MAX_DECLARING if declared else MAX_SUBCLASSES):
                    out |= self._own_attr(sub, name, set_in_methods=not declared)
            return frozenset(out)
        return self.solver.ask(("a", cls, name), compute)

    def _own_attr(self, cls: int, name: str, set_in_methods: bool = False) -> set:
        return set().union(*(self.binding(scope, kind, text) for scope, kind, text in self.t.attrs.get(cls, {}).get(
            name, ()) if not set_in_methods or scope != cls))      # in methods: `self.x = …`, not the class body

    def subscript(self, value: Value, sliced: bool = False, key: str = "") -> Value:
        """What `value[k]` holds: an element of a literal collection (a slice `[a:b]` of it: the same
        elements, still held), what __getitem__ returns, or for a class the class itself (`Box[int](...)`
        builds a Box)."""
        out: set = set()
        for kind, x in value:
            if kind == "cls":
                out.add((kind, x))
            if kind == "inst":
                hit = self.r.member(x, "__getitem__")
                out |= self.returns(hit) if hit is not None else self.field_at(x, key)
            elif kind == "item":                  # `tuple[A, B]`: the item at a constant index
                out |= {x[1]} if not key.isdigit() or int(key) == x[0] else set()
            elif kind in ("fn", "of", "vals"):
                out.add((kind, x) if kind == "fn" or sliced else x)
        return frozenset(out)

    def targets(self, scope: int, callee: str, at: int | None = None) -> list[int]:
        """The definitions a call of `callee` reaches: functions, constructors, `__call__`."""
        return self.targets_of(self.expr(scope, callee, at))

    def targets_of(self, value: Value) -> list[int]:
        """The definitions calling a value reaches."""
        out: list[int] = []
        for kind, x in in_order(value):
            if kind == "fn":
                out.append(x)
            elif kind == "cls":
                out.extend(self.r.constructor(x))
            elif kind == "inst":
                hit = self.r.member(x, "__call__")
                if hit is not None:
                    out.append(hit)
        return list(dict.fromkeys(out))
