"""JavaScript, TypeScript and TSX hooks: imports resolved like TypeScript and Node would, and the
call forms the generic rules do not read.

Specifiers (graphmind/lang/jsmodules.py): relative paths with extension inference (`./x` ->
x.ts/.tsx/.js/.jsx/.mjs/.cjs/.mts/.cts/.d.ts, `./x.js` -> x.ts, folders -> index.*),
tsconfig/jsconfig `paths` and `baseUrl`, workspace packages by name (`exports`, entry fields, then
`src/` in place of build output). Calls: `ns.f()` on a namespace import or require, `new X()` ->
X's constructor, `super(...)` / `super.m()`, `exports.f()`. Labels: import (resolved), local (same
file), external (a package outside the workspace, a non-code file), builtin (platform globals),
unresolved (a relative path that points nowhere, or a name the target module does not define).
"""
from __future__ import annotations

import re

from graphmind.lang import callsites
from graphmind.lang.flow import hooks as typeflow
from graphmind.lang.kit import field, field_first, flow
from graphmind.lang.flow.scopevars import VAR_KINDS, bound
from graphmind.lang.jsmodules import EXTERNAL, LANGS, JsState
from graphmind.lang.typescript.generics import element, type_arguments
from graphmind.resolve.hooks import LanguageHooks, Resolving, register
from graphmind.resolve.pyexpr import match_bracket


CLASS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum"})
BUILTINS = frozenset("""
require console JSON Math Object Array String Number Boolean Symbol BigInt Promise Reflect Proxy Date
RegExp Error TypeError RangeError SyntaxError Map Set WeakMap WeakSet parseInt parseFloat isNaN isFinite
encodeURIComponent decodeURIComponent encodeURI decodeURI setTimeout clearTimeout setInterval
clearInterval setImmediate queueMicrotask structuredClone fetch process Buffer globalThis window
document navigator localStorage sessionStorage URL URLSearchParams TextEncoder TextDecoder
AbortController Intl ArrayBuffer Uint8Array Int32Array Float64Array DataView atob btoa alert
""".split())
_PATH = re.compile(r"^[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*$")
_OPTIONAL = re.compile(r"\s*(?:\?\.|!\.)\s*")      # `a?.b`, `a!.b`: the member of a as for `a.b`
_VALUES = ("Object.values(", "Array.from(")         # a Record's values: what indexing it gives

def _state(r: Resolving) -> JsState:
    """The JS/TS state of one resolve pass, kept on the resolver itself so it dies with it."""
    st = r.state.get("_js_state")
    if st is None:
        st = r.state["_js_state"] = JsState(r)
    return st


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    """What an imported name binds: a definition, the module, external, or unresolved."""
    st = _state(r)
    how, target = st.spec(fid, module)
    if how != "file":
        return (how, None)
    hit = st.namespace(target) if symbol is None else st.export_of(target, symbol)
    if hit == EXTERNAL:
        return ("external", None)
    return ("import", hit) if hit is not None else ("unresolved", None)


def visible(r: Resolving, scope: int, name: str):
    """A bare name no scope or import defines: a builtin of the platform, or unknown."""
    return ("builtin", None) if name in BUILTINS else None


