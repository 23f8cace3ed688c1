"""C++: which of a call's overloads of one argument count the arguments' types fit.

An argument's type is read from its text as written at the call: literals (numbers, characters,
strings, `true`/`false`, `nullptr`), and any expression the type-flow evaluator gives an instance of
workspace classes (a local, a parameter, `a->b` through a field's declared type, `T(…)`, `new T`,
`this`). A parameter's type is its declared text (`const Token &begin`): a primitive
(`int`, `char32_t`, `double`…) when only such words are written, a workspace class when its name
resolves to one, else not known.

A candidate is dropped only when a known argument certainly cannot be passed to its parameter: an
object of a workspace class to another workspace class that is neither a base nor constructible from
it by a one-argument constructor, or to a primitive (unless the class converts: an `operator` member,
or the parameter is `bool`); a literal to a workspace class without a one-argument constructor; a
string literal to a numeric parameter. Anything else may fit (typedefs, templates, outside types).
When every argument is known and one candidate takes them all without a constructor's conversion,
that one (C++ ranks an exact match above a user-defined conversion), and of those the one taking each
object as its own class over one taking a base.
"""
from __future__ import annotations

import re

from graphmind.lang import kit
from graphmind.lang.cfamily import exactness
from graphmind.lang.flow.scopevars import bound, classes
from graphmind.resolve.hooks import Resolving
from graphmind.resolve.tables import CALLABLE_KINDS

PRIMITIVES = frozenset({
    "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "wchar_t",
    "char8_t", "char16_t", "char32_t", "size_t", "ssize_t", "ptrdiff_t", "intptr_t", "uintptr_t",
    *(f"{u}int{n}_t" for u in ("", "u") for n in (8, 16, 32, 64))})
_QUALIFIERS = frozenset({"const", "volatile", "struct", "class", "enum", "typename", "register", "mutable"})
_WORD = re.compile(r"[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*")
_NUMBER = re.compile(r"^[-+]?(?:0[xX][\da-fA-F']+|\d[\d']*\.?[\d']*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)[uUlLfF]*$")
_STRING = re.compile(r'^(?:u8|u|U|L)?(?:"(?:[^"\\]|\\.)*"\s*)+$')
_PATH = re.compile(r"^[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*$")
_CHAR = re.compile(r"^(?:u8|u|U|L)?'(?:[^'\\]|\\.)+'$")

# an argument's or a parameter's type: ("num", None) a number or character, ("str", None) a string
# literal, ("null", None) nullptr, ("ptr", None) a pointer to a primitive, ("cls", class id) an object of
# a workspace class (pointer or not: the evaluator does not tell), ("enum", enum id) a value of a
# workspace enum, ("prim", None) a primitive parameter, ("bool", None) a `bool` one
Kind = tuple[str, "int | None"]


def fitting_overloads(r: Resolving, caller: int, args: list[str], candidates: list[int]) -> list[int]:
    """The candidates (overloads of one argument count) the arguments' known types may be passed to."""
    types = [argument_type(r, caller, a) for a in args]
    if all(a is None for a in types):
        return candidates
    kept = []
    for c in candidates:
        params = r.t.param_types.get(c)
        if params is None or len(params) < len(types) or \
                all(_fits(r, a, parameter_type(r, c, p)) for a, p in zip(types, params)):
            kept.append(c)
    if len(kept) > 1 and all(a is not None for a in types):     # exact beats a constructor's conversion
        exact = [c for c in kept if r.t.param_types.get(c) is not None and len(r.t.param_types[c]) >= len(types)
                 and all(_fits(r, a, parameter_type(r, c, p), convert=False) for a, p in zip(types, r.t.param_types[c]))]
        kept = exact if len(exact) == 1 else kept
    if len(kept) > 1 and all(a is not None for a in types):     # the class itself beats a base (`visit(Unary*)`, not `visit(AST*)`)
        same = [c for c in kept if not any(a[0] == "cls" and (q := parameter_type(r, c, p)) is not None and q[0] == "cls" and q != a
                                           for a, p in zip(types, r.t.param_types.get(c) or ()))]
        kept = same if len(same) == 1 else kept
    return exactness.best(r, caller, args, kept, types, parameter_type)


def argument_type(r: Resolving, scope: int, text: str) -> Kind | None:
    """What an argument as written is, when that is known."""
    text = text.strip()
    if not text or text == "?":
        return None
    if _NUMBER.match(text) or _CHAR.match(text) or text in ("true", "false"):
        return ("num", None)
    if _STRING.match(text):
        return ("str", None)
    if text in ("nullptr", "NULL"):
        return ("null", None)
    if text[:1] in "!~-+" or any(op in text for op in ("==", "!=", "<=", ">=", "&&", "||", " ? ")):
        return None                              # an operator's result: not read here
    text = text.lstrip("*&").strip()
    found = classes(kit.flow(r).expr(scope, text))
    if len(found) == 1 and kit.is_class(r, found[0]):       # a value of an enum the class declares: that enum
        return ("enum" if r.t.syms[found[0]].kind == "enum" else "cls", found[0])
    if text.isidentifier() and _primitive(r, scope, text):
        return ("num", None)
    return _declared_enum(r, scope, text) if _PATH.match(text) else None


def _primitive(r: Resolving, scope: int, name: str) -> bool:
    """Whether a name is a parameter of a primitive type (`int64_t i`) of the function around the
    scope, or a local of a primitive type or `auto` given a number (`auto j = 0`, `int32_t n = 1`)."""
    entries = bound(r, scope, name)
    if not entries:
        return False
    s = entries[0][0]
    written = [p for p in r.t.param_types.get(s, ()) if _WORD.findall(p.split("=", 1)[0])[-1:] == [name]]
    if written:
        return len(written) == 1 and parameter_type(r, s, written[0]) == ("prim", None)
    numbers = [v for _, k, v in entries if k == "assign" and _NUMBER.match(v.strip())]
    typed = all(k == "assign" and _NUMBER.match(v.strip()) or k == "annot" and
                all(w in PRIMITIVES or w == "auto" for w in _WORD.findall(v) if w not in _QUALIFIERS)
                for _, k, v in entries)
    return bool(numbers) and typed


