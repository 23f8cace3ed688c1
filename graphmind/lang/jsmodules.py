"""Which file a JavaScript/TypeScript import specifier names, and which definition an exported
name reaches through `export { a as b }`, `export default`, re-exports, `export *` and CommonJS
`module.exports = X`. One JsState per resolve pass (graphmind/lang/js.py holds it).
"""
from __future__ import annotations

import posixpath

from graphmind.resolve.hooks import Resolving
from graphmind.resolve.scopes import beside_literal
from graphmind.lang.flow.scopevars import VAR_KINDS
from graphmind.lang.jsproject import JsProject, export_targets, join


LANGS = ("javascript", "typescript", "tsx")
# implementation files before declarations: a blast radius wants the code that runs
EXTENSIONS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts")
JS_TO_TS = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
BUILD_DIRS = frozenset({"dist", "build", "lib", "out", "esm", "cjs", "es", "types", "typings"})
EXTERNAL = -1                        # export_of: the name comes from a package outside the workspace


class JsState:
    """One resolve pass's view of the JS/TS files: paths to files, exports, config files."""

    def __init__(self, r: Resolving):
        self.r, t = r, r.t
        self.files = {path: fid for fid, path in t.paths.items() if t.lang.get(fid) in LANGS}
        self.project = JsProject(t.root, {posixpath.dirname(p) for p in self.files})
        self._specs: dict[tuple[str, str], tuple[str, int | None]] = {}
        self._exports: dict[tuple[int, str], int | None] = {}
        self._variables: dict[tuple[int, str], tuple[int, str] | None] = {}
        # (default imports were recorded as imports of `default` when the tables were loaded: tables.py)

    # -- specifiers to files -------------------------------------------------------------------
    def find_file(self, stem: str | None) -> int | None:
        """The indexed file a root-relative path names, with TypeScript/Node extension inference."""
        if stem is None:
            return None
        hit = self.files.get(stem)
        if hit is not None:
            return hit
        base, ext = posixpath.splitext(stem)
        for alt in JS_TO_TS.get(ext, ()):
            if base + alt in self.files:
                return self.files[base + alt]
        for folder in (stem, posixpath.join(stem, "index") if stem else "index"):
            for ext in EXTENSIONS:
                if folder + ext in self.files:
                    return self.files[folder + ext]
        return None

    def spec(self, fid: int, spec: str) -> tuple[str, int | None]:
        """('file', id), ('external', None) or ('unresolved', None) for a specifier seen from a file."""
        folder = posixpath.dirname(self.r.t.paths[fid])
        key = (folder, spec)
        if key not in self._specs:
            self._specs[key] = self._spec(folder, spec)
        return self._specs[key]

    def _spec(self, folder: str, spec: str) -> tuple[str, int | None]:
        spec = spec.split("?", 1)[0]
        if spec.startswith(("./", "../")) or spec in (".", ".."):
            stem = join(folder, spec)
            hit = self.find_file(stem)
            if hit is not None:
                return ("file", hit)
            # a file we do not index (json, css, svg) is real but has no definitions
            return ("external", None) if stem and self.project.is_file(stem) else ("unresolved", None)
        if spec.startswith("/") or spec.startswith("node:"):
            return ("unresolved", None) if spec.startswith("/") else ("external", None)
        config = self.project.config_for(folder)
        if config is not None:
            for pattern, targets in config.paths:
                star = _match(pattern, spec)
                if star is None:
                    continue
                for target in targets:
                    hit = self.find_file(target.replace("*", star))
                    if hit is not None:
                        return ("file", hit)
            if config.base_url is not None:
                hit = self.find_file(join(config.base_url, spec))
                if hit is not None:
                    return ("file", hit)
        found = self.project.package_for(spec)
        if found is None:
            return ("external", None)
        hit = self._package_file(*found)
        return ("file", hit) if hit is not None else ("unresolved", None)

    def _package_file(self, pkg, subpath: str) -> int | None:
        targets = export_targets(pkg.exports, subpath)
        if targets is None:
            targets = pkg.entries if subpath == "." else [subpath]
        for target in targets:
            stem = join(pkg.dir, target)
            hit = self.find_file(stem) or self.find_file(_source_of(pkg.dir, stem))
            if hit is not None:
                return hit
        rest = subpath[2:] if subpath != "." else "index"
        return self.find_file(join(pkg.dir, "src/" + rest)) or self.find_file(join(pkg.dir, rest))

    # -- names a module exports ----------------------------------------------------------------
    def export_of(self, fid: int, name: str) -> int | None:
        """The definition `name` exported by a file reaches (EXTERNAL for a package, else None)."""
        key = (fid, name)
        if key not in self._exports:
            self._exports[key] = None                     # guards re-export cycles
            self._exports[key] = self._export_of(fid, name)
        return self._exports[key]

    def _export_of(self, fid: int, name: str) -> int | None:
        t = self.r.t
        msym = t.file_module.get(fid)
        if msym is None:
            return None
        bound = t.bindings.get(msym, {})
        for kind, value in bound.get(name, ()):
            if kind == "export":                          # export { a as name }, export default a
                hit = self._local(fid, msym, value)
                if hit is not None:
                    return hit
        if name == "default":
            return self.commonjs_value(fid)
        child = self._child(msym, name)
        if child is not None:
            return child
        hit = self._local(fid, msym, name) if name in t.imports.get(msym, {}) else None
        if hit is not None:
            return hit
        for star in t.stars.get(msym, ()):
            how, target = self.spec(fid, star)
            if how == "file":
                hit = self.export_of(target, name)
                if hit is not None:
                    return hit
                if self.variable_scope(target, name) is not None:
                    return None                           # a variable there: no later `export *` gives the name
        return None

    def _local(self, fid: int, msym: int, name: str) -> int | None:
        """What a module-level name of a file holds: its definition or what its import binds."""
        t = self.r.t
        child = self._child(msym, name)
        if child is not None:
            return child
        imp = t.imports.get(msym, {}).get(name)
        if imp is None:
            return None
        how, target = self.spec(fid, imp[0])
        if how != "file":
            return EXTERNAL if how == "external" else None
        return self.namespace(target) if imp[1] is None else self.export_of(target, imp[1])

    def variable_of(self, fid: int, name: str) -> int | None:
        """The module-level variable or constant `name` exported by a file is (`export const isSome: T =
        …`, `export { _await as await }`, re-exported by name or by `export *`), or None."""
        found = self.variable_scope(fid, name)
        return None if found is None else self.r.t.variables.get(found[0], {}).get(found[1])

    def variable_scope(self, fid: int, name: str) -> tuple[int, str] | None:
        """(module scope, local name) of that variable, also when an interface of its name stands
        beside it (zod's `export interface $ZodType` and `export const $ZodType`), or None."""
        key = (fid, name)
        if key not in self._variables:
            self._variables[key] = None                   # guards re-export cycles
            self._variables[key] = self._variable_scope(fid, name)
        return self._variables[key]

    def _variable_scope(self, fid: int, name: str) -> tuple[int, str] | None:
        t = self.r.t
        msym = t.file_module.get(fid)
        if msym is None:
            return None
        local = next((v for k, v in t.bindings.get(msym, {}).get(name, ()) if k == "export"), name)
        if local in t.variables.get(msym, {}) or any(k in VAR_KINDS for k, _ in t.bindings.get(msym, {}).get(local, ())):
            return (msym, local)
        if self._child(msym, local) is not None:
            return None
        imp = t.imports.get(msym, {}).get(local)
        if imp is not None:
            how, target = self.spec(fid, imp[0])
            return self.variable_scope(target, imp[1]) if how == "file" and imp[1] is not None else None
        for star in t.stars.get(msym, ()):
            how, target = self.spec(fid, star)
            hit = self.variable_scope(target, name) if how == "file" else None
            if hit is not None:
                return hit
        return None

    def _child(self, msym: int, name: str) -> int | None:
        """A module's definition of a name, never an object literal's member of that name."""
        t = self.r.t
        child = t.children.get(msym, {}).get(name)
        return beside_literal(t, child) if child is not None and t.syms[child].kind == "method" else child

    def commonjs_value(self, fid: int) -> int | None:
        """What `module.exports = X` (or TypeScript `export = X`) makes the module's value, if anything."""
        msym = self.r.t.file_module.get(fid)
        for rows in self.r.t.bindings.get(msym, {}).values():
            for kind, value in rows:
                if kind == "cjs_export":
                    return self._local(fid, msym, value)
        return None

    def namespace(self, fid: int) -> int | None:
        """What `import * as ns` / `require()` of a file gives: its CommonJS value, else the module."""
        value = self.commonjs_value(fid)
        return value if value is not None and value != EXTERNAL else self.r.t.file_module.get(fid)


def _match(pattern: str, spec: str) -> str | None:
    """The part of spec a tsconfig `paths` pattern's `*` stands for ('' for an exact match), or None."""
    if "*" not in pattern:
        return "" if pattern == spec else None
    pre, post = pattern.split("*", 1)
    ok = spec.startswith(pre) and spec.endswith(post) and len(spec) >= len(pre) + len(post)
    return spec[len(pre):len(spec) - len(post)] if ok else None


def _source_of(pkg_dir: str, stem: str | None) -> str | None:
    """Where the source of a build output path would be: `dist/esm/x.js` -> `src/x`."""
    if stem is None:
        return None
    parts = (stem[len(pkg_dir) + 1:] if pkg_dir else stem).split("/")
    if len(parts) < 2 or parts[0] not in BUILD_DIRS:
        return None
    while len(parts) > 1 and parts[0] in BUILD_DIRS:
        parts.pop(0)
    rest = "/".join(parts)
    for ext in (".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs", ".jsx"):
        if rest.endswith(ext):
            rest = rest[:-len(ext)]
            break
    return join(pkg_dir, "src/" + rest)
