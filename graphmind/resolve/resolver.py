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

from graphmind.resolve.hooks import LanguageHooks, hooks_for
from graphmind.languages import family
from graphmind.index.flowfacts import MEMBER_READ
from graphmind.resolve.pytypes import TypeEval
from graphmind.models import Delta
from graphmind.resolve.session import ResolveSession
from graphmind.store.db import Store
from graphmind.resolve.tables import CALLABLE_KINDS, CLASS_KINDS, Sym, Tables, load_tables  # noqa: F401 (re-exported)

MAX_CANDIDATE_ROWS = 8
RESOLVE_CHUNK = 20_000      # pending call rows resolved and written per step
PY_BUILTINS = frozenset(dir(builtins))
SELF_NAMES = frozenset({"self", "cls", "this", "Self", "static"})
_DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*$")
_SEP = re.compile(r"\s*(?:\.|::|->)\s*")


class Resolver:
    """Resolves call sites against loaded tables."""

    def __init__(self, tables: Tables, known_bases: dict[int, list[int]] | None = None,
                 known_subs: dict[int, set[int]] | None = None, dirty: set[int] | None = None):
        """known_bases/known_subs: bases resolved by an earlier pass (graphmind/resolve/session.py), valid for
        every class but the `dirty` ones, whose bases are resolved again."""
        self.t = tables
        self._known = known_bases if dirty is not None else None
        self._known_subs = known_subs or {}
        self._dirty = dirty or set()
        self._mro: dict[int, list[int]] = {}
        self._lookups: dict[tuple[int, str], tuple | None] = {}
        self._members: dict[tuple, int | None] = {}
        self._base_ids: dict[int, list[int]] = {}     # memos live on the resolver: one pass each
        self._direct_subs: dict[int, list[int]] | None = None
        self._subs: dict[int, set[int]] = {}
        self.types = TypeEval(self)
        for lang in sorted(set(tables.lang.values())):
            hooks = hooks_for(lang)
            if hooks is not None and hooks.prepare is not None:
                hooks.prepare(self)

    # -- names ---------------------------------------------------------------------------------
    def lookup(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
        """What a bare name means in a scope: (resolution, symbol id or None), or None if unknown."""
        key = (scope, name)
        if key not in self._lookups:
            self._lookups[key] = self._lookup(scope, name)
        return self._lookups[key]

    def _lookup(self, scope: int, name: str) -> tuple[str, int | str | None] | None:
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
                    if python and name in t.bindings.get(s, {}):
                        return ("bound", None)         # also rebound: let the evaluator decide
                    return ("local", child)
                if python and name in t.bindings.get(s, {}):
                    return ("bound", None)
                imp = t.imports.get(s, {}).get(name)
                if imp is not None:
                    if python:
                        return self._via_import(*imp)
                    hooks = self._hooks(scope)
                    if hooks is not None and hooks.resolve_import is not None:
                        answer = hooks.resolve_import(self, t.syms[scope].file, s, *imp)
                        if answer is not None:
                            return answer
            if sym.parent is None and python:
                for star in t.stars.get(s, ()):
                    hit = self._in_module(star, name, set())
                    if hit is not None:
                        return ("import", hit)
            first = False
            s = sym.parent
        if python and name in PY_BUILTINS:
            return ("builtin", None)
        hooks = None if python else self._hooks(scope)
        if hooks is not None and hooks.visible is not None:
            return hooks.visible(self, scope, name)
        return None

    def _hooks(self, scope: int) -> LanguageHooks | None:
        sym = self.t.syms.get(scope)
        return hooks_for(self.t.lang.get(sym.file, "")) if sym is not None else None

    def _via_import(self, module: str, symbol: str | None) -> tuple[str, int | str | None]:
        """An import binding: a definition id, a module name ('module', name), or external."""
        if symbol is None:
            return ("module", module) if module in self.t.packages else ("external", None)
        hit = self._in_module(module, symbol, set())
        if hit is not None:
            return ("import", hit)
        sub = f"{module}.{symbol}"
        if sub in self.t.packages:
            return ("module", sub)
        if self.binding_owner(module, symbol) is not None:
            return ("bound", None)            # a variable of a workspace module: the evaluator types it
        return ("unresolved", None) if module in self.t.by_qual else ("external", None)

    def binding_owner(self, module: str, name: str, seen: set[str] | None = None) -> int | None:
        """The workspace module scope where a module-level variable seen as `module.name` is bound,
        following re-exports (`from .globals import current_app`) and star imports."""
        seen = seen if seen is not None else set()
        msym = self.t.by_qual.get(module)
        if msym is None or module in seen:
            return None
        seen.add(module)
        if name in self.t.bindings.get(msym, {}):
            return msym
        imp = self.t.imports.get(msym, {}).get(name)
        if imp is not None and imp[1] is not None:
            return self.binding_owner(imp[0], imp[1], seen)
        for star in self.t.stars.get(msym, ()):
            owner = self.binding_owner(star, name, seen)
            if owner is not None:
                return owner
        return None

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
        if cls not in self._base_ids and self._known is not None and cls not in self._dirty:
            known = self._known.get(cls)
            if known is not None:
                self._base_ids[cls] = known
        if cls not in self._base_ids:
            ids = []
            for _, base in t.bases.get(cls, ()):
                target = self.base_target(cls, base)
                if target is not None and t.syms[target].kind in CLASS_KINDS:
                    ids.append(target)
            self._base_ids[cls] = ids
        return self._base_ids[cls]

    def base_target(self, cls: int, base: str) -> int | None:
        """The definition a base-class expression names, seen from where the class statement runs."""
        parent = self.t.syms[cls].parent
        hit = self.resolve_path(parent if parent is not None else cls, base)
        target = hit[1] if hit is not None and isinstance(hit[1], int) else None
        if target == cls:
            # `class Form(Form):` -- the base is the earlier binding (an import), not the class itself
            imp = self.t.imports.get(parent, {}).get(_SEP.split(base)[0]) if parent is not None else None
            target = None
            if imp is not None:
                how, value = self._via_import(*imp)
                target = value if isinstance(value, int) and value != cls else None
        return target

    def mro(self, cls: int) -> list[int]:
        """C3 linearization over workspace classes (depth-first order if C3 has no answer).

        Iterative (bases first, from an explicit stack): a chain of thousands of classes must not
        reach Python's recursion limit."""
        if cls in self._mro:
            return self._mro[cls]
        stack = [(cls, False)]
        while stack:
            c, ready = stack.pop()
            if ready:
                self._mro[c] = self._linearize(c)
                continue
            if c in self._mro:
                continue
            self._mro[c] = [c]                    # a placeholder: guards against inheritance cycles
            stack.append((c, True))
            stack.extend((b, False) for b in reversed(self.class_bases(c)) if b not in self._mro)
        return self._mro[cls]

    def _linearize(self, cls: int) -> list[int]:
        bases = self.class_bases(cls)
        if len(bases) == 1:                       # single inheritance: no merge needed
            return [cls] + [c for c in self._mro.get(bases[0], bases) if c != cls]
        seqs = [list(self._mro.get(b, [b])) for b in bases] + [list(bases)]
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
        return out

    def member(self, cls: int, name: str, after: int | None = None) -> int | None:
        """A member found through the MRO (starting after class `after` when given: super())."""
        key = (cls, name, after)
        if key in self._members:
            return self._members[key]
        order = self.mro(cls)
        if after is not None:
            order = order[order.index(after) + 1:] if after in order else []
        hit = None
        for c in order:
            hit = self.t.children.get(c, {}).get(name)
            if hit is not None:
                break
        self._members[key] = hit
        return hit

    def subclasses(self, cls: int) -> set[int]:
        """Every workspace class deriving from cls, directly or not."""
        if cls not in self._subs:
            seen, todo = set(), list(self._direct(cls))
            while todo:
                c = todo.pop()
                if c not in seen:
                    seen.add(c)
                    todo.extend(self._direct(c))
            self._subs[cls] = seen
        return self._subs[cls]

    def _direct(self, cls: int) -> list[int]:
        """The classes listing cls among their bases (known ones from the earlier pass, plus dirty ones)."""
        if self._direct_subs is None:
            self._direct_subs = defaultdict(list)
            scan = list(self.t.bases) if self._known is None else [c for c in self._dirty if c in self.t.bases]
            for c in scan:
                if c in self.t.syms:
                    for b in self.class_bases(c):
                        self._direct_subs[b].append(c)
        direct = self._direct_subs.get(cls, [])
        if self._known is not None:
            direct = direct + [c for c in self._known_subs.get(cls, ()) if c not in self._dirty]
        return direct

    def dispatch(self, cls: int, caller: int, name: str, is_super: bool) -> list[int]:
        """What `self.name()` (or `super().name()`) in a method of cls reaches: the member its MRO
        finds, plus the override each subclass that inherits the calling method would find (for
        super(), what comes next after cls in the MRO of each subclass with several bases)."""
        first = self.member(cls, name, after=cls if is_super else None)
        found = [first] if first is not None else []
        method = caller
        while method is not None and self.t.syms[method].parent != cls:
            method = self.t.syms[method].parent
        if method is None:
            return found
        mname = self.t.syms[method].name
        subs = self.subclasses(cls)
        if not subs:
            return found
        if is_super:
            candidates = [s for s in subs if len(self.class_bases(s)) > 1]   # only they change what follows cls
        else:
            candidates = [s for s in self.t.definers.get(name, ()) if s in subs]
        for sub in sorted(candidates):
            if not is_super and self.member(sub, mname) != method:
                continue                          # the subclass overrides the calling method
            hit = self.member(sub, name, after=cls if is_super else None)
            if hit is not None and hit not in found:
                found.append(hit)
        return found

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
    def resolve_call(self, caller: int, callee: str, name: str,
                     implicit: int = 0) -> list[tuple[int | None, str, int]]:
        """Rows (target, resolution, candidates) for one call site; none for an implicit call not resolved."""
        if implicit == MEMBER_READ:
            return self._property_read(caller, callee, name)
        rows = self._resolve(caller, callee, name)
        if implicit and not any(target is not None and how != "possible" for target, how, _ in rows):
            return []
        return rows

    def _resolve(self, caller: int, callee: str, name: str) -> list[tuple[int | None, str, int]]:
        t = self.t
        lang = t.lang.get(t.syms[caller].file, "") if caller in t.syms else ""
        python = lang == "python"
        text = callee.strip()
        hooks = None if python else hooks_for(lang)
        if hooks is not None and hooks.resolve_call is not None:
            rows = hooks.resolve_call(self, caller, text, name)
            if rows is not None:
                return rows
        if text.startswith("super()") or text.startswith("super(") and ")." in text:
            cls = self.enclosing_class(caller)
            if cls is not None:
                found = self.dispatch(cls, caller, name, True)
                if found:
                    return [(hit, "self", 0) for hit in found]
            return self._possible(lang, name)
        if _DOTTED.match(text):
            parts = _SEP.split(text)
            if parts[0] in SELF_NAMES and len(parts) == 2:
                cls = self.enclosing_class(caller)
                found = self.dispatch(cls, caller, name, False) if cls is not None else []
                if found:
                    if python and t.syms[found[0]].kind in CLASS_KINDS:       # self.Node(...): a nested class
                        return [(c, "self", 0) for c in self.constructor(found[0])]
                    return [(hit, "self", 0) for hit in found]
            elif python or len(parts) == 1:
                res = self.resolve_path(caller, text)
                if res is not None and res[0] != "bound":
                    how, target = res
                    if target is None:
                        return [(None, how, 0)]
                    if t.syms[target].kind in CLASS_KINDS and python:
                        return [(c, how, 0) for c in self.constructor(target)]
                    return [(target, how, 0)]
                if res is None and self.lookup(caller, parts[0]) is None:
                    return self._possible(lang, name)       # the head is unknown: nothing to evaluate
                if res is not None and res[0] == "bound" and self._opaque(caller, parts[0]):
                    return self._possible(lang, name)       # a bare parameter: nothing to evaluate
        if python:
            found = self.types.targets(caller, text)
            if found:
                return [(target, "inferred", 0) for target in found]
        return self._possible(lang, name)

    def _property_read(self, caller: int, callee: str, name: str) -> list[tuple[int | None, str, int]]:
        """`obj.attr` read without a call: an edge to the getter (or setter) when attr is a property."""
        if name not in self.t.property_names:
            return []                             # no property has this name: nothing to evaluate
        obj = callee[: -len(name) - 1]
        found = []
        for kind, x in sorted(self.types.expr(caller, obj), key=str):
            if kind in ("inst", "cls"):
                hit = self.member(x, name)
                if hit is not None and self.is_property(hit) and hit not in found:
                    found.append(hit)
        how = "self" if obj in ("self", "cls") else "inferred"
        return [(hit, how, 0) for hit in found]

    def is_property(self, method: int) -> bool:
        """Whether a method is decorated as a property (`@property`, `@cached_property`, `@x.setter`)."""
        sym = self.t.syms.get(method)
        if sym is None or sym.parent is None:
            return False
        for kind, value in self.t.bindings.get(sym.parent, {}).get("@" + sym.name, ()):
            if kind == "decorator" and (value.endswith("property") or value in (
                    f"{sym.name}.setter", f"{sym.name}.getter", f"{sym.name}.deleter")):
                return True
        return False

    def _opaque(self, scope: int, name: str) -> bool:
        """Whether the nearest binding of a name only makes it local (an unannotated parameter,
        a tuple target): then evaluation cannot learn anything."""
        t = self.t
        sym = t.syms.get(scope)
        while sym is not None:
            bound = t.bindings.get(sym.id, {}).get(name)
            if bound or name in t.children.get(sym.id, {}) or name in t.imports.get(sym.id, {}):
                return bool(bound) and name not in ("self", "cls") and all(
                    kind in ("param", "local") for kind, _ in bound) and name not in t.imports.get(sym.id, {})
            sym = t.syms.get(sym.parent) if sym.parent is not None else None
        return False

    def _possible(self, lang: str, name: str) -> list[tuple[int | None, str, int]]:
        cands = self.t.by_name.get((family(lang), name), [])
        if not cands:
            return [(None, "unresolved", 0)]
        n = len(cands)
        if n > MAX_CANDIDATE_ROWS:
            return [(None, "possible", n)]
        return [(c, "possible", n) for c in cands]


def resolve_pending(store: Store, incremental: bool, delta: Delta | None = None,
                    session: ResolveSession | None = None) -> int:
    """Resolve every pending call row, and the base classes a change can reach; returns the number
    of sites resolved. `session` keeps tables between calls (the daemon); `delta` says what changed."""
    conn = store.conn
    if incremental:
        store.reset_pending_sites(delta.fresh if delta is not None else frozenset())
    if session is not None:
        tables, dirty = session.prepare(conn, store.root, delta if incremental else None, store.version_at_begin)
        r = Resolver(tables, session.bases, session.subs, dirty)
    else:
        tables, dirty = load_tables(conn, store.root), None
        r = Resolver(tables)
    last, total = 0, 0
    while True:                                  # in chunks: memory stays flat on a cold index
        seen: dict[tuple, list] = {}             # the same call text in the same scope resolves alike
        pending = conn.execute(
            "SELECT id, file_id, caller_id, callee, name, line, col, implicit FROM calls"
            " WHERE resolution='pending' AND id > ? ORDER BY id LIMIT ?", (last, RESOLVE_CHUNK)).fetchall()
        if not pending:
            break
        last = pending[-1][0]
        updates, inserts, deletes = [], [], []
        for cid, fid, caller, callee, name, line, col, implicit in pending:
            key = (caller, callee, name, implicit)
            rows = seen.get(key)
            if rows is None:
                rows = seen[key] = r.resolve_call(caller, callee, name, implicit)
            if not rows:
                deletes.append((cid,))
                continue
            updates.append((*rows[0], cid))
            inserts.extend((fid, caller, callee, name, line, col, *row, implicit) for row in rows[1:])
        store.write_resolutions(updates, inserts, deletes, [])
        total += len(pending)
    classes = sorted(tables.bases) if dirty is None else sorted(c for c in dirty if c in tables.bases)
    inherit_targets = []
    for cls in classes:
        resolved = r.class_bases(cls)
        for iid, base in tables.bases[cls]:
            target = r.base_target(cls, base)
            inherit_targets.append((iid, target if target in resolved else None))
    store.write_resolutions([], [], [], inherit_targets)
    if session is not None:
        session.record(r, classes, store.graph_version())
    return total
