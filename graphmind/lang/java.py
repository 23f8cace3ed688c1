"""Java, Kotlin and Scala: the `package` declaration is the module name, imports name classes (or static
members) by their full name, classes of the same package need no import.

`com/acme/Order.java` with `package com.acme;` defines `com.acme.Order`; every file of the package
shares the module name `com.acme`, so `_in_module` finds a class whichever file declares it.
Wildcard imports (`import a.b.*`, `import static a.b.C.*`) open a package or class; a bare name in a
method is first a member of the enclosing class (implicit `this`, inherited members through
extends/implements), then a same-file or imported class, then a class of the same package.
`new X()` (Java) and `X()` (Kotlin) call X's constructors, or X itself when it declares none.
"""
from __future__ import annotations

import re

from graphmind.lang import argtypes, callsites, externals, kit as langkit
from graphmind.lang.flow import hooks as typeflow
from graphmind.lang.flow.hooks import EXPR_REWRITES, TYPE_ARGUMENTS
from graphmind.resolve.pyexpr import match_bracket, split_top

from graphmind.resolve.hooks import LanguageHooks, Resolving, register
from graphmind.resolve.scopes import merged_type


_JAVA_PACKAGE = re.compile(rb"^\s*package\s+([\w.]+)\s*;", re.M)
_KOTLIN_PACKAGE = re.compile(rb"^\s*package\s+([\w.`]+)", re.M)
_SCALA_PACKAGE = re.compile(rb"^\s*package\s+(?!object\b)([\w.`]+)", re.M)
_COMMENTS = re.compile(rb"/\*.*?\*/|//[^\n]*", re.S)


def _package(pattern: re.Pattern, data: bytes) -> str | None:
    head = _COMMENTS.sub(b"", data[:16384])
    m = pattern.search(head)
    return m.group(1).decode("utf-8", "replace").replace("`", "") if m else None


def java_module(path: str, data: bytes) -> str | None:
    """The file's `package`, or None (the path-based name) for the default package."""
    return _package(_JAVA_PACKAGE, data)


def kotlin_module(path: str, data: bytes) -> str | None:
    return _package(_KOTLIN_PACKAGE, data)


def scala_module(path: str, data: bytes) -> str | None:
    return _package(_SCALA_PACKAGE, data)


def kotlin_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    """Kotlin's import @name is the whole path (`a.b.C`): the symbol C of package a.b."""
    if symbol is not None and symbol != "*" and module.endswith("." + symbol):
        module = module[: -len(symbol) - 1]
    return callsites.via_import(r, module, symbol)


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    return callsites.via_import(r, module, symbol)


def visible(r: Resolving, scope: int, name: str):
    """Members of the enclosing classes, then classes of the same package, then wildcard imports, then
    the workspace's packages."""
    t = r.t
    hit = callsites.implicit_member(r, scope, name)
    if hit is not None:             # a constructor is no member: `Base` (in Base or a subclass) is the class
        return ("self", merged_type(t, hit))
    pkg = t.syms[langkit.module_of(r, scope)].qualname
    hit = t.by_qual.get(f"{pkg}.{name}")
    if hit is not None and hit in t.syms and t.syms[hit].kind != "module":
        return ("local" if t.syms[hit].file == t.syms[scope].file else "import", hit)
    found = callsites.open_scopes(r, scope, name, implicit_this=False)
    # else the first name of a package (`org.acme.nodes.Document in`: a class named in full)
    return found if found is not None or name not in t.packages or not name.islower() else ("module", name)


KOTLIN_BUILTINS = frozenset({
    "println", "print", "readln", "readLine", "listOf", "mutableListOf", "arrayListOf", "mapOf", "mutableMapOf",
    "hashMapOf", "setOf", "mutableSetOf", "hashSetOf", "arrayOf", "emptyList", "emptyMap", "emptySet", "require",
    "requireNotNull", "check", "checkNotNull", "error", "TODO", "lazy", "run", "let", "apply", "also", "with",
    "repeat", "maxOf", "minOf", "buildString", "buildList", "sequenceOf", "pairOf", "to", "synchronized"})


