"""The symbol tables the resolver reads: loaded whole, or kept by a long-lived writer and updated
file by file (drop a file's entries, load its new rows) so an update costs what it changed."""
from __future__ import annotations

import bisect
import sys
from collections import Counter, defaultdict
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import apsw
import orjson

from graphmind.languages import BACKPORT, DEFAULT_OFF, INACTIVE, OVERLOADING, RAW_PARAMETERS, TYPED_ARGUMENTS, family
from graphmind.resolve.overloads import read_signature
from graphmind.resolve.rewrites import Rewrites

CLASS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum"})
CALLABLE_KINDS = frozenset({"function", "method", "constructor"})
CONSTRUCTOR_NAMES = frozenset({"__init__", "__new__", "initialize"})     # constructors by name, not by kind
# module- and class-level variables: kept apart from the names calls resolve by (`children`,
# `by_qual`), so making them definitions changes no call's resolution; only reads reach them
VARIABLE_KINDS = frozenset({"variable", "constant"})
_SEP_CHARS = str.maketrans({":": ".", "-": ".", ">": ".", "(": ".", ")": ".", "[": ".", "]": ".", ",": ".", " ": "."})


@dataclass(slots=True)
class Sym:
    id: int
    qualname: str
    name: str
    kind: str
    parent: int | None
    file: int


_ATTR_KINDS = {"attr": "assign", "attrannot": "annot", "attritem": "item"}   # binding kind -> as an attribute


_dd_dict, _dd_list = partial(defaultdict, dict), partial(defaultdict, list)


@dataclass
class Tables:
    """The workspace's symbol tables."""
    syms: dict[int, Sym] = field(default_factory=dict)
    by_qual: dict[str, int] = field(default_factory=dict)
    children: dict[int, dict[str, int]] = field(default_factory=_dd_dict)
    imports: dict[int, dict[str, tuple[str, str | None]]] = field(default_factory=_dd_dict)
    stars: dict[int, list[str]] = field(default_factory=_dd_list)
    bases: dict[int, list[tuple[int, str]]] = field(default_factory=_dd_list)
    definers: dict[str, list[int]] = field(default_factory=_dd_list)   # member name -> classes defining it
    by_name: dict[tuple[str, str], list[int]] = field(default_factory=_dd_list)   # ids in ascending order
    lang: dict[int, str] = field(default_factory=dict)
    paths: dict[int, str] = field(default_factory=dict)          # file id -> relative path
    file_module: dict[int, int] = field(default_factory=dict)    # file id -> its module symbol id
    root: Path | None = None                                     # the workspace, for language hooks
    packages: Counter = field(default_factory=Counter)   # every module name and each of its prefixes
    # scope -> name -> ((kind, value), ...); return values under the name ''
    bindings: dict[int, dict[str, tuple[tuple[str, str], ...]]] = field(default_factory=_dd_dict)
    # scope -> name -> ((line, flow), ...) beside `bindings`, in scopes where order matters (BindingRow.flow)
    order: dict[int, dict[str, tuple[tuple[int, int], ...]]] = field(default_factory=_dd_dict)
    property_names: Counter = field(default_factory=Counter)   # names of methods decorated as properties
    # name called -> caller scope -> ("callee\targuments", ...): where arguments flow to parameters
    arg_sites: dict[str, dict[int, tuple[str, ...]]] = field(default_factory=_dd_dict)
    # class -> attribute -> [(scope, kind, value)]: class-level bindings and `self.x = …` in its methods
    attrs: dict[int, dict[str, list[tuple[int, str, str]]]] = field(default_factory=_dd_dict)
    variables: dict[int, dict[str, int]] = field(default_factory=_dd_dict)   # scope -> name -> variable id
    variable_quals: dict[str, int] = field(default_factory=dict)    # qualname -> variable id (Go/Java packages)
    # bookkeeping for updates file by file
    file_syms: dict[int, list[int]] = field(default_factory=_dd_list)   # file id -> its symbol ids
    dup_quals: dict[str, list[int]] = field(default_factory=dict)   # qualname -> ids, when several share it
    base_words: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))   # base name part -> classes
    params: dict[int, tuple[int, int | None]] = field(default_factory=dict)   # method -> argument counts (overloads)
    param_types: dict[int, tuple[str, ...]] = field(default_factory=dict)   # method -> parameter types (TYPED_ARGUMENTS)
    type_vars: dict[int, tuple[str, ...]] = field(default_factory=dict)   # class or method -> its type parameters, in order
    type_bounds: dict[int, dict[str, str]] = field(default_factory=dict)   # class or method -> bounded type parameter -> bound
    file_static: set[int] = field(default_factory=set)     # C/C++ `static` functions (seen only in their file)
    const_members: set[int] = field(default_factory=set)   # C++ `const` member functions
    explicit: set[int] = field(default_factory=set)   # C++ `explicit` constructors (no implicit conversion)
    inactive: set[int] = field(default_factory=set)   # C/C++ definitions in `#if` branches left out (INACTIVE)
    backports: set[int] = field(default_factory=set)  # C/C++ definitions for older library versions (BACKPORT)
    default_off: dict[int, frozenset] = field(default_factory=dict)   # C/C++: left out unless these are defined
    rewrites: Rewrites = field(default_factory=Rewrites)   # what language hooks changed this pass (undone by a session)


