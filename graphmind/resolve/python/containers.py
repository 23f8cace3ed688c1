"""Values kept in containers and produced by iteration: literal items, `d[k] = f`, `d.get(k, default)`,
`for x in obj` (`__iter__`/`__next__`), generators' yields, and `super()` kept in a variable.

Part of `TypeEval` (graphmind/resolve/python/evaluator.py): a container's value is the union of its elements
(a literal's items, and what `d[k] = v` / `self.d[k] = v` store anywhere in the scope that binds it);
an index that is a constant into a literal picks that element only.
"""
from __future__ import annotations

import re

from graphmind.resolve.pyexpr import comprehension_element, match_bracket, parse_chain, split_top

EMPTY: frozenset = frozenset()
_INDEX = re.compile(r"^-?\d+$|^'[^'\\]*'$|^\"[^\"\\]*\"$")
_SLICE = re.compile(r"^(-?\d+)?\s*:\s*(-?\d+)?$")

HELD_METHODS = frozenset({"pop", "popleft", "values", "copy"})   # a container's own methods that give what it holds
MAX_NESTING = 4        # containers held in containers this deep hold what the deepest holds (see `of`)


def in_order(value: frozenset) -> list | frozenset:
    """A value's atoms in a fixed order (by their text), so that what comes first never depends on
    hashing; a value of one atom as it is (most are: no sort, no text made)."""
    return sorted(value, key=str) if len(value) > 1 else value


def of(values) -> frozenset:
    """The values as elements of a container: `("of", a)`, except that an element nested MAX_NESTING
    deep already stays as it is. So values form a finite lattice: a function that stores its own
    result in what it returns (SymPy's `retdict[i] = _desolve(...)`; `return retdict`) would nest
    one level deeper each time its cycle is evaluated again, and never settle."""
    out = []
    for a in values:
        x, depth = a, 0
        while x[0] == "of" and depth < MAX_NESTING:
            x, depth = x[1], depth + 1
        out.append(a if depth == MAX_NESTING else ("of", a))
    return frozenset(out)


def held(values, mapping: bool) -> frozenset:
    """What a literal or a comprehension holds: its functions and classes as they are (a table of
    callables, iterated or indexed), its instances as elements (`("of", a)`; a dict's values
    `("vals", a)`), so that the container itself is not taken for one of them (`xs = [A()]`:
    `xs.go()` is not `A.go`, `for x in xs: x.go()` is)."""
    wrap = "vals" if mapping else "of"
    return frozenset((wrap, a) if a[0] == "inst" else a for a in values)


