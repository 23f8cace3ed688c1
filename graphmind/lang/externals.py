"""Java receivers whose type is certainly outside the workspace: a call on them is `external`, never a
`possible` guess among the workspace's same-named methods.

`"int".equals(s)` (a String literal), `((java.nio.ByteBuffer) b).order()` (a cast to an outside type),
`uri.getScheme().equals(…)` and `trace[i].equals(…)` (a chain from a variable, parameter or field whose
declared type names only outside types: `URI`, `StackTraceElement[]`, `Map<String, List<URL>>`),
`Runtime.getRuntime().exit(0)` (a chain from an outside class) and `Html.VOID_ELEMENTS.contains(…)`
(a static field declared with an outside type). The member methods of outside types cannot return a
workspace type unless one is named in the declared type's arguments or passed to the chain's calls
(`ctx.getBean(Store.class)`): both keep the site `possible`.

What is known of the JDK's types, by simple name, when no workspace class or import outside the JDK
claims the name (`jdk_named`): their supertypes (queries/java/jdk_types.txt, merged with SUPERS) and
what their methods return (queries/java/jdk_results.txt), both made by scripts/JdkTypes.java.
"""
from __future__ import annotations

import re
from functools import cache

from graphmind import resources
from graphmind.lang.callsites import defines, type_is_external
from graphmind.lang.kit import flow, is_class, language, resolve_type
from graphmind.lang.flow.scopevars import bound, classes
from graphmind.resolve.hooks import Resolving
from graphmind.resolve.pyexpr import match_bracket, parse_chain

LANGUAGES = frozenset({"java"})
_TYPE = re.compile(r"[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*")
_NOT_TYPES = frozenset({"extends", "super", "final"})
_ANNOTATION = re.compile(r"@[\w.]+(?:\([^()]*\))?")
_IDENT = re.compile(r"\b[A-Z][\w$]*")
_COMMON = ("Object", "Comparable", "Serializable", "Constable")
# final JDK classes: the only types a value of theirs can be passed as
FIXED = {"String": (*_COMMON, "CharSequence", "ConstantDesc"), "Character": _COMMON, "Boolean": _COMMON,
         **{box: (*_COMMON, "Number", "ConstantDesc") for box in ("Integer", "Long", "Byte", "Short", "Float", "Double")}}
_COLLECTION = ("Collection", "Iterable", "SequencedCollection")
_REFLECTED = ("AccessibleObject", "Member", "GenericDeclaration", "AnnotatedElement")
# common JDK types whose supertypes are all known (besides Object): a value of one of them, outside
# the workspace, can be passed only as one of these
SUPERS = {**FIXED, "Collection": ("Iterable",), "List": _COLLECTION, "Set": _COLLECTION, "Map": (),
          "ArrayList": ("List", "AbstractList", "AbstractCollection", "RandomAccess", "Cloneable", "Serializable",
                        *_COLLECTION),
          "HashSet": ("Set", "AbstractSet", "AbstractCollection", "Cloneable", "Serializable", *_COLLECTION),
          "HashMap": ("Map", "AbstractMap", "Cloneable", "Serializable"),
          "Class": ("Type", "GenericDeclaration", "AnnotatedElement", "Serializable", "TypeDescriptor", "OfField",
                    "Constable"),
          "Executable": _REFLECTED, "Method": ("Executable", *_REFLECTED), "Constructor": ("Executable", *_REFLECTED)}
FINAL = frozenset(FIXED) | {"Class", "Method", "Constructor"}   # no other type converts to these
# Java's own types: primitive widening, boxing, what an array converts to, the type of a literal (lang/argtypes.py)
WIDENING = {"byte": ("short", "int", "long", "float", "double"), "short": ("int", "long", "float", "double"),
            "char": ("int", "long", "float", "double"), "int": ("long", "float", "double"),
            "long": ("float", "double"), "float": ("double",), "double": (), "boolean": ()}
BOXES = {"int": "Integer", "long": "Long", "char": "Character", "byte": "Byte", "short": "Short",
         "float": "Float", "double": "Double", "boolean": "Boolean"}
UNBOXES = {box: prim for prim, box in BOXES.items()}
ARRAY_SUPERS = ("Object", "Cloneable", "Serializable")
LITERALS = [(re.compile(p), t) for p, t in (
    (r"^-?(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)[lL]$", "long"),
    (r"^-?(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)$", "int"),
    (r"^-?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[fF]$", "float"),
    (r"^-?(?:\d[\d_]*\.[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[dD]?$|^-?\d[\d_]*(?:[eE][+-]?\d+[dD]?|[dD])$", "double"),
    (r"^'(?:[^'\\]|\\.+)'$", "char"), (r'^"(?:[^"\\]|\\.)*"$|^"""', "String"), (r"^(?:true|false)$", "boolean"),
    (r"^null$", "null"))]

