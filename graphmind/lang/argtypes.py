"""Java: which of a call's overloads of one argument count its arguments' static types fit.

An argument's type is read from its text as written at the call: literals (`1`, `1L`, `1.5f`, `'c'`,
`"s"`, `true`, `null`), `new T[…]` / `new T[] {…}`, `new T(…)`, casts, `this`, string concatenation,
arithmetic and conditionals (numbers promoted: `c ? 7 : value - 1` is an int), `i++`, `-x`, `chars[i]`,
the boxes' `MAX_VALUE`/`MIN_VALUE`,
a name's declared type (local, parameter, field of the class or its bases), `a.b` through the
declared type of `b` in what `a` holds (graphmind/lang/flow/typeflow.py), `arr.length`, and a call through
the declared result of a method that has no overloads. Anything else is not known.

A candidate fits unless a known argument certainly cannot be passed to its parameter: primitive
widening, boxing and unboxing, arrays (to `Object`, `Cloneable`, `Serializable`, element by element),
`null` to any reference, a workspace class to its bases (an outside base leaves it open), String,
the boxed types and common collection and reflection types only to their known supertypes; other
outside types by simple name, and a type variable (`T`) takes anything. Among several that fit with every argument known,
those that fit without boxing come first, then the most specific one, as javac chooses.
"""
from __future__ import annotations

import re

from graphmind.lang import externals, kit
from graphmind.lang.externals import ARRAY_SUPERS, BOXES, FINAL, FIXED, LITERALS, UNBOXES, WIDENING, jdk_supers, promoted
from graphmind.lang.flow.hooks import TYPE_ARGUMENTS
from graphmind.lang.flow.scopevars import bound, classes
from graphmind.resolve.hooks import Resolving
from graphmind.resolve.overloads import fits, result_parameter
from graphmind.resolve.pyexpr import match_bracket, split_top

Arg = tuple[str, "int | None"]     # (simple type name with `[]` per dimension, workspace class or None)

_ARRAY = re.compile(r"^new\s+([\w.$]+)\s*(?:<[^()]*>)?\s*((?:\[[^\]]*\]\s*)+)")
_NEW = re.compile(r"^new\s+([\w.$]+)\s*(?:<[^()]*>)?\s*\(")
_CAST = re.compile(r"^\(\s*([\w.$]+(?:<[^()]*>)?(?:\s*\[\s*\])*)\s*\)\s*(?=[\w$\"'(])")
_OPERAND = re.compile(r"^[\w$.]+(?:\(.*\))?$|^\(.*\)$|^\"[^\"]*\"$")   # what a cast applies to, alone
_PATH = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$")
_STEP = re.compile(r"^(?:(?:\+\+|--|[-+~])\s*([A-Za-z_$][\w$.]*)|([A-Za-z_$][\w$.]*)\s*(?:\+\+|--))$")   # `--i`, `-x`, `i++`
_ELEMENT = re.compile(r"^([A-Za-z_$][\w$.]*)\s*\[[^\[\]]*\]$")
_TYPE_VAR = re.compile(r"^[A-Z][A-Z0-9]?$")
_GENERIC = re.compile(r"<.*>", re.DOTALL)
_ANNOTATION = re.compile(r"@[\w.]+(?:\([^()]*\))?\s*")


def fitting_overloads(r: Resolving, caller: int, args: list[str], candidates: list[int]) -> list[int]:
    """The candidates (overloads of one argument count) the arguments' static types may be passed to.
    As javac: a varargs method is applicable only when no fixed-arity one is (known arguments). An
    outside type the JDK's table does not know counts as not known: its supertypes are not."""
    types = [argument_type(r, caller, a) for a in args]
    params = {c: _params(r, c, len(types)) for c in candidates}
    kept = [c for c in candidates if params[c] is None or any(all(_fits(r, a, p, True) for a, p in zip(types, form))
                                                                 for form in params[c][0])]
    if len(kept) < 2 or not all(externals.known_argument(a) for a in types) or any(params[c] is None for c in kept):
        return kept
    fixed = [c for c in kept if not params[c][1]]
    kept = fixed or kept
    strict = [c for c in kept if any(all(_fits(r, a, p, False) for a, p in zip(types, form)) for form in params[c][0])]
    kept = strict or kept
    best = [c for c in kept if all(c == o or all(_fits(r, p, q, not strict) for p, q in zip(params[c][0][0], params[o][0][0]))
                                   for o in kept)]
    return best if len(best) == 1 else kept