def _literal_sibling(r: Resolving, caller: int, name: str):
    """`this.m()` in a method of an object literal (`var ext = { clear() { return this.splice(0) }, splice() {…} }`):
    `this` is the literal, so the method it defines beside the caller, when one literal of the scope defines it."""
    t = r.t
    me = t.syms[caller]
    if me.kind != "method" or me.parent is None or t.syms[me.parent].kind in CLASS_KINDS:
        return None
    hit = t.children.get(me.parent, {}).get(name)
    if hit is None or t.syms[hit].kind != "method" or t.syms[hit].qualname in t.dup_quals:
        return None
    return [(hit, "self", 0)]


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`a.b.c()` through imports and classes, `new X()` to X's constructor, `super.m()`; None falls through."""
    t = r.t
    new = text.startswith("new ")
    if new:
        text = text[4:].strip()
    if not _PATH.match(text):
        text = _OPTIONAL.sub(".", text)
        if not _PATH.match(text):
            return None if new else callsites.on_value(r, caller, text, name)
    parts = text.split(".")
    if parts[0] == "this" or parts[0] == "self" and bound(r, caller, "self") is None:   # `this.m()`: the
        # generic rules (the class hierarchy); `self` a parameter or local (`(self: Ref<A>) => …`) is a variable
        if parts[0] == "this" and bound(r, caller, "this"):   # `function (this: Subscriber<T>) {…}`
            return callsites.typed_member(r, caller, flow(r).variable(caller, "this"), parts[1:-1], name, "inferred")
        if len(parts) > 2:
            return callsites.resolve_chain(r, caller, text, name)
        cls = r.enclosing_class(caller)
        if cls is None and not new:
            return _literal_sibling(r, caller, name)
        hit = r.member(cls, name) if not new else None
        if not new and (hit is None or field_first(r, cls, hit, name)):
            var = field(r, cls, name)                 # `this.dehancer(v)`, `dehancer: any`: the field
            if var is not None:
                return [(var, "self", 0)]
            if hit is not None:                       # `now: () => number` before a base's `now()`
                return r.possible(t.lang[t.syms[caller].file], name)
        return None
    if parts[0] == "super":
        cls = r.enclosing_class(caller)
        bases = r.class_bases(cls) if cls is not None else []
        if len(parts) == 1:                           # super(...): the base constructor, else the base
            ctor = r.member(bases[0], "constructor") if bases else None
            found = [ctor if ctor is not None and t.syms[ctor].kind == "constructor" else bases[0]] if bases else []
        else:
            found = r.dispatch(cls, caller, name, True) if cls is not None and len(parts) == 2 else []
        return [(hit, "self", 0) for hit in found] or None
    if parts[0] == "exports" or parts[:2] == ["module", "exports"]:
        if r.lookup(caller, "exports") is None and len(parts) == 2 + (parts[0] == "module"):
            hit = _state(r).export_of(t.syms[caller].file, name)   # CommonJS: the module's own export
            if hit is not None and hit != EXTERNAL:
                return [(hit, "local", 0)]
        return None
    value = flow(r).variable(caller, parts[0]) if not new else None
    if value is not None:                             # a variable: what it holds, through fields
        if len(parts) == 1:
            return [(sid, "inferred", 0) for kind, sid in sorted(value) if kind == "fn"] or r.possible(
                t.lang[t.syms[caller].file], name)            # a parameter never means an outer definition
        return callsites.typed_member(r, caller, value, parts[1:-1], name, "inferred")
    found = find_path(r, caller, text)
    if found is None:
        return None if new else _exported_variable(r, caller, parts)
    how, cur = found
    if cur is None:
        return [(None, how, 0)]
    if new and t.syms[cur].kind in CLASS_KINDS:
        ctor = r.member(cur, "constructor")
        if ctor is not None and t.syms[ctor].kind == "constructor":
            return [(ctor, how, 0)]
    return [(cur, how, 0)]


def _exported_variable(r: Resolving, caller: int, parts: list[str]):
    """`Option.isSome()` where the module imported whole exports `isSome` as a constant (`export const
    isSome: <A>(…) => … = option.isSome`): the constant is the callee the compiler names; `core.$ZodType.init()`
    where it exports `$ZodType` as a constant: the member of what the constant holds. None when no
    path before the last part is a JS/TS module exporting such a variable."""
    for k in range(1, len(parts)):
        head = find_path(r, caller, ".".join(parts[:k]))
        if head is None or head[1] is None:
            return None
        sym = r.t.syms[head[1]]
        if sym.kind == "namespace":
            continue
        if sym.kind != "module" or r.t.lang.get(sym.file) not in LANGS:
            return None
        found = _state(r).variable_scope(sym.file, parts[k])
        if found is None:
            return None
        if k == len(parts) - 1:
            var = r.t.variables.get(found[0], {}).get(found[1])
            return [(var, head[0], 0)] if var is not None else None
        value = flow(r).variable(*found)
        return callsites.typed_member(r, caller, value, parts[k + 1:-1], parts[-1], "inferred") if value else None
    return None