RANKS = ["byte", "short", "char", "int", "long", "float", "double"]     # numeric promotion
LIMITS = re.compile(r"^(Integer|Long|Short|Byte|Character|Float|Double)\s*\.\s*(?:MAX_VALUE|MIN_VALUE)$")   # `Long.MAX_VALUE`


def promoted(parts: list, arithmetic: bool = False) -> tuple[str, None] | None:
    """The type of `a ? x : y` (or, `arithmetic`, of `x - y`) from its operands': one type, a reference
    beside `null`, else numbers promoted (binary numeric promotion: int at least)."""
    known = {p for p in parts if p is None or p[0] != "null"}
    nums = [UNBOXES.get(p[0], p[0]) for p in known if p is not None]
    if len(known) == 1 and None not in known and not (arithmetic and nums[0] in RANKS):
        return known.pop()
    if None in known or any(n not in RANKS for n in nums):
        return None
    return max(nums + ["int"], key=RANKS.index), None


def known_argument(arg: tuple | None) -> bool:
    """Whether all an argument type converts to is known: a workspace class, a primitive, null, an array
    of a type parameter, or a JDK type the table knows."""
    base = arg[0].split("[", 1)[0] if arg is not None else ""
    return arg is not None and (arg[1] is not None or base in WIDENING or base in jdk_supers() or base in ("null", "?"))


def outside_bases(r: Resolving, cls: int) -> list[str] | None:
    """The simple names of a class's bases outside the workspace, when the JDK's table knows them all."""
    own = {r.t.syms[b].name for b in r.class_bases(cls)}
    names = [re.sub(r"<.*>", "", text, flags=re.DOTALL).strip().rsplit(".", 1)[-1] for _, text in r.t.bases.get(cls, ())]
    outside = [n for n in names if n not in own]
    return outside if all(n in jdk_supers() for n in outside) else None


_TYPE_ARGS = re.compile(r"\.\s*<[^()]*?>\s*(?=[A-Za-z_$])")


def without_type_arguments(text: str) -> str:
    """A call's explicit type arguments dropped: `NOPClosure.<E>nopClosure()` -> `NOPClosure.nopClosure()`."""
    return _TYPE_ARGS.sub(".", text) if ".<" in text or ". <" in text else text


@cache
def jdk_supers() -> dict[str, frozenset[str]]:
    """A JDK class or interface's simple name -> its supertypes' (queries/java/jdk_types.txt, made by
    scripts/JdkTypes.java), merged with SUPERS."""
    table = {}
    for line in resources.read_text("queries/java/jdk_types.txt").splitlines():
        if line and line[0] != "#":
            name, *supers = line.split()
            table[name] = frozenset(supers)
    return {**table, **{name: table.get(name, frozenset()) | set(supers) for name, supers in SUPERS.items()}}


@cache
def jdk_results() -> dict[tuple[str, str], str]:
    """(JDK class's simple name, method name) -> the type it returns, `?` when not one (queries/java/
    jdk_results.txt, made by scripts/JdkTypes.java results)."""
    out = {}
    for line in resources.read_text("queries/java/jdk_results.txt").splitlines():
        if line and line[0] != "#":
            owner, method, result = line.split()
            out[(owner, method)] = result
    return out


def jdk_result(owner: str | None, method: str, supers: frozenset[str]) -> str | None:
    """What a JDK type's method returns: as the type declares it, else as its supertypes agree, else
    Object's (`toString`, `hashCode`, `equals`, `getClass`: any receiver's). owner None: only Object's."""
    table = jdk_results()
    found = table.get((owner, method)) if owner is not None else None
    if found is None:
        inherited = {table[(s, method)] for s in supers if (s, method) in table}
        found = inherited.pop() if len(inherited) == 1 else "?" if inherited else table.get(("Object", method))
    return None if found == "?" else found


def outside_result(r: Resolving, scope: int, callee: str, path_type, supers: dict[str, frozenset[str]]) -> str | None:
    """`Boolean.valueOf(…)`, `method.getName()`, `x.toString()`: the type a JDK method returns, called on
    a JDK class (no workspace class of the name) or on a value declared with one (`path_type`: a
    name path's declared (type, workspace class)); on anything else only Object's methods are known."""
    owner, _, method = callee.rpartition(".")
    names = [w.strip() for w in owner.split(".")]
    if not owner or not _TYPE.fullmatch(owner.strip()):
        held = None
    elif len(names) == 1 and names[0][:1].isupper() and not bound(r, scope, names[0]):
        held = (names[0], resolve_type(r, scope, names[0]))
    else:
        held = path_type(r, scope, names)
    jdk = held is not None and held[1] is None and "[" not in held[0] and jdk_named(r, scope, held[0])
    return jdk_result(held[0] if jdk else None, method.strip(), supers.get(held[0], frozenset()) if jdk else frozenset())