def _params(r: Resolving, method: int, n: int) -> tuple[list[list[Arg | None]], bool] | None:
    """A method's parameter types as n arguments meet them (a varargs method: its array's element for each
    argument past the fixed ones; with exactly as many, the array itself as the other form), and whether
    it takes varargs. None when they cannot be compared."""
    types = r.t.param_types.get(method)
    if types is None:
        return None
    declared_types = [declared(r, method, text) or _variable_array(r, method, text.replace("...", "[]")) for text in types]
    if r.t.params.get(method, (0, 0))[1] is not None:
        return ([declared_types], False) if len(types) == n else None
    head, last = declared_types[:-1], declared_types[-1]
    if n < len(head) or last is None or not last[0].endswith("[]"):
        return None
    element = None if last[0].startswith("?") and last[0].count("[") == 1 else (last[0][:-2], last[1])
    forms = [head + [element] * (n - len(head))]
    return (forms + [declared_types] if n == len(types) else forms), True


def declared(r: Resolving, scope: int, text: str) -> Arg | None:
    """A declared type as an argument type: its simple name and dimensions, and its workspace class; an
    outside class named like a JDK one but not the JDK's (`import org.acme.Path`) as `~Path`, unknown."""
    text = _GENERIC.sub("", _ANNOTATION.sub("", text)).replace("final ", "").replace(" ", "")
    if text.endswith("..."):
        text = text[:-3] + "[]"
    base = text.split("[", 1)[0]
    if not base or base == "var" or _TYPE_VAR.match(base) or _type_variable(r, scope, base):
        return None
    simple = base.rsplit(".", 1)[-1]
    cls = None if simple in WIDENING else kit.resolve_type(r, scope, base)
    if cls is None and simple in jdk_supers() and not (base.startswith(("java.", "javax.")) if "." in base
                                                       else externals.jdk_named(r, scope, simple)):
        simple = "~" + simple
    return simple + text[len(base):], cls


def _type_variable(r: Resolving, scope: int, name: str) -> bool:
    """Whether a method or class around the scope declares a type parameter of that name."""
    s, t = scope, r.t
    while s is not None and s in t.syms:
        if name in t.type_vars.get(s, ()):
            return True
        s = t.syms[s].parent
    return False