def kotlin_visible(r: Resolving, scope: int, name: str):
    """As Java; then Kotlin's standard-library functions (println, listOf, …) are builtins."""
    found = visible(r, scope, name)
    return ("builtin", None) if found is None and name in KOTLIN_BUILTINS else found


def java_call(r: Resolving, caller: int, text: str, name: str):
    """`new X()`, `super.m()`, `Type.staticM()`, `x.m()` / `this.f.m()` on declared types, `this(…)` and
    `super(…)` in a constructor; a receiver certainly of an outside type (graphmind/lang/externals.py)
    is external, not `possible`."""
    if name in ("this", "super") and text == name:
        return _explicit_constructor(r, caller, name)
    text = externals.without_type_arguments(text)             # `Util.<E>empty()`
    if text.startswith("super.") and ")." in text:
        text = _super_as_cast(r, caller, text)
    outer = _OUTER_THIS.match(text)
    if outer is not None:
        return _outer_this(r, caller, outer.group(1), outer.group(2).split("."), name)
    constant = _CONSTANT_CALL.match(text)
    if constant is not None and constant.group(2) == name:     # `JAVA7.newArrayType(t)`: the enum's method
        rows = _on_enum_constant(r, caller, constant.group(1), name)
        if rows is not None:
            return rows
    rows = callsites.resolve_chain(r, caller, text, name, super_names=("super",), new_calls=True)
    if rows is not None and any(how != "possible" for _, how, _ in rows):
        return rows
    through = callsites.variable_member(r, caller, text, name)      # `IOCase.SYSTEM.checkEquals(…)`
    if through is not None and any(how != "possible" for _, how, _ in through):
        return through
    m = callsites.LAST_MEMBER.search(text)
    receiver = text[:m.start()] if m is not None and m.group(1) == name and not text.startswith("new ") else ""
    if receiver.strip() and (externals.external_receiver(r, caller, receiver)
                             or externals.inherited_from_outside(r, caller, receiver, name)):
        return [(None, "external", 0)]
    return rows


_ONE = ("List", "ArrayList", "LinkedList", "Set", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet", "NavigableSet",
        "Collection", "Iterable", "Iterator", "ListIterator", "Queue", "Deque", "ArrayDeque", "PriorityQueue", "Stack",
        "Vector", "Optional", "Stream", "Supplier", "AtomicReference", "ThreadLocal", "WeakReference", "SoftReference",
        "Reference", "Future", "CompletableFuture", "Callable", "BlockingQueue", "CopyOnWriteArrayList", "Enumeration")
_TWO = ("Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap", "ConcurrentMap", "ConcurrentHashMap",
        "WeakHashMap", "IdentityHashMap", "EnumMap", "Hashtable", "Entry")
OUTSIDE_GENERIC = {**{n: ("E",) for n in _ONE}, **{n: ("K", "V") for n in _TWO}}   # the JDK's, by simple name
_ELEMENT = frozenset({"get", "next", "previous", "poll", "peek", "pop", "element", "remove", "first", "last", "getFirst",
                      "getLast", "removeFirst", "removeLast", "pollFirst", "pollLast", "peekFirst", "peekLast", "take",
                      "orElse", "orElseGet", "orElseThrow", "call", "join", "elementAt", "firstElement", "lastElement",
                      "nextElement", "floor", "ceiling", "higher", "lower"})
_VALUE = frozenset({"get", "remove", "getOrDefault", "put", "putIfAbsent", "computeIfAbsent", "computeIfPresent",
                    "compute", "merge", "replace", "getValue"})
