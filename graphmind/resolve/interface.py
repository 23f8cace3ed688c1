"""What of a file the calls of other files can depend on, and how much of it a save changed.

A file's interface: its definitions (qualname, kind; the signatures of a name defined twice, whose
parameters pick among overloads), its import bindings, its base classes and the bindings that can be
read from outside a function body: module and class level, `global`, and what a function's return
value or a `self.x = …` is computed from (the return or attribute binding and, transitively, the local
bindings of the names its expression mentions). A save changing only function bodies leaves it equal.

Inside the file, a call keeps its resolution when its scope and every enclosing scope bind and
import exactly what they did before (graphmind/store/files.py copies it instead of resolving it again).
Symbol ids are kept for definitions that survive a save, so edges into the file stay valid.
`Planner` hands these rules to the store, which knows rows but not resolution."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace

import apsw

from graphmind.models import Extraction
from graphmind.resolve.calltext import IDENT, MEMBER, dispatched
from graphmind.resolve.cutoff import built_anew, flow_change, keep_ids, members_by_class, outside, rebased, unchanged_scopes
from graphmind.resolve.tables import CALLABLE_KINDS as FUNCTION_KINDS, CLASS_KINDS, CONSTRUCTOR_NAMES
from graphmind.store.ancestors import last_name, reached_constructor
from graphmind.store.flows import through_file
from graphmind.store.plan import FilePlan

EXPORTED_BINDING_KINDS = frozenset({"attr", "attrannot", "attritem", "decorator", "return", "returns", "yield",
                                    "yieldfrom", "global"})
ORDERED_KINDS = frozenset({"assign", "annot", "with", "local", "loop", "param"})   # what a name holds, in order

Binding = tuple[str, str, str]                      # (name, kind, value)
Import = tuple[str, str | None, str, str | None]    # (module, symbol, alias, resolved)


@dataclass
class Interface:
    keys: list[tuple[str, str]]                     # (qualname, kind) of every definition, in file order
    names: list[str]                                # the definitions' short names, same order
    imports: tuple[tuple, ...]                      # (scope qualname, *Import), in file order
    inherits: frozenset[tuple]                      # (class qualname, base, position)
    scopes: dict[str, tuple] = field(default_factory=dict)      # qualname -> (bindings, imports) in file order
    parents: dict[str, str | None] = field(default_factory=dict)  # qualname -> enclosing qualname
    function_scopes: frozenset[str] = frozenset()   # qualnames whose bodies are function bodies
    exported: dict[str, tuple[Binding, ...]] = field(default_factory=dict)  # scope -> bindings read outside
    overloads: dict[str, tuple[str, ...]] = field(default_factory=dict)   # qualname defined twice -> signatures

    def aliases(self) -> set[str]:
        return {imp[3] for imp in self.imports}


def _build(keys, names, signatures, parents, imports, inherits, bindings) -> Interface:
    """keys/names/parents per definition; imports (scope, *Import) and bindings (scope, *Binding) in file order."""
    functions = frozenset(q for q, k in keys if k in FUNCTION_KINDS)
    per_scope: dict[str, tuple[list, list]] = defaultdict(lambda: ([], []))
    for scope, *b in bindings:
        per_scope[scope][0].append(tuple(b))
    for scope, *m in imports:
        per_scope[scope][1].append(tuple(m))
    scopes = {s: (tuple(b), tuple(m)) for s, (b, m) in per_scope.items()}
    iface = Interface(keys=keys, names=names, imports=tuple(imports), inherits=frozenset(inherits), scopes=scopes,
                      parents=parents, function_scopes=functions)
    iface.exported = _exported(iface)
    twice = {q for q, n in Counter(q for q, _ in keys).items() if n > 1}    # overloads: their parameters pick
    for (q, _), sig in zip(keys, signatures):
        if q in twice:
            iface.overloads[q] = (*iface.overloads.get(q, ()), sig)
    return iface


def _exported(iface: Interface) -> dict[str, tuple[Binding, ...]]:
    """The bindings of each scope that can be read from outside a function body (see the module doc)."""
    out: dict[str, tuple[Binding, ...]] = {}
    for scope, (rows, _) in iface.scopes.items():
        if scope not in iface.function_scopes or any(kind == "global" for _, kind, _ in rows):
            out[scope] = tuple(r for r in rows if r[1] != "args")     # arguments: see cutoff.flows()
            continue
        wanted: set[str] = set()
        todo = [value for name, kind, value in rows if name == "" or kind in EXPORTED_BINDING_KINDS]
        values: dict[str, list[str]] = defaultdict(list)
        for name, _, value in rows:
            values[name].append(value)
        while todo:                                   # the locals those expressions are computed from
            for ident in IDENT.findall(todo.pop()):
                if ident not in wanted:
                    wanted.add(ident)
                    todo.extend(values.get(ident, ()))
        kept = tuple(r for r in rows if r[0] == "" or r[1] in EXPORTED_BINDING_KINDS or r[0] in wanted)
        if kept:
            out[scope] = kept
    return out


def of_extraction(ext: Extraction) -> Interface:
    """The interface of a fresh extraction."""
    quals = [s.qualname for s in ext.symbols]
    return _build([(s.qualname, s.kind) for s in ext.symbols], [s.name for s in ext.symbols],
                  [s.signature for s in ext.symbols],
                  {s.qualname: None if s.parent is None else quals[s.parent] for s in ext.symbols},
                  [(quals[m.scope], m.module, m.symbol, m.alias, m.resolved) for m in ext.imports],
                  [(quals[h.cls], h.base, h.position) for h in ext.inherits],
                  [(quals[b.scope], b.name, _ordered(b.kind, b.flow), b.value) for b in ext.bindings])


def _ordered(kind: str, flow: int) -> str:
    """A binding's kind as the interface compares it: where order matters in its scope (BindingRow.flow),
    a name's binding says whether it is nested (`assign:2`), so moving it into a branch is a change."""
    return f"{kind}:{flow}" if flow and kind in ORDERED_KINDS else kind