def argument_type(r: Resolving, scope: int, text: str) -> Arg | None:
    """The static type of an argument as written in a scope, or None when it is not known."""
    text = externals.without_type_arguments(text.strip())
    while text.startswith("(") and match_bracket(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    for pattern, name in LITERALS:
        if pattern.match(text):
            return name, None
    sides = split_top(text, " : ") if len(split_top(text, " ? ")) == 2 else []
    if len(sides) == 2:                       # `c ? a : b`: the type both branches give
        return promoted([argument_type(r, scope, p) for p in (split_top(sides[0], " ? ")[1], sides[1])])
    m = _STEP.match(text) or _ELEMENT.match(text)    # `pos++`, `-x`; `chars[i++]`: an element of the array
    if m is not None:
        held = argument_type(r, scope, m.group(1) or m.group(2))
        return held if m.re is _STEP else (held[0][:-2], held[1]) if held and held[0].endswith("[]") else None
    for op in ("+", " - ", " * ", " / ", " % "):
        if len(split_top(text, op)) > 1:      # `a + "s"`: a String; `value - 1`: numbers, promoted
            parts = [argument_type(r, scope, p) for p in split_top(text, op)]
            return ("String", None) if op == "+" and any(p and p[0] == "String" for p in parts) else promoted(parts, True)
    m = _ARRAY.match(text)
    if m is not None and _whole(text, m.end(), None):
        return declared(r, scope, m.group(1) + "[]" * m.group(0).count("["))
    m = _NEW.match(text)
    if m is not None and _whole(text, m.end(), match_bracket(text, m.end() - 1)):
        return declared(r, scope, m.group(1))
    m = _CAST.match(text)
    if m is not None and (m.group(1).split("<")[0].split("[")[0] in WIDENING or m.group(1)[:1].isupper()) \
            and _OPERAND.match(text[m.end():]):
        return declared(r, scope, m.group(1))
    if text == "this":
        cls = r.enclosing_class(scope)
        return (r.t.syms[cls].name, cls) if cls is not None else None
    if (m := externals.LIMITS.match(text)) is not None:
        return UNBOXES[m.group(1)], None
    if _PATH.match(text):
        return _path_type(r, scope, [w.strip() for w in text.split(".")])
    if text.endswith(")"):
        return _call_type(r, scope, text)
    return None


def _whole(text: str, start: int, close: int | None) -> bool:
    """Whether a creation expression is the whole argument: nothing after its `(…)` (close) or its
    dimensions (start), but an anonymous class body or an array initializer."""
    rest = text[start if close is None else close + 1:].strip()
    return (close is None or close > 0) and (not rest or rest[0] == "{" and match_bracket(rest, 0) == len(rest) - 1)


def _path_type(r: Resolving, scope: int, names: list[str]) -> Arg | None:
    """`x`, `this.x`, `a.b.c`: the declared type of the last name."""
    if len(names) == 1:
        return _one(r, bound(r, scope, names[0]) or _imported(r, scope, names[0]))
    head = None if names[0] == "this" and len(names) == 2 else _path_type(r, scope, names[:-1])
    if head is not None and head[0].endswith("[]"):
        return ("int", None) if names[-1] == "length" else None
    owners = [head[1]] if head is not None and head[1] is not None else \
        classes(kit.flow(r).expr(scope, ".".join(names[:-1])))
    return _one(r, [(c, "annot", v) for o in owners for c, v in kit.flow(r).declared(o, names[-1])])


def _imported(r: Resolving, scope: int, name: str) -> list[tuple[int, str, str]]:
    """A constant imported by `import static a.b.Constants.PIPE;`: its declaration in that class."""
    s = scope
    while s is not None and s in r.t.syms and name not in r.t.imports.get(s, {}):
        s = r.t.syms[s].parent or None
    target, symbol = r.t.imports.get(s, {}).get(name, (None, None))
    owner, _, field = f"{target}.{symbol}".rpartition(".") if target and symbol else ("", "", "")
    cls = r.t.by_qual.get(owner) if field == name else None
    return [(cls, "annot", v) for c, v in kit.flow(r).declared(cls, name)] if cls is not None else []


def _one(r: Resolving, entries: list[tuple[int, str, str]]) -> Arg | None:
    """The one declared type among a name's bindings (several different, or none: not known)."""
    found = {declared(r, s, v + "[]" if k == "varargs" else v) or _variable_array(r, s, v + "[]" if k == "varargs" else v)
             for s, k, v in entries if k in ("annot", "param", "varargs")}
    return found.pop() if len(found) == 1 else None


def _variable_array(r: Resolving, scope: int, text: str) -> Arg | None:
    """`T[] items`, `T... items` with T a type parameter: an array of some reference type (`?`)."""
    base = text.replace("final ", "").strip().split("[", 1)[0].strip()
    dims = text.count("[")
    return ("?" + "[]" * dims, None) if dims and (_TYPE_VAR.match(base) or _type_variable(r, scope, base)) else None


def _call_type(r: Resolving, scope: int, text: str) -> Arg | None:
    """`m(…)`, `a.m(…)`: the declared result of the one method named, when it has no overloads."""
    opens = [i for i, ch in enumerate(text) if ch == "(" and match_bracket(text, i) == len(text) - 1]
    if not opens or not _PATH.match(text[:opens[0]].strip()):
        return None
    if text.endswith(".clone()") and (held := argument_type(r, scope, text[:-8])) and held[0].endswith("[]"):
        return held                 # an array's clone: an array of its type
    fns = [x for kind, x in kit.flow(r).expr(scope, text[:opens[0]]) if kind == "fn"]
    if not fns:                     # a JDK method's (queries/java/jdk_results.txt)
        found = externals.outside_result(r, scope, text[:opens[0]].strip(), _path_type, jdk_supers())
        return declared(r, scope, found) if found is not None else None
    if len(fns) != 1:
        return None
    overloads = r.t.dup_quals.get(r.t.syms[fns[0]].qualname) or fns
    if len(overloads) > 1:           # overloads: those the arguments fit, when they all return one type
        args = [a for a in split_top(text[opens[0] + 1:-1], ",") if a.strip()]
        overloads = [f for f in overloads if fits(r.t.params.get(f), len(args))]
        if len({_result(r, f) for f in overloads}) > 1:
            overloads = fitting_overloads(r, scope, args, overloads)
    if len(overloads) == 1 and (at := result_parameter(r.t, overloads[0])) is not None:   # `notNull(T object)`
        args = split_top(text[opens[0] + 1:-1], ",")
        return argument_type(r, scope, args[at]) if at < len(args) else None
    found = {_result(r, f, scope, text[:opens[0]].strip().rpartition(".")[0].strip()) for f in overloads}
    return found.pop() if len(found) == 1 else None


def _result(r: Resolving, fn: int, scope: int | None = None, receiver: str = "") -> Arg | None:
    """A method's declared result type (None: not declared once); a type parameter of its class, as
    the receiver's type gives it, seen from the calling scope."""
    results = [v for k, v in r.t.bindings.get(fn, {}).get("", ()) if k == "returns"]
    if len(results) != 1:
        return None
    found = declared(r, fn, results[0])
    cls = r.t.syms[fn].parent
    if found is None and scope is not None and results[0].strip() in r.t.type_vars.get(cls, ()):
        return _class_variable(r, scope, receiver, cls, results[0].strip())
    return found


def _class_variable(r: Resolving, scope: int, receiver: str, cls: int, name: str) -> Arg | None:
    """What a class's type parameter is at a call: `getLeft()` / `this.getLeft()` in Pair<L, R> is L,
    which passes as its bound (Object when it has none); on `p` declared `Pair<String, R>` it is
    String, on `Pair<L, R>` the caller's L."""
    t = r.t
    if receiver in ("", "this"):
        s = scope
        while s is not None and s != cls:
            s = t.syms[s].parent if s in t.syms else None
        return declared(r, scope, t.type_bounds.get(cls, {}).get(name, "Object")) if s == cls else None
    texts = {v for _, k, v in bound(r, scope, receiver) if k in ("annot", "param")} if _PATH.match(receiver) else set()
    given = TYPE_ARGUMENTS["java"](r, scope, texts.pop(), cls).get(name) if len(texts) == 1 else None
    if given is None or not (_TYPE_VAR.match(given) or _type_variable(r, scope, given)):
        return declared(r, scope, given) if given is not None else None
    s = scope                       # the caller's own type parameter: the innermost declaring it
    while s is not None and s in t.syms and given not in t.type_vars.get(s, ()):
        s = t.syms[s].parent
    return declared(r, scope, t.type_bounds.get(s, {}).get(given, "Object")) if s in t.syms else None


def _fits(r: Resolving, arg: Arg | None, param: Arg | None, boxing: bool) -> bool:
    """Whether a value of type `arg` may be passed as `param` (not known on either side: it may)."""
    if arg is None or param is None:
        return True
    (a, acls), (p, pcls) = arg, param
    a_base, p_base = a.split("[", 1)[0], p.split("[", 1)[0]
    a_dims, p_dims = a.count("["), p.count("[")
    if a == "null":
        return p_dims > 0 or p_base not in WIDENING
    if a_dims or p_dims:
        if a_base == "?":                   # an array of a type parameter: not of a primitive type
            return a_dims > p_dims and p_base in ARRAY_SUPERS or a_dims == p_dims and p_base not in WIDENING
        if p_base == "?":                   # to `T[]`: an array of references (or of arrays)
            return a_dims > p_dims or a_dims == p_dims and a_base not in WIDENING
        if a_dims == p_dims:
            return a_base == p_base or (a_base not in WIDENING and p_base not in WIDENING
                                        and _reference(r, a_base, acls, p_base, pcls))
        return a_dims > p_dims and p_base in ARRAY_SUPERS
    if a in WIDENING:
        if p in WIDENING:
            return a == p or p in WIDENING[a]
        return boxing and (p == BOXES[a] or p in FIXED[BOXES[a]])
    if p in WIDENING:
        return boxing and a in UNBOXES and (UNBOXES[a] == p or p in WIDENING[UNBOXES[a]])
    return _reference(r, a, acls, p, pcls)


def _reference(r: Resolving, a: str, acls: int | None, p: str, pcls: int | None) -> bool:
    """Whether a reference type converts to another by widening (subclass to base)."""
    if a == p or p == "Object":
        return acls is None or pcls is None or acls == pcls or pcls in set(r.mro(acls))
    known = jdk_supers()
    if acls is None and a in known:
        return p in known[a]
    if pcls is None and p in FINAL:
        return False
    if acls is None:                      # an outside type: only to one of its own (not a workspace class)
        return pcls is None
    t = r.t
    for c in r.mro(acls):
        if c == pcls or t.syms[c].name == p:
            return True
        if len(t.bases.get(c, ())) > len(r.class_bases(c)):   # a base outside the workspace: may be p,
            outside = externals.outside_bases(r, c)                    # unless the JDK's table says it is not
            if outside is None:
                return pcls is None
            if pcls is None and any(p == o or p in known[o] for o in outside):
                return True
    return False
