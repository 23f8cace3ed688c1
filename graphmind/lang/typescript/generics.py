"""TypeScript generics read from type text: a scope's type parameters (`<in out T extends X = Y>`),
the type arguments a declared type or a call gives them (`ZodType<O, Def<T>>`, `make<A, B>(…)`), the
bases a class names with their arguments (`baseargs` rows), and the bracket-aware split of type text
they all use. Read by the contextual rules (graphmind/lang/flow/contextual.py) and the shared evaluator.
"""
from __future__ import annotations

import re

_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_MAPS = {"Map": ("K", "V"), "ReadonlyMap": ("K", "V"), "WeakMap": ("K", "V"),   # the standard library's, by name
         "Set": ("E",), "ReadonlySet": ("E",)}
_WRAPPED = re.compile(r"^(?:Partial|Readonly|Required|NonNullable|Omit|Pick|Array|ReadonlyArray)<\s*(.+?)(?:,[^<>]*)?>$", re.S)   # the type inside
_NEW = re.compile(r"^new\s+([\w$.]+\s*<.*>)\s*\(\s*\)$", re.S)
_INDEXED = re.compile(r"^\{\s*(?:readonly\s+)?\[\s*[\w$]+\s*:\s*[^\]]+\]\s*:\s*(.+?)[;,]?\s*\}$", re.S)   # `{ [k: string]: V }`
MEMBER_TYPE = re.compile(r"""^(.+?)\s*\[\s*(['"`])([\w$~]+)\2\s*\]$""", re.S)   # an indexed access type `T['k']`
PARAMETERS = re.compile(r"^Parameters<\s*(.+)>\s*\[\s*(\d+)\s*\]$", re.S)   # a parameter of a function type `Parameters<F>[0]`
RETURN_TYPE = re.compile(r"^ReturnType<\s*typeof\s+([A-Za-z_$][\w$.]*)\s*>$")   # what calling a function returns
_READONLY = re.compile(r"^readonly\s+")    # `readonly Node[]`: the array type operator
_TYPE_PARAM = re.compile(r"^\s*(?:(?:const|in|out)\s+)*([A-Za-z_$][\w$]*)(.*)$", re.S)   # `in out T extends X = Y`


def split_type(text: str, sep: str) -> list[str]:
    """Split type text on a one-character separator outside brackets (generic arguments `<A, B>` kept
    whole, the `>` of `=>` not closing anything)."""
    out, cur, depth, i = [], [], 0, 0
    while i < len(text):
        ch = text[i]
        if text.startswith("=>", i):
            cur.append("=>")
            i += 2
            continue
        depth += (ch in _PAIRS) - (ch in ")]}>")
        if ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur, i = [], i + 1
            continue
        cur.append(ch)
        i += 1
    out.append("".join(cur).strip())
    return out


def type_parts(text: str) -> list[str]:
    """The parts of a declared type: each member of `A | B` and part of `A & B`, with wrappers taken
    off (`Partial<X>` is X) and a `Record<K, V>` or an index signature `{ [key: string]: V }` read as
    the V that indexing it, by any key, gives (`lifecycleMap[cacheKey]`); an array `X[]` reads as X."""
    out: list[str] = []
    for part in (p for u in split_type(text, "|") for p in split_type(u, "&")) if text else ():
        part = _NEW.sub(r"\1", _READONLY.sub("", part))   # `new Map<string, Entry>()` as a declared type: Map<string, Entry>
        part = part[:-2].strip() if part.endswith("[]") else part   # `X[]` reads as X
        while (unwrapped := _WRAPPED.sub(r"\1", part).strip()) != part:   # `Required<Pick<X, K>>` is X
            part = unwrapped
        if part.startswith("(") and part.endswith(")"):                   # `(A | B)[]`
            out.extend(type_parts(part[1:-1]))
            continue
        record = args_of(part) if part.startswith("Record<") else []
        indexed = _INDEXED.match(part) if part.startswith("{") and part.count("[") == 1 else None
        inner = record[1] if len(record) == 2 else indexed.group(1) if indexed else None
        out.extend(type_parts(inner) if inner is not None else [part])
    return out


ARRAY_LANGUAGES = frozenset({"typescript", "tsx"})   # where a declared array type is marked in a value:
ARRAY = ("array", 0)     # the declared type is an array (`readonly Node[]`), whose own methods
ARRAY_METHODS = frozenset("""at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat
flatMap forEach includes indexOf join keys lastIndexOf map pop push reduce reduceRight reverse shift slice some sort
splice toReversed toSorted toSpliced unshift values with""".split())   # (`content.slice()`) are the library's


def is_array(text: str) -> bool:
    """Whether a declared type is an array whatever it holds: `X[]`, `readonly X[]`, `Array<X>`, `X[] | null`."""
    parts = [_READONLY.sub("", p) for p in split_type(text, "|") if p not in ("null", "undefined")]
    return bool(parts) and all(p.endswith("[]") or p.startswith(("Array<", "ReadonlyArray<")) for p in parts)


def element(ev, scope: int, value: frozenset) -> frozenset:
    """An element of a value (`for (const x of xs)`, `xs[i]`): what a standard container's members give
    (`m.values()` of a `Map<K, V>`, a `Set<E>`: `arg:E`) is an instance of it; any other value already stands
    for its element (a declared `X[]` reads as X)."""
    return frozenset(("inst", x) if kind == "arg:E" else (kind, x) for kind, x in value if (kind, x) != ARRAY)