def of_rows(conn: apsw.Connection, file_id: int) -> tuple[Interface, list[int], dict[int, int | None]]:
    """The interface of a file as indexed, its symbol ids in the order of Interface.keys, and their
    search-text hashes (symbols.text_hash: the store keeps the search rows of unchanged texts)."""
    syms = conn.execute("SELECT id, qualname, kind, name, parent_id, signature, text_hash FROM symbols WHERE file_id=?"
                        " ORDER BY id", (file_id,)).fetchall()
    qual = {sid: q for sid, q, *_ in syms}
    imports = [(qual.get(s), m, sym, a, r) for s, m, sym, a, r in conn.execute(
        "SELECT scope_id, module, symbol, alias, resolved FROM imports WHERE file_id=? ORDER BY id", (file_id,))]
    inherits = [(qual.get(c), b, p) for c, b, p in conn.execute(
        "SELECT class_id, base, position FROM inherits WHERE file_id=?", (file_id,))]
    bindings = [(qual.get(s), n, _ordered(k, f), v) for s, n, k, v, f in conn.execute(
        "SELECT scope_id, name, kind, value, flow FROM bindings WHERE file_id=? ORDER BY id", (file_id,))]
    iface = _build([(q, k) for _, q, k, *_ in syms], [n for _, _, _, n, *_ in syms], [s[5] for s in syms],
                   {q: qual.get(p) for _, q, _, _, p, *_ in syms}, imports, inherits, bindings)
    return iface, [sid for sid, *_ in syms], {sid: h for sid, *_, h in syms}


def member_names(iface: Interface) -> set[str]:
    """Names a chain elsewhere can read as members: module- and class-level bindings, `self.x = …`."""
    return {name for scope, (rows, _) in iface.scopes.items() for name, kind, _ in rows
            if name and kind != "args" and (kind in EXPORTED_BINDING_KINDS or scope not in iface.function_scopes)}


def bases_of(iface: Interface) -> set[str]:
    """"^NAME" for each base its classes name: methods there may read what these classes set."""
    return {"^" + last_name(base) for _, base, _ in iface.inherits}


def _members(iface: Interface) -> set[str]:
    """Names defined in a class (methods, class-level variables): what can start or stop overriding."""
    classes = {q for q, k in iface.keys if k in CLASS_KINDS}
    return {name for (q, _), name in zip(iface.keys, iface.names) if iface.parents.get(q) in classes}


def built(iface: Interface, keys=None) -> set[str]:
    """"<NAME" for each class whose instances a change of these keys (default: all) builds differently:
    the class itself, or the class of a constructor (the store re-opens `NAME()` and its subclasses')."""
    out = set()
    for (qual, kind), name in zip(iface.keys, iface.names):
        if keys is not None and (qual, kind) not in keys:
            continue
        if kind in CLASS_KINDS:
            out.add("<" + name)
        elif (kind == "constructor" or name in CONSTRUCTOR_NAMES) and iface.parents.get(qual):
            out.add("<" + iface.parents[qual].rsplit(".", 1)[-1])
    return out


