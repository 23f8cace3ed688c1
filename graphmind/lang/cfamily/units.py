"""The include graph of the C/C++ files of one resolve pass, their namespace-level names, and what
`using` declarations and directives bring into a scope."""
from __future__ import annotations

import posixpath
from collections import defaultdict

from graphmind.resolve.hooks import Resolving
from graphmind.resolve.tables import CALLABLE_KINDS, CLASS_KINDS

LANGS = ("c", "cpp")
SOURCE_EXTS = (".c", ".cc", ".cpp", ".cxx", ".c++")
MAX_INCLUDE_DEPTH = 12


class Units:
    """The include graph and namespace-level names of the C/C++ files of one resolve pass."""

    def __init__(self, r: Resolving):
        self.r = r
        t = r.t
        self.files = {fid for fid, lang in t.lang.items() if lang in LANGS}
        by_path = {t.paths[f]: f for f in self.files}
        self._by_base: dict[str, list[str]] = defaultdict(list)     # file name -> paths, for `<dir/x.h>`
        for path in sorted(by_path):
            self._by_base[posixpath.basename(path)].append(path)
        self.sources: dict[str, list[int]] = defaultdict(list)       # stem -> source files
        for f in sorted(self.files):
            base, ext = posixpath.splitext(posixpath.basename(t.paths[f]))
            if ext.lower() in SOURCE_EXTS:
                self.sources[base].append(f)
        self.includes: dict[int, list[int]] = {}
        self.made_under: dict[int, list[dict]] = defaultdict(list)   # a template: the macros at each include
        for f in self.files:
            msym = t.file_module.get(f)
            found = []
            for module, _ in (t.imports.get(msym, {}).values() if msym is not None else ()):
                if "::" in module:
                    continue                                    # a using-declaration, not an include
                hit = self._find(by_path, posixpath.dirname(t.paths[f]), module.strip("<>\" "))
                if hit is not None and hit != f:
                    found.append(hit)
            self.includes[f] = found
        self._reach: dict[int, frozenset[int]] = {}
        self._includes_all: dict[int, frozenset[int]] = {}
        self._included_by: dict[int, list[int]] | None = None
        self._units: dict[tuple[int, int], bool] = {}
        self._chains: dict[int, list[str]] = {}                     # scope -> enclosing_namespaces
        # what `using a::B;` (alias -> dotted path) and `using namespace a;` bring into a file: every
        # scope of the file sees them (an out-of-line member's scope is its class, in another file)
        # (plain dicts holding only the files with some: `lookup` skips the others)
        self.usings: dict[int, dict[str, str]] = {}
        self.ns_usings: dict[str, list[tuple[int, str]]] = {}       # `ns.alias` -> (namespace, written path)
        self.opened: dict[int, list[str]] = {}
        self._top_usings: dict[int, dict[str, str]] = {}
        self._seen_usings: dict[int, dict[str, str]] = {}
        for scope in sorted(s for s in set(t.imports) | set(t.stars) if s in t.syms and t.syms[s].file in self.files):
            fid = t.syms[scope].file
            for alias, (module, _) in sorted(t.imports.get(scope, {}).items()):
                if "::" in module:
                    self.usings.setdefault(fid, {})[alias] = module.replace("::", ".").lstrip(".")
                    if t.syms[scope].kind == "module":      # a header's file-level one: its includers' too
                        self._top_usings.setdefault(fid, {})[alias] = module.replace("::", ".").lstrip(".")
                    if t.syms[scope].kind == "namespace":    # a name of the namespace, for every file including it
                        self.ns_usings.setdefault(f"{self.enclosing_namespaces(scope)[0]}.{alias}", []).append(
                            (scope, module.replace("::", ".").lstrip(".")))
            if t.stars.get(scope):
                self.opened.setdefault(fid, []).extend(ns.replace("::", ".").lstrip(".") for ns in t.stars[scope])
        self.scoped: dict[str, list[int]] = defaultdict(list)       # `ns.name` -> namespace-level symbols
        for sid in sorted(s for f in self.files for s in t.file_syms.get(f, ())):
            sym = t.syms[sid]
            if sym.kind not in ("module",):
                prefix = self.namespace_of(sid)
                if prefix is not None:
                    self.scoped[f"{prefix}.{sym.name}" if prefix else sym.name].append(sid)

    def _find(self, by_path: dict[str, int], folder: str, written: str) -> int | None:
        """The indexed file an include names: relative to the including file, to the workspace, then
        any indexed path ending with it (an include directory)."""
        for cand in (posixpath.normpath(posixpath.join(folder, written)), posixpath.normpath(written)):
            if cand in by_path:
                return by_path[cand]
        tails = [p for p in self._by_base.get(posixpath.basename(written), ()) if p.endswith("/" + written)]
        return by_path[tails[0]] if tails else None

    def namespace_of(self, sid: int) -> str | None:
        """The dotted namespace a symbol is declared in ('' at file level), None for class members."""
        t, names = self.r.t, []
        s = t.syms[sid].parent if sid in t.syms else None
        while s is not None and s in t.syms:
            sym = t.syms[s]
            if sym.kind == "module":
                break
            if sym.kind != "namespace":
                return None
            names.append(sym.qualname[len(t.syms[sym.parent].qualname) + 1:] if sym.parent in t.syms else sym.name)
            s = sym.parent
        return ".".join(reversed(names))

    def reach(self, fid: int) -> frozenset[int]:
        """The file, what it includes (transitively), and the sources paired with every header seen."""
        if fid not in self._reach:
            seen = self._closure(fid)
            paired = set()
            for f in seen:
                stem = posixpath.splitext(posixpath.basename(self.r.t.paths[f]))[0]
                paired.update(self.sources.get(stem, ()))
            self._reach[fid] = frozenset(seen | paired)
        return self._reach[fid]

    def lookup(self, scope: int, path: str) -> list[int]:
        """Namespace-level definitions a (possibly qualified) name reaches from a scope, nearest
        enclosing namespace first, those the scope's file can see preferred; then through the
        using-declarations and using-directives of the scope's file."""
        found = self._lookup(scope, path)
        fid = self.r.t.syms[scope].file
        if found or (fid not in self.usings and fid not in self.opened and not self._top_usings):
            return found
        head, dot, rest = path.partition(".")
        written = self.usings.get(fid, {}).get(head) or self.included_usings(fid).get(head)
        if written is not None:
            found = self._lookup(scope, written + dot + rest)
        for ns in self.opened.get(fid, ()) if not found else ():
            found = self._lookup(scope, f"{ns}.{path}")
            if found:
                break
        return found

    def included_usings(self, fid: int) -> dict[str, str]:
        """The file-level using-declarations of the headers a file includes, transitively
        (`using greenlet::refs::OwnedObject;` in TGreenlet.hpp names OwnedObject in TGreenlet.cpp)."""
        if fid not in self._seen_usings:
            merged: dict[str, str] = {}
            for f in sorted(self._closure(fid) - {fid}) if self._top_usings else ():
                for alias, written in self._top_usings.get(f, {}).items():
                    merged.setdefault(alias, written)
            self._seen_usings[fid] = merged
        return self._seen_usings[fid]

    def _lookup(self, scope: int, path: str, depth: int = 0) -> list[int]:
        t = self.r.t
        chain = self.enclosing_namespaces(scope)
        fid = t.syms[scope].file
        reach = self.reach(fid)
        for prefix in chain:
            ids = self.scoped.get(f"{prefix}.{path}" if prefix else path, [])
            seen = [i for i in ids if t.syms[i].file in reach and self.may_see(fid, i)]
            if seen:
                # classes first, then by name: never by id, which depends on the order files arrived in
                return sorted(seen, key=lambda i: (t.syms[i].kind not in CALLABLE_KINDS | CLASS_KINDS,
                                                   t.syms[i].kind not in CLASS_KINDS, t.syms[i].qualname, i))
            # `namespace g { using io::Mapper; }` in a header this file includes: `Mapper` inside g, and
            # `g::Mapper` from g's enclosing namespace, are io's
            for key, tail in self._using_keys(prefix, path) if self.ns_usings and depth < 4 else ():
                for ns, written in self.ns_usings.get(key, ()):
                    found = self._lookup(ns, written + tail, depth + 1) if t.syms[ns].file in reach else []
                    if found:
                        return found
        return []

    @staticmethod
    def _using_keys(prefix: str, path: str) -> list[tuple[str, str]]:
        """(`ns.alias`, what follows it) for each way a written path may start with a namespace's
        using-declaration: `g.Mapper.Inner` from `a` -> (`a.g`, `.Mapper.Inner`), (`a.g.Mapper`, `.Inner`), …"""
        parts = path.split(".")
        return [(".".join([prefix, *parts[:k]] if prefix else parts[:k]), "".join("." + p for p in parts[k:]))
                for k in range(1, len(parts) + 1)]

    def declared_elsewhere(self, scope: int, path: str) -> list[int]:
        """The one class a name reaches through the enclosing namespaces in a file the scope's file does
        not include: a type only declared there (`class TlshImpl;` for a pointer field, the pimpl idiom)."""
        t = self.r.t
        for prefix in self.enclosing_namespaces(scope):
            ids = [i for i in self.scoped.get(f"{prefix}.{path}" if prefix else path, ()) if t.syms[i].kind in CLASS_KINDS]
            if ids:
                return ids if len(ids) == 1 else []
        return []

    def may_see(self, fid: int, sid: int) -> bool:
        """Whether a file may call a definition: a source file's `static` function is its own, and the
        files' that include that source file (`#include "lz4.c"` in lz4hc.c), and those of the other
        files one unit includes with it (`allsources.c` includes every `.c`)."""
        t = self.r.t
        return t.syms[sid].file == fid or sid not in t.file_static or \
            posixpath.splitext(t.paths[t.syms[sid].file])[1].lower() not in SOURCE_EXTS or \
            t.syms[sid].file in self.includes.get(fid, ()) or self.one_unit(fid, t.syms[sid].file)

    def one_unit(self, fid: int, source: int) -> bool:
        """Whether a file is compiled in one unit with a source file: some file includes both
        (transitively; the source itself counts, including the file)."""
        key = (fid, source)
        if key not in self._units:
            if self._included_by is None:
                self._included_by = defaultdict(list)
                for f, found in self.includes.items():
                    for inc in found:
                        self._included_by[inc].append(f)
            tops, todo = {source}, [source]
            while todo:
                for up in self._included_by.get(todo.pop(), ()):
                    if up not in tops and len(tops) < 4 * MAX_INCLUDE_DEPTH:
                        tops.add(up)
                        todo.append(up)
            self._units[key] = any(fid in self._closure(u) for u in sorted(tops))
        return self._units[key]

    def _closure(self, fid: int) -> frozenset[int]:
        """The file and what it includes, transitively (no paired sources)."""
        if fid not in self._includes_all:
            seen, todo = {fid}, [(fid, 0)]
            while todo:
                f, depth = todo.pop()
                for inc in self.includes.get(f, ()):
                    if inc not in seen and depth < MAX_INCLUDE_DEPTH:
                        seen.add(inc)
                        todo.append((inc, depth + 1))
            self._includes_all[fid] = frozenset(seen)
        return self._includes_all[fid]

    def anywhere(self, scope: int, name: str) -> list[int]:
        """The file-level functions named so in every C/C++ file the scope's file may call (a prototype
        in a header whose stem is not the source's: `api.h` -> `core.c`); a header's own definitions
        only where some file reads both (Brotli's `hash.h` includes the fragment `hash_longest_match_inc.h`
        calling its functions), not Annoy's Windows shim `mman.h`, included under `#if defined(_MSC_VER)`."""
        t = self.r.t
        fid = t.syms[scope].file
        return [i for i in self.scoped.get(name, ()) if t.syms[i].kind in CALLABLE_KINDS and self.may_see(fid, i)
                and (posixpath.splitext(t.paths[t.syms[i].file])[1].lower() in SOURCE_EXTS or self.one_unit(fid, t.syms[i].file))]

    def enclosing_namespaces(self, scope: int) -> list[str]:
        """'a.b', 'a', '' for a scope inside `namespace a { namespace b { … } }` or `namespace a::b
        { … }` (or a member of a class declared there)."""
        found = self._chains.get(scope)
        if found is None:
            found = self._chains[scope] = self._enclosing(scope)
        return found

    def _enclosing(self, scope: int) -> list[str]:
        t, s = self.r.t, scope
        while s is not None and s in t.syms and t.syms[s].kind not in ("namespace", "module"):
            s = t.syms[s].parent
        ns = self.namespace_of(s) if s is not None and s in t.syms and t.syms[s].kind == "namespace" else None
        if ns is not None:                 # its own part of the qualified name: `a.b` for `namespace a::b`
            parent = t.syms[s].parent
            own = t.syms[s].qualname[len(t.syms[parent].qualname) + 1:] if parent in t.syms else t.syms[s].name
        full = "" if ns is None else (f"{ns}.{own}" if ns else own)
        parts = full.split(".") if full else []
        return [".".join(parts[:i]) for i in range(len(parts), -1, -1)]
