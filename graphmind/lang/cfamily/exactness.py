"""C++: of several overloads that the arguments may all be passed to (graphmind/lang/cfamily/cppargs.py), the
one the compiler ranks best when some arguments' types are known exactly (TinyXML-2's tests call four
`XMLTest` overloads: `(const char*, const char*, const char*)`, `(…, XMLError, XMLError)`, `(…, bool, bool)`
and `template <class T> (…, T, T)`).

An argument's exact type is read from its text: a literal (`true` is bool, `0` int, `1.5` double, `1.5f`
float, `'c'` char, `"s"` a string), a call of a project function declaring such a result (`int
example_1()`), a value of a workspace class or enum as cppargs reads it (`doc.ErrorID()`: an `XMLError`). Locals are not read: one name declared in several blocks of a function (`bool result`,
then `XMLError result`) is one binding here, and `const char* s` is bound as `char`. A candidate matches
exactly when every known argument has its parameter's type (a `const char*` parameter takes a string);
a template's parameter `T` (a one-capital type naming nothing in the project) takes whatever its arguments
give it, when they agree. One non-template
candidate matching exactly: that one (C++ prefers it to an equally good template); none, and one template
whose every argument bound to a type parameter is known and agrees: the template (an exact match beats a
conversion). Otherwise the candidates stay as they were (the site stays `possible`).
"""
from __future__ import annotations

import re

from graphmind.languages import family
from graphmind.resolve.hooks import Resolving

_INT = re.compile(r"^[-+]?(?:0[xX][\da-fA-F']+|\d[\d']*)([uUlL]*)$")
_FLOAT = re.compile(r"^[-+]?(?:\d[\d']*\.[\d']*|\.\d+|\d+(?=[eE]))(?:[eE][-+]?\d+)?([fFlL]?)$")
_STRING = re.compile(r'^(?:u8|u|U|L)?(?:"(?:[^"\\]|\\.)*"\s*)+$')
_CHAR = re.compile(r"^'(?:[^'\\]|\\.)+'$")
_CAST = re.compile(r"^\s*\(\s*((?:const\s+|unsigned\s+)?[A-Za-z_]\w*\s*\**)\s*\)\s*[\w(]")
_CALL = re.compile(r"^([A-Za-z_]\w*)\s*\(.*\)$", re.S)
_WORDS = re.compile(r"[A-Za-z_]\w*|\*")
_TYPE_PARAMETER = re.compile(r"^[A-Z][0-9]?$")
_IGNORED = frozenset({"const", "volatile", "static", "inline", "constexpr", "extern", "register", "signed"})
_EXACT = {("int",): "int", ("unsigned",): "unsigned", ("unsigned", "int"): "unsigned", ("long",): "long",
          ("bool",): "bool", ("double",): "double", ("float",): "float", ("char",): "char",
          ("char", "*"): "str", ("int64_t",): "int64_t", ("uint64_t",): "uint64_t"}
_WORKSPACE = ("cls", "enum")
_SUFFIX = {"": "int", "u": "unsigned", "l": "long", "ul": "unsigned long", "lu": "unsigned long"}


def best(r: Resolving, caller: int, args: list[str], candidates: list[int], kinds: list, parameter_kind) -> list[int]:
    """The one candidate ranked best by the arguments' exact types, else the candidates as given; `kinds`:
    the arguments' workspace classes and enums as cppargs reads them (`("enum", id)`), `parameter_kind`
    its reading of a parameter."""
    known = [argument(r, caller, a) or (k if k is not None and k[0] in _WORKSPACE and not _CAST.match(a) else None)
             for a, k in zip(args, kinds)]
    if len(candidates) < 2 or all(k is None for k in known):
        return candidates
    plain, templated = [], []
    for c in candidates:
        params = r.t.param_types.get(c)
        if params is None or len(params) < len(known):
            return candidates
        names = _type_parameters(r, c)
        verdict = _exact(known, [_parameter(p, names) or _workspace(parameter_kind(r, c, p)) for p in params[:len(known)]])
        if verdict == "unknown":
            return candidates
        if verdict:
            (templated if verdict == "template" else plain).append(c)
    if len(plain) == 1:
        return plain
    return templated if not plain and len(templated) == 1 else candidates


def _exact(known: list[str | None], params: list[str | None]) -> str | bool:
    """True (every known argument has its parameter's type), "template" (so, through a type parameter
    whose arguments are all known and agree), False (a known argument differs), "unknown" (a known
    argument meets a parameter type not read here: no decision)."""
    given: dict[str, set] = {}
    for arg, param in zip(known, params):
        if isinstance(param, str) and param.startswith("T:"):
            given.setdefault(param, set()).add(arg)
        elif arg is None:
            continue
        elif param is None:
            return "unknown"
        elif arg != param:
            return False
    if not given:
        return True
    return "template" if all(None not in g and len(g) == 1 for g in given.values()) else False


def argument(r: Resolving, scope: int, text: str) -> str | None:
    """An argument's exact type as written, when it is a primitive or a string known here."""
    text = text.strip()
    if text in ("true", "false"):
        return "bool"
    if m := _INT.match(text):
        return _SUFFIX.get(m.group(1).lower())
    if m := _FLOAT.match(text):
        return {"": "double", "f": "float"}.get(m.group(1).lower())
    if _STRING.match(text):
        return "str"
    if _CHAR.match(text):
        return "char"
    if m := _CAST.match(text):            # `(int)XML_SUCCESS`: the type cast to
        return _declared(m.group(1))
    if m := _CALL.match(text):
        hit = r.lookup(scope, m.group(1))
        fn = hit[1] if hit is not None and isinstance(hit[1], int) and hit[1] in r.t.syms else None
        if fn is not None and r.t.syms[fn].kind == "function":
            results = [v for k, v in r.t.bindings.get(fn, {}).get("", ()) if k == "returns"]
            return _declared(results[0]) if len(results) == 1 else None
    return None


def _workspace(kind):
    return kind if kind is not None and kind[0] in _WORKSPACE else None


def _declared(written: str) -> str | None:
    words = tuple(w for w in _WORDS.findall(written.split("=", 1)[0]) if w not in _IGNORED)
    return _EXACT.get(words) or _EXACT.get(words[:-1]) if words else None


def _parameter(text: str, names: tuple[str, ...]) -> str | None:
    """A parameter's exact type (`const char* s`: str), `T:T` for a type parameter, None when not read here."""
    words = [w for w in _WORDS.findall(text.split("=", 1)[0]) if w not in _IGNORED]
    if "&" not in text and len(words) in (1, 2) and words[0] in names:
        return f"T:{words[0]}"
    return _declared(text)


def _type_parameters(r: Resolving, fn: int) -> tuple[str, ...]:
    """A function template's type parameters as its parameters show them: a type named by one capital letter
    (or a capital and a digit) that names nothing in the project (`T expected`; the `template <…>` line is
    not kept)."""
    words = {w for p in r.t.param_types.get(fn, ()) for w in _WORDS.findall(p.split("=", 1)[0])}
    return tuple(sorted(w for w in words if _TYPE_PARAMETER.match(w) and not r.t.by_name.get((family("cpp"), w))))
