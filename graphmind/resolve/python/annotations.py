"""What annotations promise: `Cls`, `Optional[Cls]`, `t.Union[str, Cls]`, `type[Cls]`, `list[Cls]`,
`Callable[..., Cls]` (calling it gives a Cls), `ContextVar[Cls]` (its `get()` gives a Cls), `Stack[Cls]`
of a generic class, and the type variables of generic functions (`def ensure(t: type[V]) -> V`: a call
gives what it passes).

Part of `TypeEval` (graphmind/resolve/python/evaluator.py). A name a scope defines as several classes
(`class P(Protocol)` under `if TYPE_CHECKING:`, a runtime `class P` under `else:`) is all of them in
an annotation: the type checker reads the first, a bare name at run time finds the last.
"""
from __future__ import annotations

import re

from graphmind.resolve.memo import UNSEEN
from graphmind.resolve.pyexpr import comprehension_element, match_bracket, parse_chain, split_top
from graphmind.resolve.python.containers import of
from graphmind.resolve.tables import CLASS_KINDS

EMPTY: frozenset = frozenset()
_WRAPPERS = frozenset({"Optional", "Union", "Annotated", "Final", "ClassVar", "type", "Type"})
_SEQUENCES = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection", "set",
                        "Set", "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "tuple", "Tuple", "deque",
                        "Deque", "Generator", "AsyncIterator", "AsyncIterable", "AsyncGenerator"})
_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "defaultdict", "DefaultDict", "OrderedDict"})
_TYPE_VARIABLE = re.compile(r"^(?:\w+\.)?TypeVar\(")


