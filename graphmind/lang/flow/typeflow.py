"""What a name holds, for every language with flow facts (queries/<lang>/flow.scm): an instance of a class, a class, a
function, a module (an object type written in place: TypeScript's flow/contextual.py). One evaluator for the languages
whose hooks live in graphmind/lang/ (Python has its own, in graphmind/resolve/python/evaluator.py). It reads the
bindings rows of the flow queries — declared types of locals, parameters and fields (`annot`), initializers
(`assign`), `this.x = …` in a method (`attr`, `attrannot`: a field of the class), declared return types (`returns`)
and returned expressions (`return`) — and expression text written in any of these languages: `new X(…)`, `X(…)`,
`X.new`, `X::new()`, `&X{…}` / `X { … }`, `NewX()` through its declared result, `a.b.c` through fields, `f().g()`
through return types, `await`/`?.`/`->`/`::`. What differs per language is how a written path is found (PATH_FINDERS:
JavaScript exports, C++ namespaces); what an element of a named container type holds (ELEMENTS: Go, C++, JS/TS). Flow-insensitive
but for Go's type switch (scopevars.at_site), memoized per resolve pass; an empty value means "not known", never "nothing"."""
from __future__ import annotations

import re
from collections.abc import Callable

from graphmind.lang.flow import contextual
from graphmind.lang.flow.hooks import (ELEMENT_IS_VALUE, ELEMENT_METHODS, ELEMENTS, EMPTY, EXPR_REWRITES, NOTHING, PATH_FINDERS,
                                       STATIC_TYPES, TYPE_ARGUMENTS, VARIABLE_FINDERS, Value, atom)
from graphmind.lang.flow.members import Members
from graphmind.lang.flow.scopevars import DOLLAR_NAMES, FIELDS_APART_FROM_METHODS, THIS, at_site, bound, language
from graphmind.lang.typescript import generics
from graphmind.resolve.hooks import Answer, Resolving
from graphmind.resolve.memo import CycleMemo
from graphmind.resolve.overloads import chained_overloads
from graphmind.resolve.pyexpr import match_bracket, parse_chain, split_top

_COMPOSITE = re.compile(r"^&?\s*(?:(?:\[[^\[\]]*\]|map\[[^\[\]]*\])\s*\*?\s*)*(?P<path>[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:<[^(){}]*>)?\s*\{")
_SEPS = re.compile(r"\s*(?:\?\.|!\.|::|->|\.|:(?=[A-Za-z_])|(?<=\w)\\(?=[A-Za-z_]))\s*")   # PHP's `A\B` too
_PREFIX = re.compile(r"^(?:await|new|try\??|yield)\s+")
_CAST = re.compile(r"\s+as[?!]?\s+([\w.$]+(?:<[^()]*>)?(?:\[\])*)$")    # `x as Impl<any, any>`
_TYPE_ARGS = re.compile(r"(?<=[\w$])\s*<[^()]*?>\s*(?=\()")    # `new Box<T>(…)`, `f<A, B>(…)`
_OPENED = re.compile(r"^[A-Za-z_$][\w$.]*\(")                  # `f(…` cut at the value's length limit
ENTRIES = {"entrykey": "arg:K", "entryvalue": "arg:V"}   # a pair destructured from a map's entry: its K, its V
MAX_ACTIVE = 60


def _function_result(text: str) -> str | None:
    """The result type of a function type written in place (`(opts: O) => R`: R), else None."""
    end = match_bracket(text, 0) if text.startswith("(") else -1
    rest = text[end + 1:].lstrip() if end > 0 else ""
    return (rest[2:].strip() or None) if rest.startswith("=>") else None


def find_path(r: Resolving, scope: int, path: str) -> Answer | None:
    """What a written dotted path names from a scope (the language's finder, else resolve_path)."""
    finder = PATH_FINDERS.get(language(r, scope))
    return finder(r, scope, path) if finder is not None else r.resolve_path(scope, path)


