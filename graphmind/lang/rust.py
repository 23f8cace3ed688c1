"""Rust: the module tree from files, `use` paths with `crate::`/`super::`/`self::`, impl blocks merged
into their type.

Module names follow the crate layout: `<crate>/src/lib.rs` and `main.rs` are the crate (named after
its folder, or `crate` when `src/` is at the workspace root), `src/a.rs` and `src/a/mod.rs` are
`<crate>.a`, `src/a/b.rs` is `<crate>.a.b`; an inline `mod m { }` nests as usual. `use` paths are
rewritten to these names (Cargo.toml package names map to their crate), so `use crate::a::S` and
`use mycrate::a::S` reach the same definition. Methods of `impl S` and `impl Trait for S` blocks
become members of `S` (with the trait as a base), so `S::new()`, `self.m()`, `Self::f()` and
`x.m()` on a typed `x` resolve.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import PurePosixPath

from graphmind.lang import callsites, kit as langkit
from graphmind.resolve.hooks import LanguageHooks, Resolving, register
from graphmind.resolve.tables import CLASS_KINDS


EXTERNAL = "@"
_TURBOFISH = re.compile(r"::\s*<[^()]*?>")
_CARGO_NAME = re.compile(r'^\s*\[package\][^\[]*?^\s*name\s*=\s*"([^"]+)"', re.M | re.S)
BUILTINS = frozenset({
    "Some", "None", "Ok", "Err", "Box", "Vec", "String", "drop", "panic", "println", "print", "eprintln",
    "eprint", "format", "vec", "assert", "assert_eq", "assert_ne", "debug_assert", "debug_assert_eq",
    "unreachable", "unimplemented", "todo", "write", "writeln", "matches", "dbg", "include_str", "env",
    "concat", "stringify", "line", "file", "cfg", "format_args"})


def _crate_split(path: str) -> tuple[list[str], list[str]] | None:
    """(crate folder parts, parts under src/) for a file under a `src/` folder, else None."""
    parts = PurePosixPath(path).parts
    dirs = parts[:-1]
    if "src" not in dirs:
        return None
    i = len(dirs) - 1 - dirs[::-1].index("src")
    return list(parts[:i]), list(parts[i + 1:])


def _ident(text: str) -> str:
    return re.sub(r"[^\w]", "_", text)


def module_name(path: str, data: bytes) -> str | None:
    """`<crate>/src/a/b.rs` -> `<crate>.a.b`; lib.rs, main.rs and mod.rs name their folder's module."""
    split = _crate_split(path)
    if split is None:
        return None
    crate_dir, rel = split
    crate = _ident(crate_dir[-1]) if crate_dir else "crate"
    stem = rel[-1][:-3] if rel[-1].endswith(".rs") else rel[-1]
    dirs = [_ident(p) for p in rel[:-1]]
    if stem in ("lib", "main") and not dirs:
        return crate
    return ".".join([crate, *dirs] if stem == "mod" else [crate, *dirs, _ident(stem)])


class _Paths:
    """Turns `use` paths of one workspace into module qualified names."""

    def __init__(self, r: Resolving):
        self.r, t = r, r.t
        self.crates: dict[str, str] = {}      # crate name as used in paths -> its module name
        self.root_of: dict[int, str] = {}     # file id -> its crate's module name
        for fid, lang in t.lang.items():
            if lang != "rust" or fid not in t.file_module:
                continue
            module = t.syms[t.file_module[fid]].qualname
            split = _crate_split(t.paths[fid])
            root = module.split(".", 1)[0] if split is not None else module
            self.root_of[fid] = root
            self.crates.setdefault(root, root)
            if split is not None and t.root is not None:
                try:
                    text = (t.root.joinpath(*split[0]) / "Cargo.toml").read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                m = _CARGO_NAME.search(text)
                if m:
                    self.crates[_ident(m.group(1))] = root

    def current(self, scope: int) -> str:
        """The module a scope is written in (an inline `mod` or the file's)."""
        t, s = self.r.t, scope
        while s is not None and s in t.syms:
            if t.syms[s].kind == "module":
                return t.syms[s].qualname
            s = t.syms[s].parent
        return ""

    def absolute(self, scope: int, path: str) -> str:
        """A `use` path (`crate::a::b`, `super::x`, `other_crate::m`) as a qualified name; external
        paths get the EXTERNAL prefix."""
        segs = [s for s in path.replace(" ", "").split("::")]
        if segs and segs[0] == "":
            segs = segs[1:]
        if not segs:
            return EXTERNAL + path
        cur = self.current(scope)
        head = segs[0]
        if head == "crate":
            base, segs = self.root_of.get(self.r.t.syms[scope].file, cur), segs[1:]
        elif head == "self":
            base, segs = cur, segs[1:]
        elif head == "super":
            base = cur
            while segs and segs[0] == "super":
                base, segs = (base.rsplit(".", 1)[0] if "." in base else base), segs[1:]
        elif f"{cur}.{head}" in self.r.t.by_qual:
            base = cur
        elif head in self.crates:
            base, segs = self.crates[head], segs[1:]
        else:
            return EXTERNAL + path
        return ".".join([base, *segs])


