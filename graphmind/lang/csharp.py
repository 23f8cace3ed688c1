"""C#: namespaces (block and file-scoped) are the qualified names, `using` opens a namespace (or a
class, `using static`), `using X = A.B.C;` binds an alias, types of the same or an enclosing
namespace need no using.

A file's module name is its first namespace (`namespace Acme.Shop;` or `namespace Acme.Shop { … }`),
and the extractor names a top-level namespace by its full name, so `class Order` in it is
`Acme.Shop.Order` in every file that declares types there. A bare name in a method is first a
member of the enclosing class (implicit `this`, inherited members through the base list).
"""
from __future__ import annotations

import re

from graphmind.lang import callsites
from graphmind.resolve.hooks import LanguageHooks, Resolving, register


_NAMESPACE = re.compile(rb"^\s*namespace\s+([\w.]+)\s*[;{]?", re.M)
_COMMENTS = re.compile(rb"/\*.*?\*/|//[^\n]*", re.S)


def module_name(path: str, data: bytes) -> str | None:
    """The first namespace the file declares, or None (the path-based name)."""
    m = _NAMESPACE.search(_COMMENTS.sub(b"", data[:65536]))
    return m.group(1).decode("utf-8", "replace") if m else None


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    """`using X = A.B.C;` binds X to C of A.B; `using A.B;` opens a namespace (read by `visible`)."""
    if symbol is None and "." in module:
        module, symbol = module.rsplit(".", 1)
    return callsites.via_import(r, module, symbol)


def _opened(r: Resolving, scope: int, name: str) -> int | None:
    """A name of a namespace (or class: `using static`) a `using A.B;` of an enclosing scope opens."""
    t, s = r.t, scope
    while s is not None and s in t.syms:
        for alias, (module, symbol) in t.imports.get(s, {}).items():
            if symbol is None and alias == module:
                hit = r.in_module(module, name, set())
                if hit is not None:
                    return hit
        s = t.syms[s].parent
    return None


def _namespaces(r: Resolving, scope: int) -> list[str]:
    """The namespaces a scope is in, innermost first, each followed by its outer namespaces."""
    t, s, found = r.t, scope, []
    while s is not None and s in t.syms:
        sym = t.syms[s]
        if sym.kind in ("namespace", "module"):
            parts = sym.qualname.split(".")
            for i in range(len(parts), 0, -1):
                name = ".".join(parts[:i])
                if name not in found:
                    found.append(name)
        s = sym.parent
    return found


def visible(r: Resolving, scope: int, name: str):
    """Members of the enclosing classes, types of the enclosing namespaces, then using-opened ones."""
    t = r.t
    hit = callsites.implicit_member(r, scope, name)
    if hit is not None:
        return ("self", hit)
    for ns in _namespaces(r, scope):
        hit = t.by_qual.get(f"{ns}.{name}")
        if hit is not None and hit in t.syms and t.syms[hit].kind not in ("module", "namespace"):
            return ("local" if t.syms[hit].file == t.syms[scope].file else "import", hit)
    if f"{name}" in t.packages:
        return ("module", name)                        # a namespace written in full: `Acme.Shop.X`
    hit = _opened(r, scope, name)
    return ("import", hit) if hit is not None else callsites.open_scopes(r, scope, name, implicit_this=False)


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`new T()`, `base.M()`, `T.Static()`, `x.M()` / `x?.M()` / `this.f.M()` on declared types."""
    return callsites.resolve_chain(r, caller, text.replace("?.", "."), name, super_names=("base",), new_calls=True)


register("csharp", LanguageHooks(module_name=module_name, resolve_import=resolve_import,
                                 visible=visible, resolve_call=resolve_call))