def call_type_parameters(ev, fn: int, targs: list[str], declared_var: str) -> dict[str, str]:
    """What the callee's type parameters stand for at a call: its type arguments in order, else those
    of the declared type of the variable it initializes matched with the callee's declared result
    (`$constructor<T, D>` against `core.$constructor<$ZodString>`: T is $ZodString)."""
    names = list(type_parameters(ev.r, fn))
    if not names:
        return {}
    if targs:
        return dict(zip(names, targs))
    result = next((v for k, v in ev.t.bindings.get(fn, {}).get("", ()) if k == "returns"), None)
    if not result or not declared_var or type_head(result) != type_head(declared_var):
        return {}
    return {a: b for a, b in zip(args_of(result), args_of(declared_var)) if a in names}


def type_parameter_names(rows) -> list[str]:
    """The names a `typeparams` row among binding rows declares: `<const T extends X, D = Y>` -> [T, D]."""
    text = next((v for k, v in rows if k == "typeparams"), "")
    words = (p.split() for p in split_type(text.strip()[1:-1], ",")) if text else ()
    return [next((w for w in ws if w not in ("const", "in", "out")), "") for ws in words if ws]


def alias_arguments(t, alias, text: str) -> dict[str, str]:
    """A generic type alias's parameters as a type written with it gives them (`type PickAsRequired<TValue, TKey>`
    written `PickAsRequired<RouterOptions<T>, 'parseSearch'>`: {TValue: "RouterOptions<T>", TKey: "'parseSearch'"})."""
    names = type_parameter_names(t.bindings.get(alias.parent, {}).get(alias.name, ())) if "<" in text else []
    return dict(zip(names, args_of(text))) if names else {}


def has_members(t, alias: int) -> bool:
    """Whether a type alias has members of its own: methods, or fields with a declared type (`collection: Collection`)."""
    return bool(t.children.get(alias)) or any(t.bindings.get(alias, {}).keys() - {""})


def type_parameter_bound(ev, scope: int, name: str) -> frozenset | None:
    """What a type parameter of the scope or one around it (`<T extends X = Y>`) promises: its constraint's
    members, else its default's (empty: none written); None when `name` is no type parameter there."""
    syms = ev.t.syms
    while scope in syms and name.isidentifier():
        written = type_parameters(ev.r, scope).get(name)
        if written is not None:
            return ev.guarded(("tparam", scope, name), lambda: ev.declared_type(scope, written)) if written else frozenset()
        scope = syms[scope].parent
    return None


def inherited_field(ev, cls: int, base: int, declared: str) -> frozenset:
    """A base's field declared with the base's type parameter (`_def: Def`), as the class gives it."""
    return ev._given([(base, declared)], ev._base_args(cls, base)) if base != cls and declared.strip() in type_parameters(ev.r, base) else frozenset()


def type_parameters(r, scope: int) -> dict[str, str]:
    """A scope's type parameters in order, each with its bound as written (constraint, else default, else '')."""
    known = r.state.setdefault("_ts_type_parameters", {})
    if scope not in known:
        text = next((v for k, v in r.t.bindings.get(scope, {}).get("", ()) if k == "typeparams"), "")
        found = known[scope] = {}
        for param in split_type(text.strip()[1:-1], ",") if text else ():
            m = _TYPE_PARAM.match(param)
            rest = m.group(2).strip() if m else ""
            parts = split_type(rest[len("extends"):], "=") if rest.startswith("extends") else ["", rest[1:]]
            if m:
                found[m.group(1)] = next((p.strip() for p in parts if p.strip()), "")
    return known[scope]


def type_arguments(r, scope: int, text: str, cls: int | None) -> dict[str, str]:
    """A declared type's arguments for a workspace class's type parameters (`ZodType<O, Def<T>>`: {Def: "Def<T>"}),
    or for a map's key and value (`Map<string, Entry>`: {K: string, V: Entry}, so `m.get(k)!` is an
    Entry: the evaluator's OUTSIDE_MEMBERS, lang/java.outside_member)."""
    names = list(type_parameters(r, cls)) if cls is not None else _MAPS.get(type_head(text), ())
    return dict(zip(names, args_of(text))) if names else {}


def heritage(t, cls: int) -> list[str]:
    """The bases a class names as written, with TypeScript's `baseargs` rows (`extends ZodType<T, Def<T>>`)."""
    return [text for _, text in t.bases.get(cls, ())] + [v for k, v in t.bindings.get(cls, {}).get("", ()) if k == "baseargs"]


def call_type_args(callee: str) -> tuple[str, list[str]]:
    """`make<A, B>` -> ("make", ["A", "B"])."""
    return (callee[:callee.index("<")], args_of(callee)) if callee.endswith(">") and "<" in callee else (callee, [])


def args_of(text: str) -> list[str]:
    """The type arguments of `Name<A, B>` as written (none: [])."""
    at = text.find("<")
    end = angle_end(text, at) if at >= 0 else -1
    return [a for a in split_type(text[at + 1:end], ",") if a] if end > at else []


def angle_end(text: str, at: int) -> int:
    """The index of the `>` closing the `<` at `at` (the `>` of `=>` closing nothing), or -1."""
    depth = 0
    for i in range(at, len(text)):
        if text[i] == "<":
            depth += 1
        elif text[i] == ">" and text[i - 1] != "=":
            depth -= 1
            if depth == 0:
                return i
    return -1


def type_head(text: str) -> str:
    """The last name of a generic type's path: `core.$constructor<T>` -> `$constructor`."""
    return text.split("<", 1)[0].strip().rsplit(".", 1)[-1]