def load_tables(conn: apsw.Connection, root: Path | None = None) -> Tables:
    """Read every symbol, import, base class and binding once."""
    add_files(t := Tables(root=root), conn, None)
    return t


def _is_property(kind: str, value: str) -> bool:
    return kind == "decorator" and (value.endswith("property") or value.endswith((".setter", ".getter")))


def base_words(base: str) -> set[str]:
    """The identifiers of a base-class expression (`models.Model` -> models, Model)."""
    return {w for w in base.translate(_SEP_CHARS).split(".") if w}


def add_files(t: Tables, conn: apsw.Connection, fids: list[int] | None) -> None:
    """Load the rows of these files (every file when None) into the tables."""
    intern = sys.intern
    where, args = ("", ()) if fids is None else (
        " WHERE file_id IN (SELECT value FROM json_each(?))", (orjson.dumps(sorted(fids)).decode(),))
    fwhere = where.replace("file_id", "id")
    for fid, lang, path in conn.execute(f"SELECT id, language, path FROM files{fwhere}", args):
        t.lang[fid], t.paths[fid] = intern(lang), path
    files = {fid: fid for fid in t.lang}        # one int object per id, shared by every row naming it
    syms = t.syms

    def same(sid):
        """The int object the symbol table already holds for this id (saves an object per reference)."""
        sym = syms.get(sid)
        return sym.id if sym is not None else sid
    overloading, typed = (",".join(f"'{lang}'" for lang in sorted(s)) for s in (OVERLOADING, TYPED_ARGUMENTS))
    for sid, qual, name, kind, parent, fid, signature in conn.execute(
            # joined to files, not `file_id IN (SELECT … FROM files …)`: that scans every file per statement
            "SELECT s.id, s.qualname, s.name, s.kind, s.parent_id, s.file_id, CASE WHEN s.kind IN"
            f" ('method', 'constructor', 'function') AND f.language IN ({overloading}) OR s.kind IN ('function', 'macro')"
            " AND f.language IN ('c', 'cpp') OR s.kind IN"
            f" ('class', 'interface') AND f.language IN ({typed}) THEN s.signature END"
            f" FROM symbols s JOIN files f ON f.id = s.file_id{where.replace('file_id', 's.file_id')} ORDER BY s.id", args):
        name, kind, fid = intern(name), intern(kind), files.get(fid, fid)
        if signature is not None:
            lang = t.lang.get(fid)
            if kind != "macro":
                read_signature(t, sid, name, kind in CLASS_KINDS, signature, lang in TYPED_ARGUMENTS and lang not in
                               RAW_PARAMETERS, lang in RAW_PARAMETERS)
            if lang in ("c", "cpp"):      # a file's own functions; definitions the configuration leaves out
                t.file_static.update([sid] if signature[:7] == "static " and kind == "function" else ())
                t.inactive.update([sid] if signature.endswith(INACTIVE) else ())
                t.backports.update([sid] if signature.endswith(BACKPORT) else ())
                if DEFAULT_OFF in signature and "+" not in (names := signature.rpartition(DEFAULT_OFF)[2][:-3].split()):
                    t.default_off[sid] = frozenset(names)
        if parent is not None:
            parent = same(parent)
        t.syms[sid] = Sym(sid, qual, name, kind, parent, fid)
        t.file_syms[fid].append(sid)
        if kind in VARIABLE_KINDS:
            if parent is not None:
                t.variables[parent].setdefault(name, sid)
            t.variable_quals.setdefault(qual, sid)
            continue
        prev = t.by_qual.get(qual)
        if prev is None:
            t.by_qual[qual] = sid
        else:                                   # the largest id wins (as loaded in id order), stubs last
            bisect.insort(t.dup_quals.setdefault(qual, [prev]), sid)
            t.by_qual[qual] = winner(t, t.dup_quals[qual])
        if kind == "module":
            if parent is None:                  # not a `module Shop` (Ruby), `object X` (Scala) or `mod m` (Rust) in it
                t.file_module[fid] = sid
            parts = qual.split(".")
            t.packages.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        if parent is not None:
            t.children[parent][name] = sid
            if kind in CALLABLE_KINDS and parent in t.syms and t.syms[parent].kind in CLASS_KINDS:
                t.definers[name].append(parent)
        if kind in CALLABLE_KINDS:
            ids = t.by_name[(family(t.lang.get(fid, "")), name)]
            if not ids or ids[-1] < sid:
                ids.append(sid)
            else:
                bisect.insort(ids, sid)
    for scope, module, symbol, alias, resolved, lang in conn.execute(
            "SELECT i.scope_id, i.module, i.symbol, i.alias, i.resolved, f.language FROM imports i"
            f" JOIN files f ON f.id = i.file_id{where.replace('file_id', 'i.file_id')}", args):
        scope = same(scope)
        target = resolved or module
        if symbol == "*":
            t.stars[scope].append(target)
        elif lang == "python" and symbol is None and alias == module.split(".", 1)[0] and "." in module:
            t.imports[scope][alias] = (target.split(".", 1)[0] if resolved else alias, None)
        else:
            t.imports[scope][alias] = (target, symbol)
    for iid, cls, base in conn.execute(
            f"SELECT id, class_id, base FROM inherits{where} ORDER BY class_id, position", args):
        cls = same(cls)
        t.bases[cls].append((iid, base))
        for word in base_words(base):
            t.base_words[word].add(cls)
    pairs: dict[tuple[str, str], tuple[str, str]] = {}    # one object per distinct (kind, value)
    ones: dict[tuple, tuple[tuple]] = {}      # and per distinct (pair,) and ((line, flow),)
    bindings, order, arg_sites, attrs, get_sym = t.bindings, t.order, t.arg_sites, t.attrs, syms.get
    for scope, name, kind, value, line, flow in conn.execute(
            f"SELECT scope_id, name, kind, value, line, flow FROM bindings{where} ORDER BY id", args):
        name, kind, sym = intern(name), intern(kind), get_sym(scope)
        if sym is not None:
            scope = sym.id                      # the int object the symbol table holds (as `same`)
        as_kind = _ATTR_KINDS.get(kind)
        if as_kind is not None:                 # `self.x = …` in a method: an attribute of its class
            cls = sym.parent if sym is not None else None
            if cls is not None and syms[cls].kind in CLASS_KINDS:
                attrs[cls].setdefault(name, []).append((scope, as_kind, value))
            continue
        pair = (kind, value)
        pair = pairs.setdefault(pair, pair)
        names = bindings[scope]
        had = names.get(name)           # one binding: a tuple shared by every name bound so (`self`'s)
        names[name] = had + (pair,) if had is not None else ones.get(pair) or ones.setdefault(pair, (pair,))
        if flow:
            lines = order[scope]
            at, had = (line, flow), lines.get(name)
            lines[name] = had + (at,) if had is not None else ones.get(at) or ones.setdefault(at, (at,))
        if kind == "args":
            sites = arg_sites[name[1:]]
            sites[scope] = sites.get(scope, ()) + (value,)
        elif kind == "decorator":
            if _is_property(kind, value):
                t.property_names[name[1:]] += 1
        elif kind == "default_import":
            # `import D from "m"` binds m's default export: record it as the import of `default` it is
            imp = t.imports.get(scope, {}).get(name)
            if imp is not None and imp[1] is None:
                t.imports[scope][name] = (imp[0], "default")
        elif (kind == "assign" or kind == "annot") and sym is not None and sym.kind in CLASS_KINDS:
            attrs[scope].setdefault(name, []).append((scope, kind, value))


