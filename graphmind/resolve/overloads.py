"""Overloads (Java, Kotlin, Scala, C#, C++): a class holds several methods of one name, and a call
picks among them by its argument count.

The tables keep one member per name (the last declared); a resolved call whose target has siblings
of the same name in the same class, or whose target cannot take as many arguments as the call
passes, is re-aimed here: at the overloads whose parameter count fits (varargs and default values
included; fixed-arity ones rank before varargs, as in Java, C# and C++), searched through the class
and then its bases. One fits: that one. Several fit: the caller's language may compare the static
types of the arguments with the parameter types (`param_types`; Java: graphmind/lang/argtypes.py),
and when exactly one is left, that one; otherwise every one that fits the count, each row `possible`
and carrying the count (the site stays honest about what it cannot tell apart: never several
resolved edges from one call). None fits anywhere: the row stays
as the resolver gave it. Chains typed through an overloaded method's return
type (`a.m(x).n()`) take the overloads the count fits (graphmind/lang/flow/typeflow.py).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from graphmind.resolve.pyexpr import split_items

# r.state key a `prepare` hook fills: declaration id -> the id of its out-of-line definition (C++ members
# declared in their class and defined as `A::f`), written to symbols.definition_id after the pass
DEFINITIONS = "definitions"

_CONST_METHOD = re.compile(r"\)\s*const\s*(?:noexcept\b[^;]*|override\b[^;]*|final\b[^;]*|=\s*0\s*)?;?\s*$")
Params = tuple[int, "int | None"]       # (fewest arguments, most arguments or None for varargs)
Rows = list[tuple["int | None", str, int]]   # as graphmind/resolve/hooks.py (which imports the tables, which import this)
_OPEN, _CLOSE = "(<[{", ")>]}"
_GENERIC = re.compile(r"<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>")   # type arguments, nested 3 deep
_ANNOTATION = re.compile(r"@[\w.]+(?:\([^()]*\))?")
_MODIFIERS = frozenset({"final"})


def param_counts(signature: str, name: str) -> Params | None:
    """How many arguments a definition takes, read from its signature (its first parameter list)."""
    params = parameters(signature, name)
    return None if params is None else _counts(params)


def _counts(params: list[str]) -> Params:
    if any("..." in p or p.startswith(("params ", "vararg ")) or p.endswith("*") for p in params):
        return (sum(1 for p in params if "=" not in p) - 1, None)
    return (sum(1 for p in params if "=" not in p), len(params))


def read_signature(t, sid: int, name: str, is_class: bool, signature: str, typed: bool, raw: bool = False) -> None:
    """Fill the tables' argument counts (methods), parameter types and type parameters (`typed`; `raw`:
    the parameters as written, C++, read by graphmind/lang/cfamily/cppargs.py)."""
    params = None if is_class else parameters(signature, name)
    if params is not None:
        t.params[sid] = _counts(params)
        if "const" in signature and _CONST_METHOD.search(signature):
            t.const_members.add(sid)
        if signature.startswith("explicit "):
            t.explicit.add(sid)
    bounds = type_bounds(signature, name) if typed and not raw and " extends " in signature else None
    if params is not None:
        types = tuple(params) if raw else _types(params) if typed else None
        if types and bounds:
            types = erased(types, bounds)
        if types:
            t.param_types[sid] = types
    names = type_parameters(signature, name) if typed and "<" in signature else None
    if names:
        t.type_vars[sid] = names
    if bounds:
        t.type_bounds[sid] = bounds


def type_parameters(signature: str, name: str) -> tuple[str, ...]:
    """The type parameters a class or method declares, in order: `class Box<K, V extends X>`, `<T> T get(…)`."""
    return tuple(dict.fromkeys(p.split()[0] for p in _type_parameter_list(signature, name)))


def type_bounds(signature: str, name: str) -> dict[str, str]:
    """The bounds of the type parameters a class or method declares (`<T extends CharSequence>`: T ->
    CharSequence; the first of `A & B`), type arguments dropped; an unbounded one is left out."""
    bounds: dict[str, str] = {}
    for p in _type_parameter_list(signature, name):
        words = p.split(None, 2)
        if len(words) == 3 and words[1] == "extends":
            bounds.setdefault(words[0], _GENERIC.sub("", words[2].split("&")[0]).strip())
    return bounds


def erased(types: tuple[str, ...], bounds: dict[str, str]) -> tuple[str, ...]:
    """Parameter types with each bounded type parameter of the method read as its bound, as javac
    compares overloads (`<T extends CharSequence> T notEmpty(T chars)`: CharSequence)."""
    bases = [tp.split("[", 1)[0] for tp in types]
    return tuple(bounds.get(b, b) + tp[len(b):] for b, tp in zip(bases, types))


def _type_parameter_list(signature: str, name: str) -> list[str]:
    """The type parameter declarations as written (`V extends X`), of the class or method named."""
    at = signature.find(name)
    if at < 0:
        return []
    after = signature[at + len(name):].lstrip()
    lists = [after] if after.startswith("<") else []
    lists += [signature[i:at] for i in range(at) if signature[i] == "<" and (i == 0 or signature[i - 1] == " ")][:1]
    out: list[str] = []
    for text in lists:
        depth, cur, parts = 0, [], []
        for ch in text[1:]:
            depth += ch == "<"
            if ch == ">" and depth == 0:
                break
            depth -= ch == ">"
            if ch == "," and depth == 0:
                parts.append("".join(cur))
                cur = []
            else:
                cur.append(ch)
        parts.append("".join(cur))
        out += [p.strip() for p in parts if p.split()]
    return out


def param_types(signature: str, name: str) -> tuple[str, ...] | None:
    """The declared type of each parameter (`Type name`, as in Java and C#: modifiers, annotations
    and type arguments dropped, `T...` read as `T[]`), or None when the list cannot be read so."""
    params = parameters(signature, name)
    return None if params is None else _types(params)


def _types(params: list[str]) -> tuple[str, ...] | None:
    out = []
    for p in params:
        words = _GENERIC.sub("", _ANNOTATION.sub("", p)).replace("...", "[] ").replace("[", " [").split()
        words = [w for w in words if w not in _MODIFIERS]
        dims = ""
        while len(words) > 2 and words[-1].startswith("["):     # `int a[]`, C style
            dims += words.pop()
        if len(words) < 2:
            return None
        out.append("".join(words[:-1]) + dims)
    return tuple(out)


def parameters(signature: str, name: str) -> list[str] | None:
    """The parameters of a signature's first parameter list, as written (none: `()` or `(void)`)."""
    at = signature.find(name)
    start = signature.find("(", max(at, 0))
    if start < 0:
        return None
    params, depth, cur = [], 0, []
    for ch in signature[start + 1:]:
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            if depth == 0 and ch == ")":
                break
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            params.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    params.append("".join(cur).strip())
    return [p for p in params if p and p != "void"]