class Annotations:
    """The annotation half of the evaluator (mixed into TypeEval: t, r, expr, solver, rows, argument)."""

    def annotation(self, scope: int, text: str) -> frozenset:
        """The instances an annotation promises (`Cls`, `"Cls"`, `Optional[Cls]`, `t.Union[str, Cls]`,
        `Cls | None`, `type[Cls]`: the class), through any spelling of typing (`t.Optional`)."""
        text = text.strip().strip("'\"").strip()
        head, bracket, _ = text.partition("[")
        short = head.strip().rpartition(".")[2]
        if bracket and text.endswith("]") and short in _WRAPPERS:
            args = [a for a in split_top(text[len(head) + 1:-1], ",") if a and a.strip("'\" ") != "None"]
            if short == "Union":
                return frozenset().union(*(self.annotation(scope, a) for a in args))
            if short in ("type", "Type"):
                return frozenset(a for a in self.expr(scope, args[0].strip("'\" ")) if a[0] == "cls") if args else EMPTY
            return self.annotation(scope, args[0]) if args else EMPTY
        parts = [p.strip().strip("'\"") for p in split_top(text, "|") if p and p.strip().strip("'\"") != "None"]
        out: set = set()
        for part in parts:
            if "[" in part:
                out |= self.generic(scope, part) if len(parts) == 1 else self.annotation(scope, part)
                continue
            out |= {("inst", c) for a in self.expr(scope, part) if a[0] == "cls" for c in self.declared(a[1])}
        return frozenset(out)

    def declared(self, cls: int) -> list[int]:
        """Every class a scope defines under the name of `cls` (see the module doc)."""
        hit = self._same_classes.get(cls)
        if hit is None:
            same = self.t.dup_quals.get(self.t.syms[cls].qualname)
            hit = self._same_classes[cls] = [c for c in same if self.t.syms[c].kind in CLASS_KINDS] if same else [cls]
        return hit

    def generic(self, scope: int, text: str) -> frozenset:
        """A subscripted annotation: `list[C]` holds C elements, `dict[K, C]` C values, `Box[T]` is a Box,
        `Callable[..., C]` gives a C when called, `ContextVar[C]` gives a C from `get()`."""
        head, _, inner = text.partition("[")
        args = split_top(inner[:-1], ",") if inner.endswith("]") else []
        short = head.strip().rpartition(".")[2]
        if short in ("tuple", "Tuple") and len(args) > 1 and args[-1] != "...":
            return frozenset(("item", (i, a)) for i, arg in enumerate(args) for a in self.annotation(scope, arg))
        if short in _SEQUENCES and args or short == "ContextVar" and len(args) == 1:
            return of(self.annotation(scope, args[0]))
        if short in _MAPPINGS and len(args) == 2:
            return frozenset(("vals", a) for a in self.annotation(scope, args[1]))
        if short == "Callable" and len(args) == 2:
            result = self.annotation(scope, args[1])
            return frozenset({("tfn", result)}) if result else EMPTY
        found = [a[1] for a in self.expr(scope, head) if a[0] == "cls"]
        arg = self.annotation(scope, args[0]) if len(args) == 1 and found else EMPTY
        return frozenset([("inst", c) for c in found] + [("targ", (c, arg)) for c in found if arg])

    def type_argument(self, atom: tuple, name: str) -> set:
        """`stack.top`, `stack.peek()` of a `Stack[Job]` declared to return a type variable: a Job."""
        cls, arg = atom
        hit = self.r.member(cls, name)
        if hit is None or self._result_variable(hit) is None:
            return set()
        return set(arg) if name in self.t.property_names and self.r.is_property(hit) else {("tfn", arg)}

    def _result_variable(self, fn: int) -> str | None:
        """The type variable a function is declared to return (`-> T`, T = TypeVar(…) at module level
        or imported), or None."""
        declared = [text.strip() for kind, text in self.t.bindings.get(fn, {}).get("", ()) if kind == "returns"]
        if len(declared) != 1 or not declared[0].isidentifier():
            return None
        module, name = self._module_of(fn), declared[0]
        imp = self.r.import_of(module, name) if module is not None else None
        if imp is not None and imp[1] is not None:
            module, name = self.r.binding_owner(*imp), imp[1]
        rows = self.t.bindings.get(module, {}).get(name, ()) if module is not None else ()
        return declared[0] if any(kind == "assign" and _TYPE_VARIABLE.match(text) for kind, text in rows) else None

    def declared_result(self, fn: int, args: str, scope: int, at: int | None) -> frozenset:
        """What a call returns as the function's declarations say for its arguments: a generic function
        declared `-> V` gives the instances of the class passed for its `type[V]` parameter, or what is
        passed for its `V` parameter (`ensure(Config)`); a function with `@overload`s the return types
        of the overloads the arguments fit. Empty when neither says more than `returns`."""
        how = self._declared_calls.get(fn, UNSEEN)
        if how is UNSEEN:
            how = self._declared_calls[fn] = self._generic_plan(fn) or self._overloads(fn)
        if how is None:
            return EMPTY
        if how[0] == "overload":
            return self._overloaded(how[1], args, scope)
        _, param, position, is_type = how
        passed = self.argument(self.t.syms[fn], args, param, position)
        if not passed:
            return EMPTY
        value = self.expr(scope, passed, at)
        return frozenset(("inst", a[1]) for a in value if a[0] == "cls") if is_type else value

    def _generic_plan(self, fn: int) -> tuple | None:
        """("typevar", parameter, its position, whether it is annotated `type[V]`) of the first parameter
        typed by the type variable `fn` returns; None for a function that returns none."""
        bound = self.t.bindings.get(fn, {})
        if not any(kind == "returns" for kind, _ in bound.get("", ())):
            return None
        variable = self._result_variable(fn)
        if variable is None:
            return None
        for name, rows in bound.items():
            position = next((text for kind, text in rows if kind == "param"), None)
            for kind, text in rows if position is not None else ():
                text = text.strip().strip("'\"")
                head, _, inner = text.partition("[")
                if kind == "annot" and (text == variable or head.rpartition(".")[2] in ("type", "Type")
                                        and inner.rstrip("]").strip() == variable):
                    return "typevar", name, position, text != variable
        return None

    def _overloads(self, fn: int) -> tuple | None:
        """("overload", the stubs) of a function declared with `@overload`s: the first of the definitions
        of its name, as many as the `@overload` decorators on it; None for any other."""
        sym = self.t.syms[fn]
        same = self.t.dup_quals.get(sym.qualname)
        if not same or sym.parent is None:
            return None
        marks = sum(1 for kind, v in self.t.bindings.get(sym.parent, {}).get("@" + sym.name, ())
                    if kind == "decorator" and v.rpartition(".")[2] == "overload")
        return ("overload", same[:marks]) if 0 < marks < len(same) else None

    def _overloaded(self, stubs: list[int], args: str, scope: int) -> frozenset:
        """The return types of the overloads a call's arguments may fit, in order, up to the first they
        certainly fit (the type checker takes the first that fits: `item(34)` is the `int` overload,
        not also the `float` one after it); literals, literal collections, names annotated with a
        built-in type and instances of a named class (`time(…)`) decide, an argument of unknown type
        fits any. An overload naming the class an argument is built from is taken alone (`time(…)` is
        not also the `datetime` overload before it). Empty when that is every overload."""
        fitting = []
        for stub in stubs:
            fit = self._fits(stub, args, scope)
            if fit:
                fitting.append(stub)
            if fit >= _CERTAIN:
                fitting = fitting[-1:] if fit == _NOMINAL else fitting
                break
        if not fitting or len(fitting) == len(stubs):
            return EMPTY
        return frozenset().union(*(self.returns(s) for s in fitting))

    def _fits(self, stub: int, args: str, scope: int) -> int:
        """Whether a call's arguments fit an overload's parameters: 0 (an argument is certainly of another
        type), _CERTAIN (each is of a known type its annotation takes), _NOMINAL (certain, one of them
        by the name of its class), else 1 (may fit)."""
        certain, nominal = True, False
        for name, rows in self.t.bindings.get(stub, {}).items():
            position = next((text for kind, text in rows if kind == "param"), None)
            annotated = next((text for kind, text in rows if kind == "annot"), None)
            if position is None or annotated is None:
                continue
            passed = self.argument(self.t.syms[stub], args, name, position)
            if not passed:
                continue
            have = _builtin_type(passed) or _collection_type(passed) or _built_from(passed)
            if have is None and passed.isidentifier():
                declared = [text for kind, text in self.t.bindings.get(scope, {}).get(passed, ()) if kind == "annot"]
                have = declared[0].strip() if len(declared) == 1 and declared[0].strip() in _BUILTINS else None
            fit = _accepts(annotated, have, self._type_variable(stub, annotated))
            if not fit:
                return 0
            certain, nominal = certain and fit >= _CERTAIN, nominal or fit == _NOMINAL
        return (_NOMINAL if nominal else _CERTAIN) if certain else 1

    def _type_variable(self, fn: int, annotated: str) -> bool:
        """Whether an annotation is a bare name bound to `TypeVar(…)` in the function's module."""
        text = annotated.strip().strip("'\"")
        module = self._module_of(fn)
        rows = self.t.bindings.get(module, {}).get(text, ()) if module is not None and text.isidentifier() else ()
        return any(kind == "assign" and _TYPE_VARIABLE.match(t) for kind, t in rows)


