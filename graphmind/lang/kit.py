"""What the language hooks share: typed variables, member chains, constructors, methods attached to
their type, and imports rewritten to workspace qualified names.

The hooks of Go, Java/Kotlin, Rust, C# and C/C++ (graphmind/lang/) build on these; every answer is a
definition id reached through syntax the language defines, never a guess by name across files.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from graphmind.lang.flow.scopevars import VAR_KINDS
from graphmind.lang.flow.typeflow import FlowEval, find_path
from graphmind.resolve.calltext import DOTTED
from graphmind.resolve.hooks import Resolving, Rows
from graphmind.resolve.scopes import merged_type
from graphmind.resolve.tables import CLASS_KINDS


# language -> how it finds the class a type path names, when resolve_path cannot (C++ namespaces)
TYPE_FINDERS: dict[str, Callable[[Resolving, int, str], int | None]] = {}
# language -> the type a written type stands for, as text (C++: `std::unique_ptr<T>` holds a T)
TYPE_UNWRAP: dict[str, Callable[[str], str]] = {}
SHARED_MEMBER_NAMES = frozenset({"javascript", "typescript", "tsx", "lua"})
# words that declare a variable without saying its type
UNTYPED = frozenset({"var", "val", "let", "auto", "const", "dynamic", "mut", "_"})
_ARGS = re.compile(r"<[^<>]*>|\[[^\[\]]*\]")
_TYPE_NOISE = re.compile(r"\b(?:const|volatile|mut|final|struct|class|enum|typename|unsigned|signed|ref|out|in|dyn|impl)\b|[*&?!^]")


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


def module_of(r: Resolving, scope: int) -> int:
    """The module symbol a scope belongs to."""
    return r.t.file_module.get(r.t.syms[scope].file, scope)


def is_class(r: Resolving, sid: int | None) -> bool:
    return sid is not None and sid in r.t.syms and r.t.syms[sid].kind in CLASS_KINDS


def attach(r: Resolving, method: int, cls: int) -> None:
    """Make a method defined outside its type's body (Go receivers, C++ `A::m`, Rust impl blocks)
    a member of the type, and no longer a bare name of the scope it was written in."""
    t, edit = r.t, r.t.rewrites
    sym = t.syms[method]
    parent = sym.parent
    if parent is not None and t.children.get(parent, {}).get(sym.name) == method:
        edit.delete(t.children[parent], sym.name)
    edit.set(edit.entry(t.children, cls), sym.name, method)
    definers = edit.entry(t.definers, sym.name)
    if cls not in definers:
        edit.extend(definers, [cls])


def merge_block(r: Resolving, block: int, cls: int) -> None:
    """Make a block that adds to a type written elsewhere (a Rust impl, a Swift extension) part of
    that type: its methods become the type's, its bases the type's, its name names the type."""
    t, edit = r.t, r.t.rewrites
    sym = t.syms[block]
    for method in list(t.children.get(block, {}).values()):
        attach(r, method, cls)
        edit.attr(t.syms[method], "parent", cls)
    if block in t.bases:
        moved = t.bases[block]
        edit.delete(t.bases, block)
        edit.extend(edit.entry(t.bases, cls), moved)
        edit.merged[block] = cls
    if sym.parent is not None and t.children.get(sym.parent, {}).get(sym.name) == block:
        edit.set(t.children[sym.parent], sym.name, cls)
    edit.set(t.by_qual, sym.qualname, cls)


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
    unwrap = TYPE_UNWRAP.get(language(r, scope))
    path = type_path(unwrap(text) if unwrap is not None else text)
    if path is None:
        return None
    if path in ("Self", "this", "self", "static") or path.endswith("::Self"):     # PHP's `: self`, `: static`
        return r.enclosing_class(scope)
    finder = TYPE_FINDERS.get(language(r, scope))
    if finder is not None:
        return finder(r, scope, path)
    res = find_path(r, scope, path)
    target = res[1] if res is not None and isinstance(res[1], int) else None
    if target is not None and target in r.t.syms and r.t.syms[target].kind == "constructor":
        target = r.t.syms[target].parent         # inside class X, `X` is found as its constructor first
    if target is not None and target in r.t.syms:
        target = merged_type(r.t, target)        # `self: Ref.Ref<A>`: the interface, not the namespace
    return target if is_class(r, target) else None


def flow(r: Resolving) -> FlowEval:
    """The type-flow evaluator of this resolve pass (graphmind/lang/flow/typeflow.py)."""
    ev = r.state.get("_flow")
    if ev is None:
        ev = r.state["_flow"] = FlowEval(r, resolve_type)
    return ev


def members(r: Resolving, classes: list[int], name: str, how: str) -> Rows:
    """Rows for `name` found through the MRO of each class (plus the overrides of subclasses that
    inherit nothing else: a call on a declared type may dispatch to them)."""
    rows: Rows = []
    for cls in classes:
        hit = r.member(cls, name)
        if hit is None or field_first(r, cls, hit, name):
            hit = field(r, cls, name)
        if hit is not None and all(hit != t for t, _, _ in rows):
            rows.append((hit, how, 0))
    return rows


def field(r: Resolving, cls: int, name: str) -> int | None:
    """The field a call on a member goes through where fields and methods share one namespace
    (JavaScript, TypeScript, Lua: `dehancer: any`, `private onInvalidate_: () => void`, an interface's
    `readonly postprocess: Postprocess<E>`): the first declared through the MRO, as the compiler names it."""
    if language(r, cls) not in SHARED_MEMBER_NAMES:
        return None
    return next((v for c in r.mro(cls) for v in [r.t.variables.get(c, {}).get(name)] if v is not None), None)


def field_first(r: Resolving, cls: int, hit: int, name: str) -> bool:
    """Whether, in a language where fields and methods share one namespace (JavaScript, TypeScript,
    Lua), a field of that name comes before the method in the MRO (`now: () => number` declared in
    the class, `now()` in an interface it implements): the call goes to the field's value."""
    t = r.t
    if t.lang.get(t.syms[cls].file) not in SHARED_MEMBER_NAMES:
        return False
    for c in r.mro(cls):
        if c == t.syms[hit].parent:
            return False
        if any(k in VAR_KINDS for k, _ in t.bindings.get(c, {}).get(name, ())) or name in t.attrs.get(c, {}):
            return True
    return False


def constructors(r: Resolving, cls: int, how: str) -> Rows:
    """What `new T()` / `T()` runs: T's constructors (through its bases), else the type itself."""
    t = r.t
    found = [sid for sid in t.children.get(cls, {}).values() if t.syms[sid].kind == "constructor"]
    return [(sid, how, 0) for sid in found] or [(cls, how, 0)]
