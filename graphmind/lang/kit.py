"""What the language hooks share: typed variables, member chains, constructors, methods attached to
their type, and imports rewritten to workspace qualified names.

The hooks of Go, Java/Kotlin, Rust, C# and C/C++ (lang_*.py) build on these; every answer is a
definition id reached through syntax the language defines, never a guess by name across files.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from graphmind.resolve import resolver as _res     # a module reference: resolver imports the hooks that import this

if TYPE_CHECKING:
    from graphmind.resolve.resolver import Resolver

Rows = list[tuple[int | None, str, int]]
# language -> how it finds the class a type path names, when resolve_path cannot (C++ namespaces)
TYPE_FINDERS: dict[str, Callable[[Resolver, int, str], int | None]] = {}
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
    return text.lstrip(":") if text and _res._DOTTED.match(text) and text not in UNTYPED else None


def language(r: Resolver, scope: int) -> str:
    sym = r.t.syms.get(scope)
    return r.t.lang.get(sym.file, "") if sym is not None else ""


def import_tables(r: Resolver, lang: str):
    """(scope, {alias: (module, symbol)}) for every scope of one language that imports something."""
    for scope, table in r.t.imports.items():
        sym = r.t.syms.get(scope)
        if sym is not None and r.t.lang.get(sym.file) == lang:
            yield scope, table


def module_of(r: Resolver, scope: int) -> int:
    """The module symbol a scope belongs to."""
    return r.t.file_module.get(r.t.syms[scope].file, scope)


def is_class(r: Resolver, sid: int | None) -> bool:
    return sid is not None and sid in r.t.syms and r.t.syms[sid].kind in _res.CLASS_KINDS


def attach(r: Resolver, method: int, cls: int) -> None:
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


def owner_path(r: Resolver, sid: int) -> str | None:
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
def resolve_type(r: Resolver, scope: int, text: str) -> int | None:
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


def bound(r: Resolver, scope: int, name: str) -> list[tuple[int, str, str]] | None:
    """The bindings of a variable seen from a scope (nearest scope that binds it, class fields
    through the class's bases), as (scope, kind, value); None when no scope binds the name."""
    t, s = r.t, scope
    while s is not None and s in t.syms:
        entries = t.bindings.get(s, {}).get(name)
        if entries:
            return [(s, k, v) for k, v in entries]
        sym = t.syms[s]
        if sym.kind in _res.CLASS_KINDS:
            for base in r.mro(s)[1:]:
                entries = t.bindings.get(base, {}).get(name)
                if entries:
                    return [(base, k, v) for k, v in entries]
        s = sym.parent
    return None


def value_types(r: Resolver, scope: int, name: str, depth: int = 0) -> list[int] | None:
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


def expr_types(r: Resolver, scope: int, text: str, depth: int = 0) -> list[int]:
    """The classes an initializer evaluates to: `new T(…)`, `T{…}`, `&T{…}`, `T(…)`, `T::new(…)`,
    `pkg.F(…)` through F's declared return type; [] when unknown."""
    m = _CALLEE.match(text)
    if m is None:
        path = text.strip()
        if _res._DOTTED.match(path) and "." not in path and "::" not in path:
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


def field_types(r: Resolver, classes: list[int], name: str) -> list[int]:
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


def members(r: Resolver, classes: list[int], name: str, how: str) -> Rows:
    """Rows for `name` found through the MRO of each class (plus the overrides of subclasses that
    inherit nothing else: a call on a declared type may dispatch to them)."""
    rows: Rows = []
    for cls in classes:
        hit = r.member(cls, name)
        if hit is not None and all(hit != t for t, _, _ in rows):
            rows.append((hit, how, 0))
    return rows


def constructors(r: Resolver, cls: int, how: str) -> Rows:
    """What `new T()` / `T()` runs: T's constructors (through its bases), else the type itself."""
    t = r.t
    found = [sid for sid in t.children.get(cls, {}).values() if t.syms[sid].kind == "constructor"]
    return [(sid, how, 0) for sid in found] or [(cls, how, 0)]


# -- call sites ------------------------------------------------------------------------------------
def resolve_chain(r: Resolver, caller: int, text: str, name: str, *, super_names: tuple[str, ...] = ("super",),
                  new_calls: bool = True, class_calls_construct: bool = False) -> Rows | None:
    """Rows for a dotted call on a typed receiver (`x.m()`, `this.f.m()`, `super.m()`, `new T()`,
    `pkg.F()`, `T.m()`); None leaves the site to the generic rules (bare names, `this.m()`)."""
    lang = language(r, caller)
    if new_calls and text.startswith("new "):
        cls = resolve_type(r, caller, text[4:])
        if cls is not None:
            return constructors(r, cls, _how(r, caller, cls))
        if type_is_external(r, caller, text[4:]):
            return [(None, "external", 0)]
        return r._possible(lang, name)
    if not _res._DOTTED.match(text):
        return None
    parts = _res._SEP.split(text.strip())
    if len(parts) == 1:
        if class_calls_construct:
            res = r.lookup(caller, parts[0])
            if res is not None and is_class(r, res[1] if isinstance(res[1], int) else None):
                return constructors(r, res[1], res[0])
        return None
    head, middle = parts[0], parts[1:-1]
    if head in super_names and not middle:
        cls = r.enclosing_class(caller)
        found = r.dispatch(cls, caller, name, True) if cls is not None else []
        return [(hit, "self", 0) for hit in found] if found else r._possible(lang, name)
    if head in _res.SELF_NAMES:
        if not middle or head in ("Self", "static"):
            return None                          # the generic `this.m()` / `Self::f()` dispatch
        cls = r.enclosing_class(caller)
        types, how = ([cls] if cls is not None else []), "self"
    else:
        types = value_types(r, caller, head)
        how = "inferred"
        if types is None:                        # not a variable: a package, module, type or namespace
            res = r.resolve_path(caller, ".".join(parts))
            if res is not None and res[0] != "bound":
                target = res[1]
                if target is None:
                    return [(None, res[0], 0)]
                how = "import" if res[0] == "local" and _how(r, caller, target) == "import" else res[0]
                if is_class(r, target):
                    return constructors(r, target, how) if class_calls_construct else [(target, how, 0)]
                return [(target, how, 0)]
            head_res = r.lookup(caller, head)
            if head_res is not None and head_res[0] == "external":
                return [(None, "external", 0)]
            if head_res is None and head[:1].isupper() and not defines(r, lang, head):
                return [(None, "external", 0)]      # `System.out`, `Console`: a type from outside
            return r._possible(lang, name)
        if not types and entries_external(r, caller, head):
            return [(None, "external", 0)]          # declared as a type from outside the workspace
    for part in middle:
        if not types:
            break
        holders, types = types, field_types(r, types, part)
        if not types and field_external(r, holders, part):
            return [(None, "external", 0)]         # `self.items.push()` on a `Vec<…>` field
    rows = members(r, types or [], name, how)
    return rows or r._possible(lang, name)


def defines(r: Resolver, lang: str, name: str) -> bool:
    """Whether any workspace definition of the language has this name."""
    names = r.__dict__.get("_langkit_names")
    if names is None:
        names = r.__dict__["_langkit_names"] = {(r.t.lang.get(s.file, ""), s.name) for s in r.t.syms.values()}
    return (lang, name) in names


def type_is_external(r: Resolver, scope: int, text: str) -> bool:
    """Whether a type annotation names something outside the workspace (an external import, a
    builtin type, or a name no workspace file of the language defines)."""
    path = type_path(text)
    if path is None:
        return False                  # an anonymous interface, a function type: anything may satisfy it
    head = _res._SEP.split(path)[0]
    res = r.lookup(scope, head)
    if res is not None:
        return res[0] in ("external", "builtin")
    return not defines(r, language(r, scope), _res._SEP.split(path)[-1])


def field_external(r: Resolver, classes: list[int], name: str) -> bool:
    """Whether a field of these classes is declared with a type from outside the workspace."""
    for cls in classes:
        for c in r.mro(cls):
            entries = r.t.bindings.get(c, {}).get(name)
            if entries:
                annots = [v for k, v in entries if k in ("annot", "param")]
                return bool(annots) and all(type_is_external(r, c, v) for v in annots)
    return False


def entries_external(r: Resolver, scope: int, name: str) -> bool:
    """Whether a variable is declared, and only declared, with types from outside the workspace."""
    entries = bound(r, scope, name) or []
    annots = [(w, v) for w, k, v in entries if k in ("annot", "param") and v.strip() not in UNTYPED]
    return bool(annots) and all(type_is_external(r, w, v) for w, v in annots)


def _how(r: Resolver, caller: int, target: int) -> str:
    return "local" if r.t.syms[caller].file == r.t.syms[target].file else "import"


def open_scopes(r: Resolver, scope: int, name: str, implicit_this: bool = True) -> tuple[str, int] | None:
    """A bare name as a member of the enclosing class (implicit `this`, inherited members and outer
    classes included), then through the star imports (`import a.*`, `using A;`, `use a::*`)."""
    t, s = r.t, scope
    if implicit_this:
        hit = implicit_member(r, scope, name)
        if hit is not None:
            return ("self", hit)
    while s is not None and s in t.syms:
        for star in t.stars.get(s, ()):
            hit = r._in_module(star, name, set())
            if hit is not None:
                return ("import", hit)
        s = t.syms[s].parent
    return None


def implicit_member(r: Resolver, scope: int, name: str) -> int | None:
    """A member of the enclosing class (or an outer class) named by a bare name."""
    cls = r.enclosing_class(scope)
    while cls is not None:
        hit = r.member(cls, name)
        if hit is not None:
            return hit
        parent = r.t.syms[cls].parent
        cls = r.enclosing_class(parent) if parent is not None else None
    return None


def via_import(r: Resolver, module: str, symbol: str | None) -> tuple[str, int | str | None]:
    """An import rewritten to workspace names (see the language's prepare): a definition, a module
    or package, or external; 'bound' (a variable) reads as unresolved."""
    answer = r._via_import(module, symbol)
    return ("unresolved", None) if answer[0] == "bound" else answer