def fits(params: Params | None, arity: int) -> bool:
    if params is None:
        return True
    low, high = params
    return low <= arity and (high is None or arity <= high)


def fitting(r, sid: int, arity: int, own_first: bool = True) -> tuple[list[int], list[int]]:
    """sid's overloads (methods sharing its qualified name, those of its own file first: a C++
    declaration in the header and its out-of-line definition share the name too; for a member defined
    out of line, its class's file too, where the overloads written inline are) whose parameter
    count fits, as (fixed-arity ones, varargs ones): Java, C# and C++ try the first before the second."""
    t, paired = r.t, r.state.get(DEFINITIONS, {})     # a declaration paired with its definition: that one
    sym = t.syms[sid]
    same = [s for s in t.dup_quals.get(sym.qualname) or [sid] if s not in paired]
    owner = t.syms.get(sym.parent) if sym.parent is not None else None
    here = {sym.file}
    if owner is not None and owner.file != sym.file and owner.kind in ("class", "struct"):    # defined out of line
        here.add(owner.file)
        inline = f"{owner.qualname}.{sym.name}"
        same += [s for s in t.dup_quals.get(inline) or [t.by_qual.get(inline)]
                 if s is not None and s not in paired and s not in same and t.syms[s].parent == sym.parent]
    for group in ([s for s in same if t.syms[s].file in here] if own_first else [], same):
        found = [s for s in group if s in t.params and fits(t.params[s], arity)]
        fixed = [s for s in found if t.params[s][1] is not None]
        if found:
            return fixed, [s for s in found if t.params[s][1] is None]
    return [], []