@dataclass
class Change:   # what a save changed of a file's interface
    names: set[str]          # names calls elsewhere may now resolve differently by ("<NAME": see built)
    wide: bool               # bindings, module-level imports or bases changed: re-resolve by every name
    unread: frozenset = frozenset()     # imports that came or went, read by nothing else (_unread)


def compare(old: Interface, new: Interface, python: bool = False) -> Change:
    """How other files' calls are affected by replacing `old` with `new` (`python`: see _unread, rebased)."""
    names: set[str] = set()
    old_count, new_count = Counter(old.keys), Counter(new.keys)
    for iface, mine, theirs in ((old, old_count, new_count), (new, new_count, old_count)):
        changed = {key for key in iface.keys if mine[key] != theirs.get(key, 0)}
        names.update(name for key, name in zip(iface.keys, iface.names) if key in changed)
        names |= built(iface, changed)
    names.update(q.rsplit(".", 1)[-1] for q in set(old.overloads) | set(new.overloads)   # a parameter changed
                 if sorted(old.overloads.get(q, ())) != sorted(new.overloads.get(q, ())))
    changed_imports = set(old.imports) ^ set(new.imports)
    names.update(imp[3] for imp in changed_imports)
    functions, unread = old.function_scopes | new.function_scopes, frozenset(m for m in changed_imports if python and _unread(old, new, m))
    wide = (any(imp[0] not in functions and imp not in unread for imp in changed_imports)
            or _rebinds(old, new) or old.inherits != new.inherits and not python)     # Python's bases: rebased
    names |= built_anew(old, new, {q for q, _ in old.keys if python} & {q for q, _ in new.keys})   # steady: plan
    if not wide:        # scopes defined before and after (a new or vanished scope's bindings come with its name)
        kept = {q for q, _ in old.keys} & {q for q, _ in new.keys}
        wide = any(old.exported.get(s, ()) != new.exported.get(s, ())
                   for s in (set(old.exported) | set(new.exported)) & kept)
    return Change(names, wide, unread)


def changed_names(old: Interface, new: Interface, change: Change) -> set[str]:
    """What a change changed, name by name, for the expensive re-opens (subclasses, members, files
    importing through other modules): `change.names`, the bindings read from outside that differ (a
    function's return: its name), classes whose bases differ ("<NAME" too), closed over the file's
    module- and class-level bindings and bases that mention a changed name."""
    out = set(change.names)
    for scope in set(old.exported) | set(new.exported):
        for name, kind, _ in set(old.exported.get(scope, ())) ^ set(new.exported.get(scope, ())):
            out.add(name or scope.rsplit(".", 1)[-1])
            if kind in ("return", "returns", "yield", "yieldfrom"):
                out.add(scope.rsplit(".", 1)[-1])
                outer = new.parents.get(scope, old.parents.get(scope))     # a factory returning this closure:
                if outer in new.function_scopes | old.function_scopes:      # `@factory(x)` applies it
                    out.add(outer.rsplit(".", 1)[-1])
    for cls, _, _ in old.inherits ^ new.inherits:
        out |= {cls.rsplit(".", 1)[-1], "<" + cls.rsplit(".", 1)[-1]}
    outside = [(name, value) for iface in (old, new) for scope, (rows, _) in iface.scopes.items()
               if scope not in iface.function_scopes for name, _, value in rows if name]
    bases = [(cls.rsplit(".", 1)[-1], base) for cls, base, _ in old.inherits | new.inherits]
    grown = True
    while grown:
        before = len(out)
        out.update(name for name, value in outside if name not in out and not out.isdisjoint(IDENT.findall(value)))
        for cls, base in bases:
            if cls not in out and not out.isdisjoint(IDENT.findall(base)):
                out |= {cls, "<" + cls}
        grown = len(out) > before
    return out