class Containers:
    """The container half of the evaluator (mixed into TypeEval: expr, name, call, attr, solver)."""

    def head(self, scope: int, chain: tuple, at: int | None = None) -> tuple[frozenset, int]:
        """The value of a chain's first steps and how many it took: `super()` and `LITERAL[0]` first."""
        first = chain[0][1]
        if first == "super" and len(chain) > 1 and chain[1][0] == "call" and \
                self.r.lookup(scope, "super") == ("builtin", None):
            cls = self.r.enclosing_class(scope)
            return (frozenset({("super", (cls, scope))}) if cls is not None else EMPTY), 2
        if len(chain) > 1 and chain[1][0] == "sub":
            key = chain[1][1].strip()
            if key.isidentifier():                   # `TABLE[MODE]`, MODE a constant bound once
                key = self._constant(scope, key) or key
            item = self._literal_item(scope, first, key) if _INDEX.match(key) else \
                self._literal_slice(scope, first, key) if _SLICE.match(key) else None
            if item is not None:
                return item, 2
        return self.name(scope, first, at), 1

    def _literal_item(self, scope: int, name: str, key: str) -> frozenset | None:
        """`NAME[0]` / `NAME["k"]` when NAME's only binding is a literal (or a constant slice of one)
        and nothing stores into it."""
        found = self._literal(scope, name)
        if found is None:
            return None
        s, opening, elements = found
        if opening == "{":
            pairs = [split_top(e, ":") for e in elements]
            values = [p[1] for p in pairs if len(p) == 2 and p[0] == key]
            return self.expr(s, values[0]) if len(values) == 1 else None
        if not key.lstrip("-").isdigit():
            return None
        index = int(key)
        return self.expr(s, elements[index]) if -len(elements) <= index < len(elements) else None

    def _literal_slice(self, scope: int, name: str, key: str) -> frozenset | None:
        """`NAME[1:3]` of a list or tuple literal: a list holding the elements it keeps."""
        found = self._literal(scope, name)
        if found is None or found[1] == "{":
            return None
        s, _, elements = found
        out: set = set()
        for element in elements[_slice(key)]:
            out |= self.expr(s, element)
        return held(out, mapping=False)

    def _constant(self, scope: int, name: str, depth: int = 0) -> str | None:
        """The literal number or string a name is bound to once, here, in an enclosing scope or in
        the module it is imported from."""
        s, first = scope, True
        while s is not None and depth < 8:
            sym = self.t.syms.get(s)
            if sym is None or name in self.t.children.get(s, {}):
                return None
            rows = self.t.bindings.get(s, {}).get(name) if first or sym.kind != "class" else None
            if rows:
                text = rows[0][1].strip()
                return text if len(rows) == 1 and rows[0][0] == "assign" and _INDEX.match(text) else None
            imp = self.r.import_of(s, name)
            if imp is not None:
                owner = self.r.binding_owner(*imp) if imp[1] is not None else None
                return self._constant(owner, imp[1], depth + 1) if owner is not None else None
            first, s = False, sym.parent
        return None

    def _literal(self, scope: int, name: str, depth: int = 0) -> tuple[int, str, list[str]] | None:
        """(scope, opening bracket, element texts) of the literal that is NAME's only binding, seen
        from `scope`; a binding `NAME = OTHER[a:b]` keeps the slice of OTHER's literal."""
        s, first = scope, True
        while s is not None and depth < 8:
            sym = self.t.syms.get(s)
            if sym is None:
                return None
            if first or sym.kind not in ("class", "struct", "interface", "trait", "enum"):
                rows = self.t.bindings.get(s, {}).get(name)
                if rows or name in self.t.children.get(s, {}) or name in self.t.imports.get(s, {}):
                    if not rows or len(rows) != 1 or rows[0][0] != "assign" or self.items(s, name):
                        return None
                    text = rows[0][1]
                    chain = parse_chain(text) if text[:1] not in "([{" else None
                    if chain and len(chain) == 2 and chain[1][0] == "sub" and _SLICE.match(chain[1][1].strip()):
                        inner = self._literal(s, chain[0][1], depth + 1)
                        if inner is None or inner[1] == "{":
                            return None
                        return inner[0], inner[1], inner[2][_slice(chain[1][1].strip())]
                    if text[:1] not in "([{" or match_bracket(text, 0) != len(text) - 1 or \
                            comprehension_element(text[1:-1]) is not None:
                        return None
                    elements = split_top(text[1:-1], ",")
                    if elements and not elements[-1]:
                        elements.pop()          # a trailing comma
                    if any(e.startswith("*") for e in elements):
                        return None
                    return s, text[0], elements
            first = False
            s = sym.parent
        return None

    def items(self, scope: int, name: str) -> frozenset:
        """What `name[k] = v` stores into a name bound in `scope`, there or in functions of the same
        module that do not bind it themselves (a module-level registry). A name nothing stores into
        (most) is answered without a question to the solver."""
        key = "[" + name
        sym = self.t.syms.get(scope)
        scopes = self._storing(sym.file).get(key, ()) if sym is not None and sym.parent is None else \
            (scope,) if key in self.t.bindings.get(scope, ()) else ()
        if not scopes:
            return EMPTY

        def compute() -> frozenset:
            t, out = self.t, set()
            for s in scopes:
                rows = t.bindings.get(s, {})
                if key not in rows or s != scope and name in rows and all(kind != "global" for kind, _ in rows[name]):
                    continue
                for _, text, at in self.rows(s, key, every=True):
                    out |= self.expr(s, text, at)
            return frozenset(out)
        return self.solver.ask(("i", scope, name), compute)

    def _storing(self, file: int) -> dict[str, list[int]]:
        """The scopes of a file that store into a name (`name[k] = v`: bindings under "[name"), by that
        key, in the file's symbol order: built once a pass per file, not a walk of the file per name."""
        found = self._stores.get(file)
        if found is None:
            found = self._stores[file] = {}
            bindings = self.t.bindings
            for s in self.t.file_syms.get(file, ()):
                for key in bindings.get(s, ()):
                    if key[:1] == "[":
                        found.setdefault(key, []).append(s)
        return found

    def field_at(self, cls: int, key: str) -> frozenset:
        """`row[1]`, `a, b = row`, `for a, b in rows` of a `class Row(NamedTuple)`: its i-th annotated field."""
        if not key.isdigit() or not any(b.rpartition(".")[2] == "NamedTuple" for _, b in self.t.bases.get(cls, ())):
            return EMPTY
        fields = [rows for name, rows in self.t.bindings.get(cls, {}).items() if any(k == "annot" for k, _ in rows)]
        return self.annotation(cls, next(v for k, v in fields[int(key)] if k == "annot")) \
            if int(key) < len(fields) else EMPTY

    def get_item(self, scope: int, value: frozenset, args: str, at: int | None = None) -> frozenset:
        """`table.get(k, default)` on a table of functions or a container: every element, and the default."""
        out = {a for a in value if a[0] in ("fn", "cls")}
        out |= {a[1] for a in value if a[0] in ("of", "vals") and a[1][0] in ("fn", "cls", "inst")}
        parts = split_top(args, ",")
        if len(parts) > 1 and parts[1]:
            out |= self.expr(scope, parts[1], at)
        return frozenset(out)

    def held_method(self, scope: int, value: frozenset, name: str, args: str, at: int | None) -> frozenset:
        """`xs.pop()`, `q.popleft()` give an element of a container, `d.values()` and `xs.copy()` the
        elements still held; any other atom of the value calls its own method."""
        out: set = set()
        for kind, x in value:
            if kind in ("of", "vals"):
                out.add(x if name in ("pop", "popleft") else ("of", x) if name == "values" else (kind, x))
        rest = frozenset(a for a in value if a[0] not in ("of", "vals"))
        if rest:
            out |= self.call(self.attr(rest, name), args, scope, at)
        return frozenset(out)

    def iterate(self, value: frozenset, literal: bool) -> frozenset:
        """What `for x in value` gives x: a generator's yields, `__iter__`/`__next__`, a literal's items."""
        out: set = set()
        for kind, x in value:
            if kind == "gen":
                out |= self.yields(x)
            elif kind == "inst":
                it = self.call(self.attr(frozenset({(kind, x)}), "__iter__"), "")
                for kind2, y in it:
                    if kind2 == "gen":
                        out |= self.yields(y)
                    elif kind2 == "inst":
                        out |= self.call(self.attr(frozenset({(kind2, y)}), "__next__"), "")
                    elif kind2 == "of":          # `def __iter__(self) -> Iterator[X]`
                        out.add(y)
                if not it and literal:
                    out.add((kind, x))
            elif kind in ("fn", "cls"):
                out.add((kind, x))
            elif kind in ("of", "item"):         # an element; a `tuple[A, B]`'s item, any of them
                out.add(x if kind == "of" else x[1])
        return frozenset(out)

    def yields(self, fn: int) -> frozenset:
        """What a generator function yields (`yield from` iterates its operand)."""
        def compute() -> frozenset:
            out: set = set()
            for kind, text, at in self.rows(fn, "", every=True):
                if kind == "yield":
                    out |= self.expr(fn, text, at)
                elif kind == "yieldfrom":
                    out |= self.iterate(self.expr(fn, text, at), text[:1] in "([{")
            return frozenset(out)
        return self.solver.ask(("y", fn), compute)

    def is_generator(self, fn: int) -> bool:
        return any(kind in ("yield", "yieldfrom") for kind, _ in self.t.bindings.get(fn, {}).get("", ()))

    def super_member(self, atom: tuple, name: str) -> set:
        """`s.name` where `s = super()`: the next definitions in the MRO, as `super().name` finds them."""
        cls, scope = atom
        return {self.atom(hit) for hit in self.r.dispatch(cls, scope, name, True)}


def _slice(key: str) -> slice:
    """A constant slice written `a:b` (either bound may be left out)."""
    low, _, high = key.partition(":")
    return slice(int(low) if low.strip() else None, int(high) if high.strip() else None)
