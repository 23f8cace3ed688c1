"""Ruby: constants (classes and modules) are global once their file is loaded; a file sees the
constants of the files it requires (`require_relative`, `require` through `lib/`), transitively,
and those an autoloader would find by name (`InvoiceService` in `invoice_service.rb`, Zeitwerk's
rule); a bare call in a method is a call on implicit `self`; `X.new` calls X's `initialize`.

A module reopened in several files (`module Shop` in each file of a gem) is one module: `prepare`
gives each of its definitions the others' constants, so `Shop::RefundProcessor` and a bare
`RefundProcessor` written inside `module Shop` find the class whichever file defines it. A module
mixed in by `include`/`extend`/`prepend` is a base of the class (graphmind/resolve/hierarchy.py).

Receivers are typed by the shared evaluator (graphmind/lang/flow/typeflow.py): `x = X.new(…)`, default
values of parameters, `@x = …` in any method of the class (written `x` in call text).
"""
from __future__ import annotations

import posixpath
import re

from graphmind.lang import callsites
from graphmind.lang.kit import constructors, flow, is_class
from graphmind.resolve.hooks import LanguageHooks, Resolving, register
from graphmind.resolve.tables import CLASS_KINDS

BUILTINS = frozenset("""
puts print p pp require require_relative load raise fail format sprintf loop lambda proc block_given?
attr_reader attr_writer attr_accessor include extend prepend private protected public module_function
freeze frozen? catch throw sleep rand srand exit abort at_exit gets binding caller Integer Float String
Array Hash
""".split())
_WORD = re.compile(r"(?:^|_)([a-z\d])")


def _camel(stem: str) -> str:
    return _WORD.sub(lambda m: m.group(1).upper(), stem)


def _files(r: Resolving) -> dict[str, int]:
    """Relative path -> file id of every Ruby file."""
    paths = r.state.get("_ruby_paths")
    if paths is None:
        paths = r.state["_ruby_paths"] = {p: fid for fid, p in r.t.paths.items() if r.t.lang.get(fid) == "ruby"}
    return paths


def _required(r: Resolving, fid: int) -> list[int]:
    """The files a file requires directly (under the workspace or its `lib/` folder, or beside it)."""
    t, paths = r.t, _files(r)
    here = posixpath.dirname(t.paths.get(fid, ""))
    out = []
    msym = t.file_module.get(fid)
    for module, _ in t.imports.get(msym, {}).values() if msym is not None else ():
        spec = module if module.endswith(".rb") else module + ".rb"
        near = posixpath.normpath(posixpath.join(here, spec))      # `require_relative "x"`
        tries = [near] if spec.startswith(".") else [spec, f"lib/{spec}", near]
        for cand in tries:
            if cand in paths:
                out.append(paths[cand])
                break
    return out


def _reach(r: Resolving, fid: int) -> list[int]:
    """The file itself and every file it requires, transitively, nearest first."""
    cache = r.state.setdefault("_ruby_reach", {})
    if fid not in cache:
        seen, todo = [fid], [fid]
        while todo:
            for nxt in _required(r, todo.pop(0)):
                if nxt not in seen:
                    seen.append(nxt)
                    todo.append(nxt)
        cache[fid] = seen
    return cache[fid]


def _constant(r: Resolving, fid: int, name: str) -> int | None:
    """A top-level class or module named `name` in a reached file, else in the file an autoloader
    would load for it."""
    t = r.t
    for f in _reach(r, fid):
        hit = t.children.get(t.file_module.get(f, -1), {}).get(name)
        if hit is not None and t.syms[hit].kind in CLASS_KINDS | {"module"}:
            return hit
    for path, f in _files(r).items():
        if _camel(posixpath.basename(path)[:-3]) == name:
            hit = t.children.get(t.file_module.get(f, -1), {}).get(name)
            if hit is not None:
                return hit
    return None


def prepare(r: Resolving) -> None:
    """Share the constants of a module reopened in several files among its definitions."""
    t, edit = r.t, r.t.rewrites
    groups: dict[str, list[int]] = {}
    files = sorted((p, fid) for fid, p in t.paths.items() if t.lang.get(fid) == "ruby" and fid in t.file_module)
    for _, fid in files:
        stack = [(t.file_module[fid], "")]
        while stack:
            sid, prefix = stack.pop()
            for name, child in sorted(t.children.get(sid, {}).items()):
                if t.syms[child].kind == "module":
                    path = f"{prefix}::{name}"
                    groups.setdefault(path, []).append(child)
                    stack.append((child, path))
    for sids in groups.values():
        if len(sids) < 2:
            continue
        merged: dict[str, int] = {}
        for sid in sids:
            for name, child in t.children.get(sid, {}).items():
                merged.setdefault(name, child)
        for sid in sids:
            own = t.children.get(sid, {})
            missing = [(name, child) for name, child in merged.items() if name not in own]
            if missing:
                table = edit.entry(t.children, sid)
                for name, child in missing:
                    edit.set(table, name, child)
            others = [t.syms[o].qualname for o in sids if o != sid]
            edit.extend(edit.entry(t.stars, sid), others)


def visible(r: Resolving, scope: int, name: str):
    """A method through implicit `self`, then a constant of a required or autoloaded file, then builtins."""
    return callsites.member_or_file_level(
        r, scope, name, lambda fid, n: _constant(r, fid, n) if n[:1].isupper() else None, BUILTINS)


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`X.new` to X's `initialize`, `x.m()` / `x&.m()` on typed receivers, `X.m` on a class."""
    text = text.replace("&.", ".").replace("::", ".")
    if name == "new" and text.endswith(".new"):
        res = r.resolve_path(caller, text[:-4])
        if res is not None and isinstance(res[1], int) and is_class(r, res[1]):
            init = r.member(res[1], "initialize")
            return [(init, res[0], 0)] if init is not None else constructors(r, res[1], res[0])
    if name[-1:] in ("!", "?") and text.endswith(name):        # `refund!`, `order.paid?`: no dotted path
        receiver = text[:-len(name)].rstrip(".")
        if not receiver:
            res = r.lookup(caller, name)
            return [(res[1], res[0], 0)] if res is not None and isinstance(res[1], int) else None
        value = flow(r).expr(caller, receiver)
        return callsites.typed_member(r, caller, value, [], name, "inferred") if value else None
    return callsites.resolve_chain(r, caller, text, name, super_names=(), new_calls=False)


register("ruby", LanguageHooks(prepare=prepare, visible=visible, resolve_call=resolve_call))
