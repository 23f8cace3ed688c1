"""C and C++: `#include` reaches headers (relative to the file, then the workspace, then any indexed
path ending the same way), a header's functions are defined in the source file of the same stem,
out-of-line `Class::method` definitions belong to their class.

A bare name a file does not define resolves through what the file can see: definitions in the files
it includes (transitively), and in the source files paired with those headers (`store.h` ↔
`store.c`/`store.cpp`) — so a call declared by a prototype in a header resolves to the definition
in the .c/.cpp. C++ names are looked up through the enclosing namespaces (`a::b::f` and `f` inside
`namespace a`), and a call inside a member function reaches the members of its class (implicit
`this`, inherited members through the base list). Anything else stays `possible`.
"""
from __future__ import annotations

import posixpath
from collections import defaultdict

from graphmind.lang import callsites, kit as langkit
from graphmind.resolve.hooks import DEFINITIONS, LanguageHooks, Resolving, register
from graphmind.resolve.tables import CALLABLE_KINDS, CLASS_KINDS


LANGS = ("c", "cpp")
SOURCE_EXTS = (".c", ".cc", ".cpp", ".cxx", ".c++")
MAX_INCLUDE_DEPTH = 12


class _Units:
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
        for f in self.files:
            msym = t.file_module.get(f)
            found = []
            for module, _ in (t.imports.get(msym, {}).values() if msym is not None else ()):
                hit = self._find(by_path, posixpath.dirname(t.paths[f]), module.strip("<>\" "))
                if hit is not None and hit != f:
                    found.append(hit)
            self.includes[f] = found
        self._reach: dict[int, frozenset[int]] = {}
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
            seen, todo = {fid}, [(fid, 0)]
            while todo:
                f, depth = todo.pop()
                for inc in self.includes.get(f, ()):
                    if inc not in seen and depth < MAX_INCLUDE_DEPTH:
                        seen.add(inc)
                        todo.append((inc, depth + 1))
            paired = set()
            for f in seen:
                stem = posixpath.splitext(posixpath.basename(self.r.t.paths[f]))[0]
                paired.update(self.sources.get(stem, ()))
            self._reach[fid] = frozenset(seen | paired)
        return self._reach[fid]

    def lookup(self, scope: int, path: str) -> list[int]:
        """Namespace-level definitions a (possibly qualified) name reaches from a scope, nearest
        enclosing namespace first, those the scope's file can see preferred."""
        t = self.r.t
        chain = self.enclosing_namespaces(scope)
        reach = self.reach(t.syms[scope].file)
        for prefix in chain:
            ids = self.scoped.get(f"{prefix}.{path}" if prefix else path, [])
            seen = [i for i in ids if t.syms[i].file in reach]
            if seen:
                # classes first, then by name: never by id, which depends on the order files arrived in
                return sorted(seen, key=lambda i: (t.syms[i].kind not in CALLABLE_KINDS | CLASS_KINDS,
                                                   t.syms[i].kind not in CLASS_KINDS, t.syms[i].qualname, i))
        return []

    def enclosing_namespaces(self, scope: int) -> list[str]:
        """'a.b', 'a', '' for a scope inside `namespace a { namespace b { … } }` (or a member of a
        class declared there)."""
        t, s = self.r.t, scope
        while s is not None and s in t.syms and t.syms[s].kind not in ("namespace", "module"):
            s = t.syms[s].parent
        ns = self.namespace_of(s) if s is not None and s in t.syms and t.syms[s].kind == "namespace" else None
        full = "" if ns is None else (f"{ns}.{t.syms[s].name}" if ns else t.syms[s].name)
        parts = full.split(".") if full else []
        return [".".join(parts[:i]) for i in range(len(parts), -1, -1)]


def prepare(r: Resolving) -> None:
    """Build the include graph and attach out-of-line C++ members to their classes."""
    if "_c_units" in r.state:
        return                                      # registered for c and cpp: prepared once
    units = _Units(r)
    r.state["_c_units"] = units
    t = r.t
    paired: dict[int, int] = r.state.setdefault(DEFINITIONS, {})
    for sid in sorted(s for f in units.files for s in t.file_syms.get(f, ()) if t.syms[s].kind in CALLABLE_KINDS):
        owner = langkit.owner_path(r, sid)
        if owner is None:
            continue
        found = units.lookup(t.syms[sid].parent, owner) if t.syms[sid].parent is not None else []
        cls = next((c for c in found if langkit.is_class(r, c)), None)
        if cls is None:
            continue
        _pair(r, sid, cls, paired)
        langkit.attach(r, sid, cls)
        t.rewrites.attr(t.syms[sid], "parent", cls)     # its body sees the class's members


def _pair(r: Resolving, definition: int, cls: int, paired: dict[int, int]) -> None:
    """The declaration in the class body an out-of-line definition `A::f` defines: same name, kind and
    parameter counts (overloads), the first one not yet paired."""
    t = r.t
    sym = t.syms[definition]
    qual = f"{t.syms[cls].qualname}.{sym.name}"
    first = t.by_qual.get(qual)
    for decl in t.dup_quals.get(qual) or ([first] if first is not None else []):
        d = t.syms[decl]
        if d.parent == cls and d.kind in CALLABLE_KINDS and decl not in paired and decl != definition \
                and t.params.get(decl) == t.params.get(definition):
            paired[decl] = definition
            return


def find_type(r: Resolving, scope: int, path: str) -> int | None:
    """The class a (possibly `ns::`-qualified) type name reaches from a scope."""
    units: _Units = r.state["_c_units"]
    return next((c for c in units.lookup(scope, path.replace("::", ".")) if langkit.is_class(r, c)), None)


def visible(r: Resolving, scope: int, name: str):
    """A class member (implicit `this`), then a namespace-level name the file can see."""
    hit = callsites.implicit_member(r, scope, name)
    if hit is not None:
        return ("self", hit)
    units: _Units = r.state["_c_units"]
    found = units.lookup(scope, name)
    if found:
        return ("local" if r.t.syms[found[0]].file == r.t.syms[scope].file else "import", found[0])
    return None


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`ns::f()`, `Class::f()`, `new T()`, `x.m()` / `p->m()` / `this->f.m()` on declared types."""
    if "::" in text and not text.startswith("new "):
        text = langkit.strip_args(text).replace(" ", "").lstrip(":")
    if "::" in text and not text.startswith("new ") and "." not in text and "->" not in text:
        units: _Units = r.state["_c_units"]
        container, _, last = text.rpartition("::")
        found = units.lookup(caller, text.replace("::", "."))
        if found:
            hit = found[0]
            return langkit.constructors(r, hit, _how(r, caller, hit)) if langkit.is_class(r, hit) \
                else [(hit, _how(r, caller, hit), 0)]
        owners = [c for c in units.lookup(caller, container.replace("::", ".")) if langkit.is_class(r, c)]
        if not owners and (container == "std" or container.startswith("std::")):
            return [(None, "external", 0)]
        rows = langkit.members(r, owners, last, "import")
        if rows:
            return [(hit, _how(r, caller, hit), 0) for hit, _, _ in rows]
    return callsites.resolve_chain(r, caller, text, name, super_names=(), new_calls=True)


def _how(r: Resolving, caller: int, target: int) -> str:
    return "local" if r.t.syms[caller].file == r.t.syms[target].file else "import"


langkit.TYPE_FINDERS.update(c=find_type, cpp=find_type)
_HOOKS = dict(prepare=prepare, visible=visible, resolve_call=resolve_call)
register("c", LanguageHooks(**_HOOKS))
register("cpp", LanguageHooks(**_HOOKS))
