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
"""
from __future__ import annotations

import re

from graphmind.lang import kit
from graphmind.lang.typeflow import classes
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
_CHAR = re.compile(r"^(?:u8|u|U|L)?'(?:[^'\\]|\\.)+'$")

# an argument's or a parameter's type: ("num", None) a number or character, ("str", None) a string
# literal, ("null", None) nullptr, ("ptr", None) a pointer to a primitive, ("cls", class id) an object of
# a workspace class (pointer or not: the evaluator does not tell), ("prim", None) a primitive parameter
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
    return kept


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
    found = classes(kit.flow(r).expr(scope, text.lstrip("*&")))
    return ("cls", found[0]) if len(found) == 1 and kit.is_class(r, found[0]) else None


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
    return ("cls", cls) if cls is not None else None


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


def _fits(r: Resolving, arg: Kind | None, param: Kind | None) -> bool:
    """Whether a value of the argument's type may be passed as the parameter (unknown: it may)."""
    if arg is None or param is None:
        return True
    (a, acls), (p, pcls) = arg, param
    if p == "cls":
        if a == "cls":
            return acls == pcls or pcls in set(r.mro(acls)) or _converts(r, pcls)
        return _converts(r, pcls)                # a literal through a constructor of one argument
    if a == "cls":
        return p == "bool" or _has_operator(r, acls) or p == "ptr"
    if a == "str":
        return p == "ptr"
    if a == "null":
        return p in ("ptr", "bool")
    return p in ("prim", "bool", "ptr") if a == "num" else True


def _converts(r: Resolving, cls: int) -> bool:
    """Whether a class may be built from one argument (a constructor that takes one)."""
    t = r.t
    qual = f"{t.syms[cls].qualname}.{t.syms[cls].name}"
    ctors = t.dup_quals.get(qual) or ([t.by_qual[qual]] if qual in t.by_qual else [])
    return any(t.syms[s].kind in CALLABLE_KINDS and fits_one(t.params.get(s)) for s in ctors)


def fits_one(params) -> bool:
    return params is None or params[0] <= 1 and (params[1] is None or params[1] >= 1)


def _has_operator(r: Resolving, cls: int) -> bool:
    return any(name.startswith("operator") for c in r.mro(cls) for name in r.t.children.get(c, {}))