def is_stub(t: Tables, sid: int) -> bool:     # declared in a Python `.pyi` stub
    return t.paths.get(t.syms[sid].file, "").endswith(".pyi")


def winner(t: Tables, ids: list[int]) -> int:
    """Of ids sharing a qualified name, the one names bind to: the last, a `.py` one before a `.pyi` stub's."""
    return next((sid for sid in reversed(ids) if not is_stub(t, sid)), ids[-1])


def _remove(table: dict, key, item) -> None:
    items = table.get(key)
    if items is not None:
        with suppress(ValueError, KeyError):
            items.remove(item)
        if not items:
            del table[key]


def _discount(counter: Counter, key) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def drop_files(t: Tables, fids: set[int]) -> None:
    """Remove every entry these files contributed."""
    for fid in fids:
        sids = t.file_syms.pop(fid, [])
        for sid in sids:
            for name, rows in t.bindings.pop(sid, {}).items():
                sites = t.arg_sites.get(name[1:]) if name[:1] == "(" else None
                if sites is not None:
                    sites.pop(sid, None)
                    if not sites:
                        del t.arg_sites[name[1:]]
                for kind, value in rows:
                    if _is_property(kind, value):
                        _discount(t.property_names, name[1:])
            for _, base in t.bases.pop(sid, ()):
                for word in base_words(base):
                    _remove(t.base_words, word, sid)
            for table in (t.children, t.imports, t.stars, t.attrs, t.order, t.variables, t.params,
                          t.param_types, t.type_vars, t.type_bounds):
                table.pop(sid, None)
            for marked in (t.file_static, t.const_members, t.explicit, t.inactive, t.backports):
                marked.discard(sid)
            t.default_off.pop(sid, None)
        for sid in reversed(sids):             # children before their parents
            sym = t.syms.pop(sid)
            if sym.kind in VARIABLE_KINDS:      # their scopes' entries went with the scopes
                if t.variable_quals.get(sym.qualname) == sid:
                    del t.variable_quals[sym.qualname]
                continue
            ids = t.dup_quals.get(sym.qualname)
            if ids is not None:
                ids.remove(sid)
                t.by_qual[sym.qualname] = winner(t, ids)
                if len(ids) == 1:
                    del t.dup_quals[sym.qualname]
            elif t.by_qual.get(sym.qualname) == sid:
                del t.by_qual[sym.qualname]
            if sym.kind == "module":
                t.file_module.pop(fid, None)
                parts = sym.qualname.split(".")
                for i in range(1, len(parts) + 1):
                    _discount(t.packages, ".".join(parts[:i]))
            if sym.parent is not None:
                kids = t.children.get(sym.parent)
                if kids is not None and kids.get(sym.name) == sid:
                    del kids[sym.name]
                parent = t.syms.get(sym.parent)
                if sym.kind in CALLABLE_KINDS and parent is not None and parent.kind in CLASS_KINDS:
                    _remove(t.definers, sym.name, sym.parent)
            if sym.kind in CALLABLE_KINDS:
                _remove(t.by_name, (family(t.lang.get(fid, "")), sym.name), sid)
        t.lang.pop(fid, None)
        t.paths.pop(fid, None)