def jdk_named(r: Resolving, scope: int, simple: str) -> bool:
    """Whether a type's simple name, seen from a scope, is the JDK's: imported from `java.`/`javax.`,
    or not imported by name while every wildcard import opens a JDK package or a workspace one without
    a class of that name (no other class of the name can be meant)."""
    t = r.t
    module = t.file_module.get(t.syms[scope].file)
    imp = t.imports.get(module, {}).get(simple)
    if imp is not None:
        return imp[0].startswith(("java.", "javax."))
    return all(star.startswith(("java.", "javax.")) or _opens_without(t, star, simple) for star in t.stars.get(module, ()))


def _opens_without(t, star: str, simple: str) -> bool:
    """Whether a wildcard import opens a workspace package or class (`import static a.B.Constants.*`)
    that declares no type of that simple name: it cannot hide the JDK's."""
    return (star in t.by_qual or star in t.packages) and f"{star}.{simple}" not in t.by_qual


def outside_type(r: Resolving, scope: int, text: str) -> bool:
    """Whether every type a declared type names (its arguments included) is outside the workspace; a
    type parameter (`T`, `E2`) may stand for a workspace type, so it never is."""
    paths = [p for p in _TYPE.findall(_ANNOTATION.sub(" ", text)) if p not in _NOT_TYPES]
    if any(len(p) <= 2 and p[:1].isupper() for p in paths):
        return False
    return bool(paths) and all(type_is_external(r, scope, p) for p in paths)


def _declared(r: Resolving, scope: int, name: str, this: bool) -> list[tuple[int, str]] | None:
    """The declared types of a local, parameter or field of the enclosing class, None when unknown."""
    if not this:
        entries = bound(r, scope, name)
        if entries:
            annots = [(w, v) for w, k, v in entries if k in ("annot", "param")]
            return annots or None
    cls = r.enclosing_class(scope)
    return (flow(r).declared(cls, name) or None) if cls is not None else None


def external_receiver(r: Resolving, scope: int, text: str) -> bool:
    """Whether a call's receiver expression certainly holds a value of a type from outside the workspace."""
    if language(r, scope) not in LANGUAGES:
        return False
    text = text.strip()
    if text[:1] == '"':
        return True                                       # a String literal
    while text.startswith("(") and match_bracket(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    if text.startswith("("):                              # `(T) x`: a cast
        close = match_bracket(text, 0)
        return close > 0 and outside_type(r, scope, text[1:close])
    if text == "super":                                   # `super.m()` in a class extending an outside one
        cls = r.enclosing_class(scope)
        bases = r.t.bases.get(cls, []) if cls is not None else []
        return bool(bases) and all(outside_type(r, cls, base) for _, base in bases)
    this = text.startswith("this.")
    chain = parse_chain(text[5:] if this else text)
    if chain is None:
        return False
    calls = [arg for kind, arg in chain if kind == "call"]
    if any(defines(r, "java", w) for arg in calls for w in _IDENT.findall(arg)):
        return False                                      # a workspace type passed in: it may come back
    head = chain[0][1]
    declared = _declared(r, scope, head, this)
    if declared is not None:
        return all(outside_type(r, w, v) for w, v in declared)
    if this:
        return False
    res = r.lookup(scope, head)
    if res is not None and res[0] == "external":
        return True
    if res is None and head[:1].isupper() and not defines(r, "java", head):
        return True                                       # `Runtime`, `Arrays`: an outside class
    target = res[1] if res is not None and isinstance(res[1], int) else None
    if is_class(r, target) and len(chain) > 1 and chain[1][0] == "attr":   # `Html.VOID_ELEMENTS`: a static field
        fields = flow(r).declared(target, chain[1][1])
        return bool(fields) and all(outside_type(r, w, v) for w, v in fields)
    return False


def inherited_from_outside(r: Resolving, scope: int, receiver: str, name: str) -> bool:
    """`ctx.getClass()` where ctx holds a workspace class that neither defines nor inherits (from the
    workspace) `getClass`: the method is Object's, or an outside base class's."""
    if language(r, scope) not in LANGUAGES or not receiver.strip():
        return False
    found = classes(flow(r).expr(scope, receiver))
    return bool(found) and all(r.member(cls, name) is None and _closed(r, cls) for cls in found)


def _closed(r: Resolving, cls: int) -> bool:
    """Whether every base in a class's hierarchy is a workspace class or certainly an outside type
    (a base we could not find may well define the method)."""
    for c in r.mro(cls):
        for _, base in r.t.bases.get(c, ()):
            if resolve_type(r, c, base) is None and not outside_type(r, c, base):
                return False
    return True