def _unread(old: Interface, new: Interface, imp: tuple) -> bool:
    """Whether a module-level import that came or went binds a name nothing else of its file binds or reads
    from outside a function body (definitions, imports, exported bindings, bases): then, for other files, it
    is a name that appeared or vanished, like a definition, not a change of what the file's names hold."""
    scope, alias = imp[0], imp[3]
    if alias == "*" or new.parents.get(scope, old.parents.get(scope, "")) is not None:   # module level, names
        return False
    return not any(alias in iface.names or sum(m[3] == alias for m in iface.imports) > (imp in iface.imports)
                   or any(name == alias or alias in IDENT.findall(value)
                          for rows in iface.exported.values() for name, _, value in rows)
                   or any(alias in IDENT.findall(base) for _, base, _ in iface.inherits) for iface in (old, new))


def _quiet(iface: Interface, unread: frozenset) -> Interface:
    """The interface without these imports: scopes that differ only by them keep their calls' rows."""
    return replace(iface, scopes={s: (b, tuple(m for m in i if (s, *m) not in unread)) for s, (b, i) in iface.scopes.items()}) if unread else iface


def _rebinds(old: Interface, new: Interface) -> bool:
    """Whether imports both hold are reordered while a scope imports two things by one name (order decides)."""
    both = set(old.imports) & set(new.imports)
    if [m for m in old.imports if m in both] == [m for m in new.imports if m in both]:
        return False
    seen = [(scope, alias) for scope, _, _, alias, _ in new.imports]
    return len(seen) != len(set(seen))


class Planner:
    """The store's FilePlanner (graphmind/store/plan.py): these rules, applied to the write of one file."""

    def plan(self, conn: apsw.Connection, file_id: int | None, ext: Extraction) -> FilePlan:
        """Ids kept, names changed and scopes whose resolutions hold when file `file_id` (None: new) becomes `ext`."""
        new = of_extraction(ext)
        if file_id is None:                          # a new module: what imported it may resolve now
            passed, added, grown = flow_change(None, new)
            names = set(new.names) | new.aliases() | passed | built(new)
            return FilePlan([None] * len(new.keys), names, True, changed=names | member_names(new) | bases_of(new),
                            added=added, grown=grown)
        old, old_ids, old_hashes = of_rows(conn, file_id)
        change = compare(old, new, conn.execute("SELECT language FROM files WHERE id = ?", (file_id,)).fetchone()[0]
                         == "python")
        passed, added, grown = flow_change(old, new)
        rebase = not change.wide and old.inherits != new.inherits      # the file's lookups through a class
        same = set() if change.wide else unchanged_scopes(*(_quiet(i, change.unread) for i in (old, new)))
        reusable = outside(same, old, new) if rebase else same
        through = through_file(conn, file_id, reusable)
        names = set(change.names) | passed | through
        changed = changed_names(old, new, change) | bases_of(old) | bases_of(new) if change.wide else set(change.names)
        if not change.wide and not change.names.isdisjoint(_members(old) | _members(new)):
            changed |= bases_of(old) | bases_of(new)   # an override comes or goes: its bases' self-calls dispatch anew
        if rebase:        # `C()` of a class kept whose bases changed: only when a constructor may come or go
            changed |= rebased(old, new)
            own, moved = members_by_class(old, new), old.inherits ^ new.inherits
            marks = built_anew(old, new, {c for c, base, _ in moved} - {c for c, base, _ in moved if reached_constructor(
                conn, {last_name(base)}) - {n for _, n in own.get(c, ())}})
            names, changed = names | marks, changed | marks
        if change.wide:       # calls by every name the file defines, before and after (bindings: `changed`)
            names.update(old.names, new.names)
            names.update(old.aliases() | new.aliases() | {n for n in changed if n[:1] == "<"})
        return FilePlan(keep_ids(old, old_ids, new), names, change.wide,
                        reusable, old_hashes, changed, added, grown - through)

    def removal(self, conn: apsw.Connection, file_id: int) -> FilePlan:
        """Every name the deleted file defined or bound, and its ids (all gone)."""
        old, _, old_hashes = of_rows(conn, file_id)
        names = set(old.names) | old.aliases() | flow_change(old, None)[0] | built(old) | through_file(conn, file_id)
        return FilePlan([], names, True, old_hashes=old_hashes, changed=names | member_names(old) | bases_of(old))

    def mentions(self, text: str) -> list[str]:
        """The identifiers in a call's text."""
        return IDENT.findall(text)

    def looked_up(self, text: str) -> list[str]:
        """The members a call's text looks up."""
        return MEMBER.findall(text)

    dispatched = staticmethod(dispatched)


PLANNER = Planner()