def _declared_enum(r: Resolving, scope: int, text: str) -> Kind | None:
    """A local, parameter or field (`v.t`, `p->kind`) whose declared type is a workspace enum."""
    head, sep, last = text.replace("->", ".").rpartition(".")
    flow = kit.flow(r)
    if sep:
        entries = [(c, v) for c in classes(flow.expr(scope, head)) for c, v in flow.declared(c, last)]
    else:
        entries = [(s, v) for s, k, v in bound(r, scope, last) or () if k in ("annot", "param")]
    found = {_enum(r, s, v) for s, v in entries}
    hit = found.pop() if len(found) == 1 else None
    return ("enum", hit) if hit is not None else None


def _enum(r: Resolving, scope: int, written: str) -> int | None:
    """The workspace enum a declared type names from a scope: a member of the classes around it
    (`Type` inside `struct Value`), `Value::Type`, or a namespace-level one."""
    t = r.t
    owner, _, name = written.replace(" ", "").rpartition("::")
    if owner:
        cls = kit.resolve_type(r, scope, owner)
        hits = [t.children.get(cls, {}).get(name)] if cls is not None else []
    else:
        hits, s = [], scope
        while s is not None and s in t.syms and not hits:
            hit = t.children.get(s, {}).get(name)
            hits = [hit] if hit is not None else []
            s = t.syms[s].parent
    hits = [h for h in hits if h is not None and t.syms[h].kind == "enum"]
    return hits[0] if hits else None


def parameter_type(r: Resolving, method: int, text: str) -> Kind | None:
    """What a declared parameter (`const Token &begin`, `AST *ast`, `unsigned n = 0`) takes."""
    text = text.split("=", 1)[0].strip()
    if "(" in text or "<" in text or "..." in text:
        return None                              # a function pointer, a template, varargs
    words = [w for w in _WORD.findall(text) if w not in _QUALIFIERS]
    if len(words) > 1 and not (words[-1] in PRIMITIVES and all(w in PRIMITIVES for w in words)):
        words = words[:-1]                       # the parameter's name
    if not words:
        return None
    pointer = "*" in text or "[" in text
    if all(w in PRIMITIVES for w in words):
        return ("ptr", None) if pointer else (("bool", None) if words == ["bool"] else ("prim", None))
    if len(words) != 1:
        return None
    cls = kit.resolve_type(r, method, words[0].replace(" ", ""))
    if cls is not None:                          # `XMLError found`: a workspace enum, not a class
        return ("enum" if r.t.syms[cls].kind == "enum" and not pointer else "cls", cls)
    enum = _enum(r, method, words[0])
    return ("enum", enum) if enum is not None and not pointer else None


def written_types(params: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """Parameters as written without their names and defaults (`const char* buffer` -> `const char*`),
    to match a declaration with its out-of-line definition."""
    if params is None:
        return None
    out = []
    for p in params:
        p = p.split("=", 1)[0].strip()
        words = _WORD.findall(p)
        if len(words) > 1 and p.endswith(words[-1]) and words[-1] not in PRIMITIVES | _QUALIFIERS:
            p = p[:-len(words[-1])]
        out.append(" ".join(p.replace("*", " * ").replace("&", " & ").split()))
    return tuple(out)


def _fits(r: Resolving, arg: Kind | None, param: Kind | None, convert: bool = True) -> bool:
    """Whether a value of the argument's type may be passed as the parameter (unknown: it may); with
    `convert`, through one constructor of the parameter's class that takes it."""
    if arg is None or param is None:
        return True
    (a, acls), (p, pcls) = arg, param
    if p == "cls":
        if a == "cls" and (acls == pcls or pcls in set(r.mro(acls))):
            return True
        return convert and _converts(r, pcls, arg)
    if p == "enum":
        return a == "enum" and acls == pcls
    if a in ("cls", "enum"):
        return p == "bool" or p == "ptr" and a == "cls" or a == "enum" and p == "prim" or \
            a == "cls" and _has_operator(r, acls)
    if a == "str":
        return p == "ptr"
    if a == "null":
        return p in ("ptr", "bool")
    return p in ("prim", "bool", "ptr") if a == "num" else True


def _converts(r: Resolving, cls: int, arg: Kind) -> bool:
    """Whether a class may be built implicitly from the argument: a constructor that takes one
    argument of a type the argument fits (without a further conversion)."""
    t = r.t
    qual = f"{t.syms[cls].qualname}.{t.syms[cls].name}"
    ctors = t.dup_quals.get(qual) or ([t.by_qual[qual]] if qual in t.by_qual else [])
    explicit = {written_types(t.param_types.get(c)) for c in ctors if c in t.explicit}   # the definition too
    for ctor in ctors:
        if t.syms[ctor].kind not in CALLABLE_KINDS or not fits_one(t.params.get(ctor)) or \
                ctor in t.explicit or written_types(t.param_types.get(ctor)) in explicit:
            continue
        params = t.param_types.get(ctor)
        if not params or _fits(r, arg, parameter_type(r, ctor, params[0]), convert=False):
            return True
    return False


def fits_one(params) -> bool:
    return params is None or params[0] <= 1 and (params[1] is None or params[1] >= 1)


def _has_operator(r: Resolving, cls: int) -> bool:
    return any(name.startswith("operator") for c in r.mro(cls) for name in r.t.children.get(c, {}))