_CERTAIN, _NOMINAL = 2, 3
_LISTS = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection", "Reversible", "Container"})
_COLLECTIONS = {"list": _LISTS, "tuple": _LISTS | {"tuple", "Tuple"} - {"list", "List", "MutableSequence"},
                "dict": _MAPPINGS | {"Iterable", "Collection", "Container"},
                "set": frozenset({"set", "Set", "AbstractSet", "MutableSet", "Iterable", "Collection", "Container"})}
_BUILTINS = frozenset({"int", "float", "str", "bytes", "bool", "None", "complex", "bytearray"})
_WIDER = {"bool": ("int", "float", "complex"), "int": ("float", "complex"), "float": ("complex",)}


def _builtin_type(text: str) -> str | None:
    """The built-in type of a literal argument (`0`, `"s"`, `f"…"`, `b"…"`, `None`, `True`), or None."""
    text = text.strip()
    if text in ("None", "True", "False"):
        return "bool" if text != "None" else "None"
    lead = text.lstrip("-")
    if lead[:1].isdigit():
        return "float" if any(c in lead for c in ".eE") and not lead.startswith("0x") else "int"
    prefix = text[:3].lower()
    for i, c in enumerate(prefix):
        if c in "'\"":
            return "bytes" if "b" in prefix[:i] else "str"
        if c not in "rbfu":
            return None
    return None


def _collection_type(text: str) -> str | None:
    """`list`, `list[dict]` (every element a dict literal), `dict`, `set` or `tuple` for a literal
    collection argument, else None."""
    text = text.strip()
    if text[:1] not in ("[", "{", "(") or match_bracket(text, 0) != len(text) - 1 or comprehension_element(text[1:-1]):
        return None
    items = [i.strip() for i in split_top(text[1:-1], ",") if i.strip()]
    if text[0] == "[":
        dicts = items and all(i[:1] == "{" and match_bracket(i, 0) == len(i) - 1 and ":" in i for i in items)
        return "list[dict]" if dicts else "list" if items else None
    if text[0] == "{":
        return "dict" if not items or ":" in items[0] else "set"
    return "tuple" if len(items) > 1 or text[1:-1].rstrip().endswith(",") else None


def _built_from(text: str) -> str | None:
    """`()Cls` for an argument that calls a capitalised or lower-case class name (`time(7, 32)`,
    `dt.datetime(…)`), the name's last part; None for anything else."""
    chain = parse_chain(text.strip())
    if chain is None or len(chain) < 2 or chain[-1][0] != "call" or any(k != "attr" for k, _ in chain[1:-1]):
        return None
    last = chain[-2][1] if len(chain) > 2 else chain[0][1]
    return "()" + last if last not in _BUILTINS and last.isidentifier() else None


def _accepts(annotation: str, have: str | None, variable: bool = False) -> int:
    """Whether a parameter annotated so takes a value of type `have` (None: not known): 0 no,
    _CERTAIN yes, _NOMINAL yes by its class's name, 1 maybe. Built-in names, collection names and,
    for a literal collection, any class name decide (`Any`, `object`: yes); a type variable, and any
    other name for a value of a built-in type, may take it."""
    text = annotation.strip().strip("'\"")
    for wrapper in ("Optional[", "t.Optional[", "typing.Optional["):
        if text.startswith(wrapper) and text.endswith("]"):
            text = text[len(wrapper):-1] + " | None"
    whole = [p.strip().strip("'\"") for p in split_top(text, "|")]
    parts = [p.partition("[")[0].rpartition(".")[2] for p in whole]
    if any(p in ("Any", "object") for p in parts):
        return _CERTAIN
    if have is not None and have.startswith("()"):
        return _NOMINAL if have[2:] in parts else 1
    if have is not None and have.partition("[")[0] in _COLLECTIONS:
        if variable:
            return 1
        for part, head in zip(whole, parts):
            if head in _COLLECTIONS[have.partition("[")[0]]:
                inner = part.partition("[")[2]
                wants_dicts = inner.partition("[")[0].rpartition(".")[2] in _MAPPINGS
                if not wants_dicts or have == "list[dict]":
                    return _CERTAIN
        return 0
    if not parts or have is None or any(p not in _BUILTINS for p in parts):
        return 1
    return _CERTAIN if have in parts or any(w in parts for w in _WIDER.get(have, ())) else 0
