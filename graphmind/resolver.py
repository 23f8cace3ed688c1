"""Call sites to definitions: scope, import and class-hierarchy aware, honest about what it cannot know.

Every pending call row becomes one or more rows with a resolution:
  local     the name is defined in an enclosing scope of the same file
  import    the name reaches a workspace definition through imports (re-exports followed)
  self      `self.m()` / `cls.m()` / `this.m()` / `super().m()` through the class hierarchy
  builtin   a builtin of the language (no edge)
  external  a name imported from outside the workspace (no edge)
  possible  the receiver is unknown: one row per same-named candidate in the same language,
            each carrying the candidate count (a single row with no target when there are too many)
  unresolved nothing in the workspace matches
"""
from __future__ import annotations

import builtins
import re
from collections import defaultdict
from dataclasses import dataclass, field

import apsw

from graphmind.store import Store

MAX_CANDIDATE_ROWS = 8
CLASS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum"})
CALLABLE_KINDS = frozenset({"function", "method", "constructor"})
PY_BUILTINS = frozenset(dir(builtins))
SELF_NAMES = frozenset({"self", "cls", "this", "Self", "static"})
_DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*$")
_SEP = re.compile(r"\s*(?:\.|::|->)\s*")


@dataclass
class Sym:
    id: int
    qualname: str
    name: str
    kind: str
    parent: int | None
    file: int


@dataclass
class Tables:
    """The workspace's symbol tables, loaded once per resolve pass."""
    syms: dict[int, Sym] = field(default_factory=dict)
    by_qual: dict[str, int] = field(default_factory=dict)
    children: dict[int, dict[str, int]] = field(default_factory=lambda: defaultdict(dict))
    imports: dict[int, dict[str, tuple[str, str | None]]] = field(default_factory=lambda: defaultdict(dict))
    stars: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    bases: dict[int, list[tuple[int, str]]] = field(default_factory=lambda: defaultdict(list))
    base_ids: dict[int, list[int]] = field(default_factory=dict)
    by_name: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(list))
    lang: dict[int, str] = field(default_factory=dict)
    packages: set[str] = field(default_factory=set)   # every module name and each of its prefixes


def load_tables(conn: apsw.Connection) -> Tables:
    """Read every symbol, import and base class once."""
    t = Tables()
    t.lang = dict(conn.execute("SELECT id, language FROM files"))
    for sid, qual, name, kind, parent, fid in conn.execute(
            "SELECT id, qualname, name, kind, parent_id, file_id FROM symbols ORDER BY id"):
        t.syms[sid] = Sym(sid, qual, name, kind, parent, fid)
        t.by_qual[qual] = sid
        if kind == "module":
            parts = qual.split(".")
            t.packages.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        if parent is not None:
            t.children[parent][name] = sid
        if kind in CALLABLE_KINDS:
            t.by_name[(t.lang.get(fid, ""), name)].append(sid)
    for scope, module, symbol, alias, resolved in conn.execute(
            "SELECT scope_id, module, symbol, alias, resolved FROM imports"):
        target = resolved or module
        if symbol == "*":
            t.stars[scope].append(target)
        elif symbol is None and alias == module.split(".", 1)[0] and "." in module:
            t.imports[scope][alias] = (target.split(".", 1)[0] if resolved else alias, None)
        else:
            t.imports[scope][alias] = (target, symbol)
    for iid, cls, base in conn.execute("SELECT id, class_id, base FROM inherits ORDER BY class_id, position"):
        t.bases[cls].append((iid, base))
    return t