def find_path(r: Resolving, scope: int, text: str):
    """What a written path names (`ns.f`, `mod.Class.m`, `Geo.area`) through imports, exports,
    classes and namespaces; None when a part cannot be seen into (possible by name)."""
    t = r.t
    parts = text.split(".")
    head = r.lookup(scope, parts[0])
    if head is None:
        return None
    how, cur = head
    if cur is None:
        if how == "unresolved" and len(parts) > 1:
            return None                               # a value we cannot see into: possible by name
        return (how, None)
    if not isinstance(cur, int):
        return None
    st = _state(r)
    for part in parts[1:]:
        sym = t.syms[cur]
        if sym.kind == "module" and t.lang.get(sym.file) in LANGS:
            nxt = st.export_of(sym.file, part)
            if nxt == EXTERNAL:
                return ("external", None)
        elif sym.kind in CLASS_KINDS:
            nxt = r.member(cur, part)
        elif sym.kind in ("namespace", "module"):     # `namespace Geo { export function area() }`
            nxt = t.children.get(cur, {}).get(part)
        else:
            return None
        if nxt is None:
            return None
        cur = nxt
    return (how, cur)


def imported_variable(r: Resolving, scope: int, name: str) -> tuple[int, str] | None:
    """The module-level variable an imported name is (`export const provider: P = {…}` imported as
    `provider`), as (module scope, name); None for a definition or anything else."""
    t, s = r.t, scope
    while s is not None and s in t.syms and name not in t.imports.get(s, {}):
        if name in t.children.get(s, {}):
            return None
        s = t.syms[s].parent
    if s is None or s not in t.syms:
        return None
    module, symbol = t.imports[s][name]
    how, target = _state(r).spec(t.syms[scope].file, module)
    msym = t.file_module.get(target) if how == "file" and symbol else None
    if msym is None or symbol in t.children.get(msym, {}):
        return None
    local = next((v for k, v in t.bindings.get(msym, {}).get(symbol, ()) if k == "export"), symbol)
    if any(k in VAR_KINDS for k, _ in t.bindings.get(msym, {}).get(local, ())):
        return msym, local
    return _state(r).variable_scope(target, symbol)     # re-exported: MobX's `export * from "./observable"`


def values_read_as_record(text: str) -> str:
    """`Object.values(x)` and `Array.from(x)` read as `(x)`: a `Record<K, V>` reads as the V indexing it
    gives (typeflow's declared types), and so do its values (TanStack Form's
    `Object.values(field.instances).forEach(…)`); an array made from x has x's elements."""
    for call in _VALUES:
        at = text.find(call)
        while at >= 0:
            end = match_bracket(text, at + len(call) - 1)
            if end < 0:
                break
            inner = text[at + len(call):end]
            text = text[:at] + (inner if not re.search(r"[\s,]", inner) else f"({inner})") + text[end + 1:]
            at = text.find(call, at)
    return text


for _lang in LANGS:
    typeflow.PATH_FINDERS[_lang] = find_path
    typeflow.EXPR_REWRITES[_lang] = values_read_as_record
    typeflow.ELEMENTS[_lang] = element
    typeflow.VARIABLE_FINDERS[_lang] = imported_variable
    typeflow.TYPE_ARGUMENTS[_lang] = type_arguments
    register(_lang, LanguageHooks(resolve_import=resolve_import, visible=visible,
                                  resolve_call=resolve_call))