class FlowEval(Members):
    """The evaluator of one resolve pass (kept in the resolver's per-pass state)."""

    def __init__(self, r: Resolving, resolve_type: Callable[[Resolving, int, str], int | None]):
        self.r, self.t, self.resolve_type = r, r.t, resolve_type
        self._memo = CycleMemo(MAX_ACTIVE)

    def guarded(self, key: tuple, compute: Callable[[], Value]) -> Value:
        return self._memo.get(key, compute)

    def variable(self, scope: int, name: str) -> Value | None:
        """What a variable holds, or None when the name is not a variable in scope."""
        if name in THIS and bound(self.r, scope, name) is None:
            return frozenset({("inst", c) for c in [self.r.enclosing_class(scope)] if c is not None}) or None
        entries = bound(self.r, scope, name)
        if entries is None:
            finder = VARIABLE_FINDERS.get(language(self.r, scope))
            found = finder(self.r, scope, name) if finder is not None else None
            if (entries := bound(self.r, *found) if found is not None else None) is None:
                return None
        entries, at = at_site(self.r, scope, name, entries)     # the bindings reaching the site (and its point)
        if language(self.r, scope) in STATIC_TYPES and any(
                k in ("annot", "param") and v.strip() != "var" for _, k, v in entries):
            entries = [e for e in entries if e[1] != "assign"]   # `Shape s = new Circle()`: a Shape
        return self.guarded(("v", scope, name, at), lambda: self._entries(entries, name))

    def _entries(self, entries, name: str = "") -> Value:
        return frozenset().union(*((self.written_for(where, name, value) if kind == "annot" else EMPTY) |
                                   self.binding(where, kind, value) for where, kind, value in entries))

    def written_for(self, scope: int, name: str, text: str) -> Value:
        """An object type written for a parameter or field (`opts: { onChange?: (r: R) => void }`, `{ … } | null`): a value
        of the type the tag query made of it in that scope, named for it, whose methods are its function-typed members (queries/typescript/tags.scm); else nothing (an index
        signature `{ [key: string]: V }` is read as its V: generics.type_parts)."""
        text = text.strip()
        if "{" not in text[:1] + text[-1:] or text[1:].lstrip()[:1] == "[" or language(self.r, scope) not in generics.ARRAY_LANGUAGES:
            return EMPTY
        sid = self.t.children.get(scope, {}).get(name)
        ok = sid is not None and self.t.syms[sid].kind == "interface" and self.t.syms[sid].qualname not in self.t.dup_quals
        return frozenset({("inst", sid)}) if ok else EMPTY

    def binding(self, scope: int, kind: str, value: str) -> Value:
        """The value one binding gives its name."""
        if kind in ("annot", "param", "attrannot", "varargs"):   # Java `T... xs`: read as T, as is `xs[i]`
            return self.declared_type(scope, value)
        if kind in ("assign", "attr"):
            return self.expr(scope, value)
        if kind == "element":                    # Go's `for _, x := range xs`: what `xs[i]` holds
            return self.expr(scope, value.rstrip("!") + "[0]")   # TypeScript's `for (const x of xs!)` too
        if kind in ENTRIES:                      # `for (const [k, v] of m)`: a Map<K, V>'s K, its V
            return frozenset(("inst", x) for k, x in self.expr(scope, value.removesuffix(".entries()")) if k == ENTRIES[kind])
        if kind == "second":                     # Go's `a, b := f()`: b holds f's second result
            opens = [i for i, ch in enumerate(value) if ch == "(" and match_bracket(value, i) == len(value) - 1]
            return self.call(self.expr(scope, value[:opens[0]]), 1) if opens else EMPTY
        if kind in ("argparam", "typedparam"):   # TypeScript's contextual typing
            return (contextual.argument_value if kind == "argparam" else contextual.typed_parameter)(self, scope, value)
        return EMPTY

    def declared_type(self, scope: int, text: str) -> Value:
        """The instances a declared type promises: `X`, `X | null`, each member of `A | B` and part of `A & B`, and
        what a member of a type holds (`T['k']`, TypeScript's indexed access) and what a function returns
        (`ReturnType<typeof f>`)."""
        out: set = set()
        for part in generics.type_parts(text):
            looked = generics.MEMBER_TYPE.match(part) if language(self.r, scope) in generics.ARRAY_LANGUAGES else None
            result = generics.RETURN_TYPE.match(part) if looked is None and part.startswith("ReturnType") else None
            if looked:                        # `AnyRouter['serverSsr']`: what that member of the type holds
                out |= self.attr(self.declared_type(scope, looked.group(1)), looked.group(3), True)
            elif result:                      # `ReturnType<typeof buildSelectors>`: what calling it returns
                out |= self.call(self.expr(scope, result.group(1)))
            elif looked is None and (given := generics.PARAMETERS.match(part)) and (fn := generics.MEMBER_TYPE.match(given.group(1))):
                out |= self._parameter(self.attr(self.declared_type(scope, fn.group(1)), fn.group(3)), int(given.group(2)))
            elif language(self.r, scope) in generics.ARRAY_LANGUAGES and (gives := _function_result(part)):
                out |= {("gives:inst", x) for k, x in self.declared_type(scope, gives) if k == "inst"}   # `() => TRouter`: called, a TRouter
            elif part and part not in NOTHING:
                cls = self.resolve_type(self.r, scope, part)
                out |= {("inst", cls)} if cls is not None else contextual.alias_value(self, scope, part)
                given = TYPE_ARGUMENTS.get(language(self.r, scope)) if "<" in part else None
                out |= contextual.argument_atoms(self, scope, given(self.r, scope, part, cls)) if given is not None else set()
        marked = out and language(self.r, scope) in generics.ARRAY_LANGUAGES and generics.is_array(text)
        return frozenset(out | {generics.ARRAY} if marked else out)   # an array: but for its own methods, its element

    def _parameter(self, value: Value, pos: int) -> Value:
        """A parameter of the methods a value holds (`Parameters<SyncConfig['sync']>[0]`): its declared type, and the
        type made of an object type written for it (`sync: (params: { begin: () => void }) => …`)."""
        out: set = set()
        for fn in (x for k, x in value if k == "fn"):
            names = next((v.split(",") for k, v in self.t.bindings.get(fn, {}).get("", ()) if k == "params"), [])
            declared = contextual.parameter_type(self.t, fn, pos) if pos < len(names) else None
            out |= self.written_for(fn, names[pos], declared) | self.declared_type(fn, declared) if declared else set()
        return frozenset(out)

    def find(self, scope: int, path: str) -> Answer | None:
        return find_path(self.r, scope, path)

    def name(self, scope: int, name: str) -> Value:
        """What a name holds: a variable's value, else the definition it names."""
        value = self.variable(scope, name)
        if value is not None:
            return value
        res = find_path(self.r, scope, name)
        if res is not None and isinstance(res[1], int) and res[1] in self.t.syms:
            return frozenset({atom(self.r, res[1])})
        if res is not None and res[0] == "module" and isinstance(res[1], str) and res[1] in self.t.by_qual:
            return frozenset({("mod", self.t.by_qual[res[1]])})
        return EMPTY

    # -- expressions -----------------------------------------------------------------------------
    def expr(self, scope: int, text: str) -> Value:
        """What an expression evaluates to (where its scope's bindings are ordered, at the site's point)."""
        return self.guarded(("e", scope, text, self.r.state.get("at") if scope in self.t.order else None),   # ordered: at the site
                            lambda: self._expr(scope, text.strip()))

    def _expr(self, scope: int, text: str) -> Value:
        text = EXPR_REWRITES.get(language(self.r, scope), str)(text)   # `str`: as written
        cast = _CAST.search(text) if language(self.r, scope) in generics.ARRAY_LANGUAGES else None
        if cast is not None and (declared := self.declared_type(scope, cast.group(1))):
            return declared                      # `{ … } as unknown as Options`: the compiler reads the cast
        while True:
            stripped = _CAST.sub("", _PREFIX.sub("", text)).strip().rstrip("!?").strip()
            if stripped.startswith("(") and match_bracket(stripped, 0) == len(stripped) - 1:
                stripped = stripped[1:-1].strip()
            if stripped == text:
                break
            text = stripped
        branches = split_top(text, " ? ")
        if len(branches) == 2 and len(split_top(branches[1], " : ")) == 2:   # `c ? a : b`: either
            return frozenset().union(*(self.expr(scope, part) for part in split_top(branches[1], " : ")))
        for sep in (" or ", " || ", " ?? "):      # either side: what each may hold
            parts = split_top(text, sep)
            if len(parts) > 1:
                return frozenset().union(*(self.expr(scope, part) for part in parts))
        if text.startswith("setmetatable(") and text.endswith(")"):   # Lua: the table is now an instance
            args = split_top(text[len("setmetatable("):-1], ",")
            return frozenset(("inst", x) for k, x in self.expr(scope, args[-1]) if k == "cls") if len(args) == 2 else EMPTY
        if text[:1] == "{" and language(self.r, scope) in DOLLAR_NAMES:   # a JS object literal
            return contextual.written_object(self, scope, text, value=True)
        m = _COMPOSITE.match(text)
        if m is not None:                        # `&T{…}`, `T{…}`, `pkg.T{…}`, Go's `[]*T{…}`: a value of T
            cls = self.resolve_type(self.r, scope, m["path"])
            return frozenset({("inst", cls)}) if cls is not None else EMPTY
        text = _TYPE_ARGS.sub("", text)
        opened = _OPENED.match(text)
        if opened and match_bracket(text, opened.end() - 1) < 0:
            text = opened.group(0) + ")"         # a call whose arguments were cut: what it returns
        text = text if language(self.r, scope) in DOLLAR_NAMES else text.replace("$", "")    # PHP's `$x`
        chain = parse_chain(_SEPS.sub(".", text.lstrip("\\")))     # PHP: `\A\B(…)` from the root
        if chain is None:
            return EMPTY
        names = [chain[0][1]]                    # the longest leading path of names: found as one
        for kind, arg in chain[1:]:
            if kind != "attr":
                break
            names.append(arg)
        called = len(names) == 1 and len(chain) > 1 and chain[1][0] == "call"
        apart = language(self.r, scope) in FIELDS_APART_FROM_METHODS
        value = None if called and apart else self.variable(scope, names[0])    # `registry()`: the method
        rest = chain[1:]
        if value is None:
            value, used = EMPTY, 0
            for n in range(len(names), 0, -1):
                res = find_path(self.r, scope, ".".join(names[:n]))
                if res is not None and isinstance(res[1], int) and res[1] in self.t.syms:
                    value, used = frozenset({atom(self.r, res[1])}), n - 1
                    break
            rest = chain[1 + used:]
        element, kept = language(self.r, scope) in ELEMENT_IS_VALUE, False   # a declared `X[]` reads
        each = ELEMENTS.get(language(self.r, scope), lambda _ev, _scope, v: v)   # as X: so do `xs[i]`, `xs.shift()`
        for i, (kind, arg) in enumerate(rest):
            if not value:
                return EMPTY
            if kind == "attr":
                got = contextual.member_read(self, value, arg, apart) if i + 1 == len(rest) or rest[i + 1][0] != "call" else self.attr(value, arg)
                kept = not got and element and arg in ELEMENT_METHODS
                value = (value if arg in ("filter", "slice") else each(self, scope, value)) if kept else got
            elif kind == "call":
                value, kept = value if kept else contextual.inferred_result(self, scope, fits := chained_overloads(self.r, value, arg), arg) or self.call(fits), False
            elif kind == "sub" and (element or language(self.r, scope) in ELEMENTS) and not (arg[:1] in "\"'`" and language(self.r, scope) in DOLLAR_NAMES):
                value = each(self, scope, value)
            else:   # x["k"] in JS/TS is a member, not an element
                value = EMPTY
        return value
