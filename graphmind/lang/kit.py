"""What the language hooks share: typed variables, member chains, constructors, methods attached to
their type, and imports rewritten to workspace qualified names.

The hooks of Go, Java/Kotlin, Rust, C# and C/C++ (graphmind/lang/) build on these; every answer is a
definition id reached through syntax the language defines, never a guess by name across files.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice

from graphmind.resolve.calltext import DOTTED
from graphmind.resolve.hooks import Resolving, Rows
from graphmind.resolve.tables import CLASS_KINDS


# language -> how it finds the class a type path names, when resolve_path cannot (C++ namespaces)
TYPE_FINDERS: dict[str, Callable[[Resolving, int, str], int | None]] = {}
# words that declare a variable without saying its type
UNTYPED = frozenset({"var", "val", "let", "auto", "const", "dynamic", "mut", "_"})
_ARGS = re.compile(r"<[^<>]*>|\[[^\[\]]*\]")
_TYPE_NOISE = re.compile(r"\b(?:const|volatile|mut|final|struct|class|enum|typename|unsigned|signed|ref|out|in|dyn|impl)\b|[*&?!^]")
_CALLEE = re.compile(r"^\s*(?:new\s+)?&?\s*(?P<path>[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*)\s*(?:<[^()]*>)?\s*(?P<open>[({])")


def strip_args(text: str) -> str:
    """A type without generic or template arguments: `List<Foo>` -> `List`, `Store[T]` -> `Store`."""
    prev = None
    while prev != text:
        prev, text = text, _ARGS.sub("", text)
    return text


def type_path(text: str) -> str | None:
    """The dotted or `::` path a type annotation names, without pointers, references, qualifiers or
    arguments (`*store.Store` -> `store.Store`, `const Foo&` -> `Foo`), or None."""
    text = _TYPE_NOISE.sub(" ", strip_args(text)).strip().rstrip("[]").strip()
    text = re.sub(r"\s*(::|\.)\s*", r"\1", text)
    return text.lstrip(":") if text and DOTTED.match(text) and text not in UNTYPED else None


def language(r: Resolving, scope: int) -> str:
    sym = r.t.syms.get(scope)
    return r.t.lang.get(sym.file, "") if sym is not None else ""


def import_tables(r: Resolving, lang: str):
    """(scope, {alias: (module, symbol)}) for every scope of one language that imports something."""
    for scope, table in r.t.imports.items():
        sym = r.t.syms.get(scope)
        if sym is not None and r.t.lang.get(sym.file) == lang:
            yield scope, table


def module_of(r: Resolving, scope: int) -> int:
    """The module symbol a scope belongs to."""
    return r.t.file_module.get(r.t.syms[scope].file, scope)


def is_class(r: Resolving, sid: int | None) -> bool:
    return sid is not None and sid in r.t.syms and r.t.syms[sid].kind in CLASS_KINDS


def attach(r: Resolving, method: int, cls: int) -> None:
    """Make a method defined outside its type's body (Go receivers, C++ `A::m`, Rust impl blocks)
    a member of the type, and no longer a bare name of the scope it was written in."""
    t = r.t
    sym = t.syms[method]
    parent = sym.parent
    if parent is not None and t.children.get(parent, {}).get(sym.name) == method:
        del t.children[parent][sym.name]
    t.children[cls][sym.name] = method
    if cls not in t.definers[sym.name]:
        t.definers[sym.name].append(cls)


def owner_path(r: Resolving, sid: int) -> str | None:
    """The type path written in a definition's qualified name between its scope and its name
    (`pkg.Store.Add` under `pkg` -> `Store`), or None when there is none."""
    t = r.t
    sym = t.syms[sid]
    if sym.parent is None or sym.parent not in t.syms:
        return None
    head = t.syms[sym.parent].qualname + "."
    if not sym.qualname.startswith(head) or not sym.qualname.endswith("." + sym.name):
        return None
    middle = sym.qualname[len(head):len(sym.qualname) - len(sym.name) - 1]
    return middle or None


# -- names to definitions ------------------------------------------------------------------------
def resolve_type(r: Resolving, scope: int, text: str) -> int | None:
    """The workspace class a type annotation names, seen from a scope."""
    path = type_path(text)
    if path is None:
        return None
    if path in ("Self", "this") or path.endswith("::Self"):
        return r.enclosing_class(scope)
    finder = TYPE_FINDERS.get(language(r, scope))
    if finder is not None:
        return finder(r, scope, path)
    res = r.resolve_path(scope, path)
    target = res[1] if res is not None and isinstance(res[1], int) else None
    return target if is_class(r, target) else None


def bound(r: Resolving, scope: int, name: str) -> list[tuple[int, str, str]] | None:
    """The bindings of a variable seen from a scope (nearest scope that binds it, class fields
    through the class's bases), as (scope, kind, value); None when no scope binds the name."""
    t, s = r.t, scope
    while s is not None and s in t.syms:
        entries = t.bindings.get(s, {}).get(name)
        if entries:
            return [(s, k, v) for k, v in entries]
        sym = t.syms[s]
        if sym.kind in CLASS_KINDS:
            for base in islice(r.mro(s), 1, None):
                entries = t.bindings.get(base, {}).get(name)
                if entries:
                    return [(base, k, v) for k, v in entries]
        s = sym.parent
    return None


def value_types(r: Resolving, scope: int, name: str, depth: int = 0) -> list[int] | None:
    """The classes a variable holds (from its declared type or its initializer), [] when unknown,
    None when the name is not a variable in scope."""
    entries = bound(r, scope, name)
    if entries is None:
        return None
    found: list[int] = []
    for where, kind, value in entries:
        if kind in ("annot", "param"):
            cls = resolve_type(r, where, value)
            if cls is not None and cls not in found:
                found.append(cls)
        elif kind == "assign" and depth < 4:
            for cls in expr_types(r, where, value, depth + 1):
                if cls not in found:
                    found.append(cls)
    return found


def expr_types(r: Resolving, scope: int, text: str, depth: int = 0) -> list[int]:
    """The classes an initializer evaluates to: `new T(…)`, `T{…}`, `&T{…}`, `T(…)`, `T::new(…)`,
    `pkg.F(…)` through F's declared return type; [] when unknown."""
    m = _CALLEE.match(text)
    if m is None:
        path = text.strip()
        if DOTTED.match(path) and "." not in path and "::" not in path:
            return value_types(r, scope, path, depth + 1) or []
        return []
    path = m["path"]
    finder = TYPE_FINDERS.get(language(r, scope))
    cls = finder(r, scope, path) if finder is not None else None
    if cls is not None:
        return [cls]
    res = r.resolve_path(scope, path)
    target = res[1] if res is not None and isinstance(res[1], int) else None
    if target is None:
        return []
    if is_class(r, target):
        return [target]
    returns = [v for k, v in r.t.bindings.get(target, {}).get("", []) if k == "returns"]
    found = []
    for value in returns:
        cls = resolve_type(r, target, value.strip().lstrip("(").split(",")[0])
        if cls is not None and cls not in found:
            found.append(cls)
    return found


def field_types(r: Resolving, classes: list[int], name: str) -> list[int]:
    """The classes a field of these classes holds (declared in the class or one of its bases)."""
    found = []
    for cls in classes:
        for c in r.mro(cls):
            entries = r.t.bindings.get(c, {}).get(name)
            if entries:
                for kind, value in entries:
                    hit = resolve_type(r, c, value) if kind in ("annot", "param") else None
                    if hit is not None and hit not in found:
                        found.append(hit)
                break
    return found


def members(r: Resolving, classes: list[int], name: str, how: str) -> Rows:
    """Rows for `name` found through the MRO of each class (plus the overrides of subclasses that
    inherit nothing else: a call on a declared type may dispatch to them)."""
    rows: Rows = []
    for cls in classes:
        hit = r.member(cls, name)
        if hit is not None and all(hit != t for t, _, _ in rows):
            rows.append((hit, how, 0))
    return rows


def constructors(r: Resolving, cls: int, how: str) -> Rows:
    """What `new T()` / `T()` runs: T's constructors (through its bases), else the type itself."""
    t = r.t
    found = [sid for sid in t.children.get(cls, {}).values() if t.syms[sid].kind == "constructor"]
    return [(sid, how, 0) for sid in found] or [(cls, how, 0)]