def chained_overloads(r, value: frozenset, args: str) -> frozenset:
    """A method called in a chain (typeflow's ("fn", id) atoms), as the overloads of its name that the
    call's argument count fits: `doc.outputSettings().charset(c)` reads the getter's result, not the
    last declared overload's (the setter's)."""
    out: set = set()
    for kind, x in value:
        if kind == "fn" and x in r.t.params and r.t.syms[x].qualname in r.t.dup_quals:
            fixed, varargs = fitting(r, x, len(split_items(args)) if args.strip() else 0)
            if fixed or varargs:
                out.update(("fn", s) for s in fixed or varargs)
                continue
        out.add((kind, x))
    return frozenset(out)


def result_parameter(t, fn: int) -> int | None:
    """The position of the one parameter declared with the type parameter a generic method returns
    (Java's `<T extends FileVisitor> T visitFileTree(T visitor, Path dir)`: 0), else None."""
    result = next((v.strip() for k, v in t.bindings.get(fn, {}).get("", ()) if k == "returns"), None)
    if result not in t.type_vars.get(fn, ()):
        return None
    erased = t.type_bounds.get(fn, {}).get(result, result)        # (parameter types are read erased)
    at = [i for i, p in enumerate(t.param_types.get(fn, ())) if p == erased]
    return at[0] if len(at) == 1 else None


def _with_inherited(r, sym, own: list[int], arity: int) -> list[int]:
    """A method's overloads that fit the argument count, with those its class's bases declare that no
    overload nearer the class overrides (same parameter types)."""
    t = r.t
    out, seen = list(own), {t.param_types.get(s) for s in own}
    for cls in r.mro(sym.parent):
        slot = t.children.get(cls, {}).get(sym.name) if cls != sym.parent else None
        if slot is None or slot not in t.params:
            continue
        fixed, varargs = fitting(r, slot, arity)
        for s in fixed or varargs:
            if t.param_types.get(s) not in seen:
                seen.add(t.param_types.get(s))
                out.append(s)
    return out


def pick_overloads(r, rows: Rows, arity: int | None, by_types: Callable[[list[int]], list[int]] | None = None,
                   const_this: bool | None = None, inherited: bool = False) -> Rows:
    """The rows of a call site, each resolved method narrowed to the overloads its argument count fits,
    then (`by_types`, the language's test) to those its arguments' static types fit, when that leaves one;
    `const_this`: a C++ call on `this` from a const (True) or non-const (False) member picks between a
    `const` overload and the other; `inherited`: the bases' overloads are candidates too (Java), taken
    when the arguments' types choose one of them."""
    if arity is None or not rows:
        return rows
    t = r.t
    out: Rows = []
    for target, how, n in rows:
        sym = t.syms.get(target) if target is not None and how != "possible" else None
        if sym is None or target not in t.params:
            out.append((target, how, n))
            continue
        fixed, varargs = fitting(r, target, arity)
        if not fixed and not varargs and sym.parent in t.syms:     # an overload inherited from a base
            for cls in r.mro(sym.parent):
                slot = t.children.get(cls, {}).get(sym.name)
                fixed, varargs = fitting(r, slot, arity) if slot is not None and slot in t.params else ([], [])
                if fixed or varargs:
                    break
        hits = fixed or varargs or [target]
        if by_types is not None and (len(hits) > 1 or fixed and varargs):
            typed = by_types(hits)
            if not typed and fixed and varargs:     # no fixed-arity one takes the arguments' types: varargs
                hits = varargs
                typed = by_types(hits)
            if not typed:                   # none of its own file's takes them: every overload (a header's inline ones)
                wider_fixed, wider_varargs = fitting(r, target, arity, own_first=False)
                wider = wider_fixed or wider_varargs
                typed = by_types(wider) if len(wider) > len(hits) else typed
            hits = typed if len(typed) == 1 else hits
        if inherited and by_types is not None and sym.parent in t.syms:
            wider = _with_inherited(r, sym, fixed or varargs or [target], arity)
            typed = by_types(wider) if len(wider) > len(fixed or varargs or [target]) else []
            # one that fits: taken; several, a base's among them: the arguments cannot tell them apart
            hits = typed if len(typed) == 1 or any(h not in hits for h in typed) else hits
        if len(hits) > 1 and const_this is not None:
            same = [h for h in hits if (h in t.const_members) == const_this]
            hits = same if len(same) == 1 else hits
        several = len(hits) > 1                 # candidates the site cannot tell apart: `possible`
        out.extend((hit, "possible" if several else how, len(hits) if several else n) for hit in hits
                   if all(hit != o[0] for o in out))
    return out