_SAME = frozenset({"iterator", "listIterator", "descendingIterator", "stream", "parallelStream", "subList", "headSet",
                   "tailSet", "subSet", "filter", "sorted", "distinct", "limit", "skip", "findFirst", "findAny",
                   "elements", "reversed"})
_WILDCARD = re.compile(r"^\?\s+extends\s+")


def type_arguments(r: Resolving, scope: int, text: str, cls: int | None) -> dict[str, str]:
    """`Repo<Item>`, `List<Item>`, `Map<String, Item>`: each type parameter's argument as written."""
    head, _, rest = text.partition("<")
    close = rest.rfind(">")
    args = [_WILDCARD.sub("", a.strip()) for a in split_top(rest[:close], ",")] if close > 0 else []
    names = r.t.type_vars.get(cls, ()) if cls is not None else OUTSIDE_GENERIC.get(head.strip().rsplit(".", 1)[-1], ())
    return {n: a for n, a in zip(names, args) if "<" not in a and "?" not in a} if len(names) == len(args) else {}


def outside_member(args, name: str):
    """What a member of an outside generic type gives when called: an element (`get`, `next`, `orElse`:
    `elem`), or a container of the same elements (`iterator()`, `stream()`, a map's `values()`: `keep`)."""
    by = {k[4:]: x for k, x in args}
    if "V" in by and name in _VALUE:
        return frozenset({("elem", by["V"])})
    if "K" in by and name in ("getKey", "keySet"):
        return frozenset({("elem", by["K"])} if name == "getKey" else {("keep", by["K"])})
    if "V" in by and name == "values":
        return frozenset({("keep", by["V"])})
    if "E" in by and (name in _ELEMENT or name in _SAME):
        return frozenset({("elem", by["E"])} if name in _ELEMENT else {("keep", by["E"])})
    return frozenset()


_CAST = re.compile(r"^\(\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(?:<[^()]*>)?\s*\)\s*(?=[\w$(])")


def cast_value(text: str) -> str:
    """A cast read as the type it names (`((HtmlParser) p).handler` -> `HtmlParser().handler`, an
    instance of HtmlParser, for the shared evaluator), explicit type arguments dropped
    (`Util.<E>empty()`); other text unchanged."""
    text = externals.without_type_arguments(text)
    whole = text.startswith("((") and match_bracket(text, 0)
    inner = text[1:whole] if whole and whole > 0 else text
    m = _CAST.match(inner)
    if m is None or not m.group(1).split(".")[-1][:1].isupper():
        return text
    return f"{m.group(1)}()" + (text[whole + 1:] if inner is not text else "")


_CONSTANT_CALL = re.compile(r"^((?:[\w$]+\.)*[A-Z][\w$]*)\.([\w$]+)$")


def _on_enum_constant(r: Resolving, caller: int, receiver: str, name: str):
    """A call on an enum constant that has a body (a class extending its enum, queries/java/tags.scm):
    javac binds it to the enum's declaration, the receiver's static type."""
    hit = r.resolve_path(caller, receiver)
    cls = hit[1] if hit is not None and isinstance(hit[1], int) else None
    sym = r.t.syms[cls] if cls is not None else None
    if sym is None or sym.kind != "class" or sym.parent is None or r.t.syms[sym.parent].kind != "enum" \
            or r.class_bases(cls) != [sym.parent]:
        return None
    target = r.member(sym.parent, name)
    return [(target, "inferred", 0)] if target is not None else None


_OUTER_THIS = re.compile(r"^(?:[A-Za-z_$][\w$]*\s*\.\s*)*([A-Za-z_$][\w$]*)\s*\.\s*this\s*\.\s*([\w$.\s]+)$")