class Resolver:
    """Resolves call sites against loaded tables."""

    def __init__(self, tables: Tables):
        self.t = tables
        self._mro: dict[int, list[int]] = {}

    # -- names ---------------------------------------------------------------------------------
    def lookup(self, scope: int, name: str) -> tuple[str, int | None] | None:
        """What a bare name means in a scope: (resolution, symbol id or None), or None if unknown."""
        t, s, first = self.t, scope, True
        python = t.lang.get(t.syms[scope].file) == "python" if scope in t.syms else False
        while s is not None:
            sym = t.syms.get(s)
            if sym is None:
                break
            visible = first or sym.kind not in CLASS_KINDS
            if visible:
                child = t.children.get(s, {}).get(name)
                if child is not None:
                    return ("local", child)
                imp = t.imports.get(s, {}).get(name) if python else None
                if imp is not None:
                    return self._via_import(*imp)
            if sym.parent is None and python:
                for star in t.stars.get(s, ()):
                    hit = self._in_module(star, name, set())
                    if hit is not None:
                        return ("import", hit)
            first = False
            s = sym.parent
        if python and name in PY_BUILTINS:
            return ("builtin", None)
        return None

    def _via_import(self, module: str, symbol: str | None) -> tuple[str, int | str | None]:
        """An import binding: a definition id, a module name ('module', name), or external."""
        if symbol is None:
            return ("module", module) if module in self.t.packages else ("external", None)
        hit = self._in_module(module, symbol, set())
        if hit is not None:
            return ("import", hit)
        sub = f"{module}.{symbol}"
        return ("module", sub) if sub in self.t.packages else ("external", None)

    def _in_module(self, module: str, name: str, seen: set[str]) -> int | None:
        """A name as seen from outside a module: its definitions, submodules, and re-exports."""
        if module in seen:
            return None
        seen.add(module)
        t = self.t
        hit = t.by_qual.get(f"{module}.{name}")
        if hit is not None:
            return hit
        msym = t.by_qual.get(module)
        if msym is None:
            return None
        imp = t.imports.get(msym, {}).get(name)
        if imp is not None:
            mod, sym = imp
            return t.by_qual.get(mod) if sym is None else self._in_module(mod, sym, seen)
        for star in t.stars.get(msym, ()):
            hit = self._in_module(star, name, seen)
            if hit is not None:
                return hit
        return None

    # -- classes -------------------------------------------------------------------------------
    def class_bases(self, cls: int) -> list[int]:
        """The workspace classes a class derives from, in declaration order."""
        t = self.t
        if cls not in t.base_ids:
            ids = []
            parent = t.syms[cls].parent
            for _, base in t.bases.get(cls, ()):
                target = self.resolve_path(parent if parent is not None else cls, base)
                if target is not None and target[1] is not None and t.syms[target[1]].kind in CLASS_KINDS:
                    ids.append(target[1])
            t.base_ids[cls] = ids
        return t.base_ids[cls]

    def mro(self, cls: int) -> list[int]:
        """C3 linearization over workspace classes (depth-first order if C3 has no answer)."""
        if cls in self._mro:
            return self._mro[cls]
        self._mro[cls] = [cls]                        # guards against inheritance cycles
        seqs = [list(self.mro(b)) for b in self.class_bases(cls)] + [list(self.class_bases(cls))]
        out = [cls]
        while any(seqs):
            for seq in seqs:
                head = seq[0] if seq else None
                if head is not None and not any(head in s[1:] for s in seqs):
                    break
            else:
                rest = [c for s in seqs for c in s if c not in out]
                out.extend(dict.fromkeys(rest))
                break
            out.append(head)
            seqs = [[c for c in s if c != head] for s in seqs]
            seqs = [s for s in seqs if s]
        self._mro[cls] = out
        return out

    def member(self, cls: int, name: str, after: int | None = None) -> int | None:
        """A member found through the MRO (starting after class `after` when given: super())."""
        order = self.mro(cls)
        if after is not None:
            order = order[order.index(after) + 1:] if after in order else []
        for c in order:
            hit = self.t.children.get(c, {}).get(name)
            if hit is not None:
                return hit
        return None

    def enclosing_class(self, scope: int) -> int | None:
        """The class whose method (or nested function of a method) a scope is."""
        sym = self.t.syms.get(scope)
        while sym is not None:
            if sym.kind in CLASS_KINDS:
                return sym.id
            sym = self.t.syms.get(sym.parent) if sym.parent is not None else None
        return None

    # -- paths ---------------------------------------------------------------------------------
    def resolve_path(self, scope: int, dotted: str) -> tuple[str, int | None] | None:
        """Resolve `a.b.c` from a scope: the head by scope lookup, the rest by member access."""
        parts = _SEP.split(dotted.strip())
        head = self.lookup(scope, parts[0])
        if head is None or head[1] is None:
            return head
        how, cur = head
        rest = parts[1:]
        if how == "module":                      # walk submodules by name, then into the module
            mod, how = cur, "import"
            while rest and f"{mod}.{rest[0]}" in self.t.packages:
                mod = f"{mod}.{rest.pop(0)}"
            if not rest:
                sid = self.t.by_qual.get(mod)
                return (how, sid) if sid is not None else ("external", None)
            cur = self._in_module(mod, rest.pop(0), set())
            if cur is None:
                return ("external", None) if mod not in self.t.by_qual else None
        for part in rest:
            sym = self.t.syms[cur]
            if sym.kind == "module":
                nxt = self._in_module(sym.qualname, part, set())
            elif sym.kind in CLASS_KINDS:
                nxt = self.member(cur, part)
            else:
                return None
            if nxt is None:
                return None
            cur = nxt
        return (how, cur)

    def constructor(self, cls: int) -> list[int]:
        """What instantiating a class calls: __new__ and __init__ through the MRO, else the class."""
        found = [m for m in (self.member(cls, "__new__"), self.member(cls, "__init__")) if m is not None]
        return found or [cls]

    # -- call sites ----------------------------------------------------------------------------
    def resolve_call(self, caller: int, callee: str, name: str) -> list[tuple[int | None, str, int]]:
        """Rows (target, resolution, candidates) for one call site."""
        t = self.t
        lang = t.lang.get(t.syms[caller].file, "") if caller in t.syms else ""
        text = callee.strip()
        if text.startswith("super()") or text.startswith("super(") and ")." in text:
            cls = self.enclosing_class(caller)
            if cls is not None:
                hit = self.member(cls, name, after=cls)
                if hit is not None:
                    return [(hit, "self", 0)]
            return self._possible(lang, name)
        if _DOTTED.match(text):
            parts = _SEP.split(text)
            if parts[0] in SELF_NAMES and len(parts) == 2:
                cls = self.enclosing_class(caller)
                if cls is not None:
                    hit = self.member(cls, name)
                    if hit is not None:
                        return [(hit, "self", 0)]
                return self._possible(lang, name)
            if lang == "python" or len(parts) == 1:
                res = self.resolve_path(caller, text)
                if res is not None:
                    how, target = res
                    if target is None:
                        return [(None, how, 0)]
                    if t.syms[target].kind in CLASS_KINDS and lang == "python":
                        return [(c, how, 0) for c in self.constructor(target)]
                    return [(target, how, 0)]
                head = self.lookup(caller, parts[0]) if len(parts) > 1 else None
                if head is not None and head[0] == "external":
                    return [(None, "external", 0)]
        return self._possible(lang, name)

    def _possible(self, lang: str, name: str) -> list[tuple[int | None, str, int]]:
        cands = self.t.by_name.get((lang, name), [])
        if not cands:
            return [(None, "unresolved", 0)]
        n = len(cands)
        if n > MAX_CANDIDATE_ROWS:
            return [(None, "possible", n)]
        return [(c, "possible", n) for c in cands]


def resolve_pending(store: Store, incremental: bool) -> int:
    """Resolve every pending call row and every base class; returns the number of sites resolved."""
    conn = store.conn
    if incremental:
        store.reset_pending_sites()
    pending = conn.execute("SELECT id, caller_id, callee, name FROM calls WHERE resolution='pending'").fetchall()
    tables = load_tables(conn)
    r = Resolver(tables)
    out = [(cid, r.resolve_call(caller, callee, name)) for cid, caller, callee, name in pending]
    inherit_targets = []
    for cls, rows in tables.bases.items():
        resolved = r.class_bases(cls)
        parent = tables.syms[cls].parent if cls in tables.syms else None
        for iid, base in rows:
            hit = r.resolve_path(parent, base) if parent is not None else None
            target = hit[1] if hit and hit[1] in resolved else None
            inherit_targets.append((iid, target))
    store.write_resolutions(out, inherit_targets)
    return len(out)