def prepare(r: Resolving) -> None:
    """Rewrite `use` paths to qualified names and merge impl blocks into their types."""
    t, edit = r.t, r.t.rewrites
    paths = _Paths(r)
    r.state["_rust_paths"] = paths
    rust = {sid for fid, lang in t.lang.items() if lang == "rust" for sid in t.file_syms.get(fid, ())}
    for scope in sorted(rust & set(t.imports)):
        table = t.imports[scope]
        for alias, (module, symbol) in list(table.items()):
            if symbol is not None and "::" in symbol:
                extra, symbol = symbol.rsplit("::", 1)
                module = f"{module}::{extra}"
            if symbol is None and alias == module:          # `use a::b::{self}`, `use a;`
                edit.delete(table, alias)
                alias = module.rsplit("::", 1)[-1]
            edit.set(table, alias, (paths.absolute(scope, module), symbol))
    for scope in sorted(rust & set(t.stars)):
        edit.set(t.stars, scope, [paths.absolute(scope, m) for m in t.stars[scope]])
    _merge_impls(r, rust)


def _merge_impls(r: Resolving, rust: set[int]) -> None:
    t, edit = r.t, r.t.rewrites
    types: dict[str, list[int]] = defaultdict(list)
    for sid in rust:
        if t.syms[sid].kind in CLASS_KINDS:
            types[t.syms[sid].qualname].append(sid)
    for sid in sorted(rust):
        sym = t.syms[sid]
        if sym.kind != "type" or not t.children.get(sid):
            continue                                          # a type alias, or an empty impl
        canonical = min(types.get(sym.qualname, [None]), key=lambda x: x or 0)
        if canonical is None and sym.parent is not None:
            imp = t.imports.get(sym.parent, {}).get(sym.name)
            hit = r.in_module(imp[0], imp[1], set()) if imp is not None and imp[1] is not None else None
            canonical = hit if langkit.is_class(r, hit) else None
        if canonical is None:
            edit.attr(sym, "kind", "struct")                # an impl of an outside type: a class of its own
            continue
        langkit.merge_block(r, sid, canonical)


def resolve_import(r: Resolving, fid: int, scope: int, module: str, symbol: str | None):
    return callsites.via_import(r, module, symbol)


def visible(r: Resolving, scope: int, name: str):
    """Names of glob imports (`use super::*`), then the prelude and std macros as builtins."""
    found = callsites.open_scopes(r, scope, name, implicit_this=False)
    if found is None:
        crate = r.state["_rust_paths"].crates.get(name)
        if crate is not None:
            return ("module", crate)                        # `other_crate::f()` without a `use`
    return ("builtin", None) if found is None and name in BUILTINS else found


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`crate::a::f()`, `super::f()`, `Type::f()`, `x.m()` / `self.f.m()` on declared types."""
    text = _TURBOFISH.sub("", text)
    if text.startswith(("crate::", "super::", "self::", "::")):
        paths: _Paths = r.state["_rust_paths"]
        module = paths.absolute(caller, text.rsplit("::", 1)[0])
        if module.startswith(EXTERNAL):
            return [(None, "external", 0)]
        hit = r.in_module(module, name, set())
        if hit is None and module in r.t.by_qual and langkit.is_class(r, r.t.by_qual[module]):
            hit = r.member(r.t.by_qual[module], name)
        return [(hit, "import", 0)] if hit is not None else r.possible("rust", name)
    return callsites.resolve_chain(r, caller, langkit.strip_args(text), name, super_names=(), new_calls=False)


register("rust", LanguageHooks(module_name=module_name, prepare=prepare, resolve_import=resolve_import,
                               visible=visible, resolve_call=resolve_call))