def _outer_this(r: Resolving, caller: int, outer: str, rest: list[str], name: str):
    """`Outer.this.m()` / `Outer.this.f.m()` in a class nested in Outer: a member of the enclosing Outer
    instance (not of the inner class, whose inherited `m` a bare name would find first)."""
    t, cls = r.t, r.enclosing_class(caller)
    while cls is not None and t.syms[cls].name != outer:
        parent = t.syms[cls].parent
        cls = r.enclosing_class(parent) if parent is not None else None
    if cls is None:
        return r.possible("java", name)
    return callsites.typed_member(r, caller, frozenset({("inst", cls)}), [p.strip() for p in rest[:-1]], name, "self")


def _super_as_cast(r: Resolving, caller: int, text: str) -> str:
    """`super.nextEntry().getKey()`: the chain on what the superclass's method returns, written as a cast
    of `this` to the class it extends (`((Base) this).nextEntry().getKey()`, read by cast_value)."""
    cls = r.enclosing_class(caller)
    base = next((b for b in r.class_bases(cls) if r.t.syms[b].kind == "class"), None) if cls is not None else None
    written = next((w for _, w in r.t.bases.get(cls, ()) if base is not None and r.base_target(cls, w) == base), None)
    return f"(({written.split('<', 1)[0].strip()}) this).{text[6:]}" if written else text


def _explicit_constructor(r: Resolving, caller: int, name: str):
    """`this(…)`: the class's own constructors; `super(…)`: those of the class it extends (a workspace
    class: an interface is never extended so; an outside one is external). Overloads: the caller's."""
    cls = r.enclosing_class(caller)
    if cls is not None and name == "super":
        cls = next((b for b in r.class_bases(cls) if r.t.syms[b].kind == "class"), None)
        if cls is None:
            return [(None, "external", 0)]
    return [] if cls is None else langkit.constructors(r, cls, "self")


def kotlin_call(r: Resolving, caller: int, text: str, name: str):
    """`X()` constructs, `x?.m()` reads as `x.m()`, otherwise as Java."""
    return callsites.resolve_chain(r, caller, text.replace("?.", ".").replace("!!.", "."), name,
                                 super_names=("super",), new_calls=False, class_calls_construct=True)


def scala_prepare(r: Resolving) -> None:
    """A companion `object X` is part of its class X: its methods are X's, `X` names the class."""
    t = r.t
    for fid in sorted(f for f, lang in t.lang.items() if lang == "scala"):
        top = t.file_module.get(fid)
        for sid in t.file_syms.get(fid, ()):
            sym = t.syms[sid]
            if sym.kind == "module" and sym.parent is not None and sym.parent == top:
                cls = next((c for c in t.dup_quals.get(sym.qualname, ()) if langkit.is_class(r, c)), None)
                if cls is not None:
                    langkit.merge_block(r, sid, cls)


def scala_call(r: Resolving, caller: int, text: str, name: str):
    """`new X()` and `X()` construct (`X()` runs the companion's `apply` when it has one), otherwise as Java."""
    if name[:1].isupper() and callsites.DOTTED.match(text):
        res = r.resolve_path(caller, text)
        apply = r.member(res[1], "apply") if res is not None and langkit.is_class(r, res[1]) else None
        if apply is not None:
            return [(apply, res[0], 0)]
    return callsites.resolve_chain(r, caller, text, name, super_names=("super",), new_calls=True,
                                   class_calls_construct=True)


EXPR_REWRITES["java"] = cast_value
TYPE_ARGUMENTS["java"] = type_arguments
typeflow.OUTSIDE_MEMBERS.append(outside_member)
register("java", LanguageHooks(module_name=java_module, resolve_import=resolve_import, visible=visible,
                               resolve_call=java_call, overloads=argtypes.fitting_overloads, one_target=True,
                               inherited_overloads=True))
register("kotlin", LanguageHooks(module_name=kotlin_module, resolve_import=kotlin_import,
                                 visible=kotlin_visible, resolve_call=kotlin_call))
register("scala", LanguageHooks(module_name=scala_module, prepare=scala_prepare, resolve_import=resolve_import, visible=visible,
                                resolve_call=scala_call))
