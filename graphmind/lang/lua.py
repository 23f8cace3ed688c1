"""Lua: `require("a.b")` gives what the chunk of a/b.lua (or a/b/init.lua, under the workspace root
or a `src/`, `lua/` or `lib/` folder) returns; a table made empty at the top of a chunk is a class
whose members are the functions written into it (`function Account:deposit()`); `obj:m()` is
`obj.m(obj)`; `setmetatable({}, Account)` is an Account (graphmind/lang/flow/typeflow.py reads it).
"""
from __future__ import annotations

from graphmind.lang import callsites
from graphmind.resolve.hooks import LanguageHooks, Resolving, register

BUILTINS = frozenset("""
print require setmetatable getmetatable ipairs pairs next tostring tonumber type error assert pcall xpcall
select rawget rawset rawequal unpack table string math os io coroutine debug utf8 package
""".split())
ROOTS = ("", "src.", "lua.", "lib.")


def _chunk(r: Resolving, module: str) -> int | None:
    """The module symbol of the file `require(module)` loads."""
    t = r.t
    for root in ROOTS:
        for name in (f"{root}{module}", f"{root}{module}.init"):
            sid = t.by_qual.get(name)
            if sid is not None and t.syms[sid].kind == "module" and t.lang.get(t.syms[sid].file) == "lua":
                return sid
    return None


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    """What `local x = require("m")` binds: the table the chunk returns (a class), else the chunk."""
    msym = _chunk(r, module)
    if msym is None:
        return ("external", None)
    for kind, value in r.t.bindings.get(msym, {}).get("", ()):
        if kind == "return":
            hit = r.t.children.get(msym, {}).get(value.strip())
            if hit is not None:
                return ("import", hit)
    return ("import", msym)


def visible(r: Resolving, scope: int, name: str):
    return ("builtin", None) if name in BUILTINS else None


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`obj:m()` / `obj.f()` on typed receivers and tables, `self:m()` through the class."""
    text = text.replace(":", ".")
    rows = callsites.resolve_chain(r, caller, text, name, super_names=(), new_calls=False)
    if rows is None and text.startswith("self."):
        return callsites.self_call(r, caller, name)
    return rows


register("lua", LanguageHooks(resolve_import=resolve_import, visible=visible, resolve_call=resolve_call))
