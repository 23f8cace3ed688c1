"""What of a file the calls of other files can depend on, and how much of it a save changed.

A file's interface: its definitions (qualname, kind), its import bindings, its base classes and the
bindings that can be read from outside a function body (module and class level, return values,
`self.x = …`, decorators, anything under `global`). A save that changes only function bodies leaves
it equal: other files' calls stay resolved, only the file's own calls are resolved again. Symbol ids
are kept for definitions that survive a save, so edges into the file stay valid.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import apsw

from graphmind.models import Extraction

FUNCTION_KINDS = frozenset({"function", "method", "constructor"})
EXPORTED_BINDING_KINDS = frozenset({"attr", "attrannot", "decorator", "return", "returns", "global"})


@dataclass
class Interface:
    keys: list[tuple[str, str]]                     # (qualname, kind) of every definition, in file order
    names: list[str]                                # the definitions' short names, same order
    imports: frozenset[tuple]                       # (scope qualname, module, symbol, alias, resolved)
    inherits: frozenset[tuple]                      # (class qualname, base, position)
    bindings: dict[str, frozenset[tuple]] = field(default_factory=dict)   # scope qualname -> exported rows
    function_scopes: frozenset[str] = frozenset()   # qualnames whose bodies are function bodies


def _exported(rows: list[tuple[str, str, str, str]], kinds: dict[str, str]) -> dict[str, frozenset]:
    """(scope qualname, name, kind, value) rows -> the ones readable outside a function body, by scope."""
    global_scopes = {scope for scope, _, kind, _ in rows if kind == "global"}
    out: dict[str, set] = defaultdict(set)
    for scope, name, kind, value in rows:
        if (kinds.get(scope) not in FUNCTION_KINDS or name == "" or kind in EXPORTED_BINDING_KINDS
                or scope in global_scopes):
            out[scope].add((name, kind, value))
    return {scope: frozenset(v) for scope, v in out.items()}


def of_extraction(ext: Extraction) -> Interface:
    """The interface of a fresh extraction."""
    quals = [s.qualname for s in ext.symbols]
    kinds = {s.qualname: s.kind for s in ext.symbols}
    return Interface(
        keys=[(s.qualname, s.kind) for s in ext.symbols], names=[s.name for s in ext.symbols],
        imports=frozenset((quals[m.scope], m.module, m.symbol, m.alias, m.resolved) for m in ext.imports),
        inherits=frozenset((quals[h.cls], h.base, h.position) for h in ext.inherits),
        bindings=_exported([(quals[b.scope], b.name, b.kind, b.value) for b in ext.bindings], kinds),
        function_scopes=frozenset(q for q, k in kinds.items() if k in FUNCTION_KINDS))


def of_rows(conn: apsw.Connection, file_id: int) -> tuple[Interface, list[int]]:
    """The interface of a file as indexed, and its symbol ids in the order of Interface.keys."""
    syms = conn.execute("SELECT id, qualname, kind, name FROM symbols WHERE file_id=? ORDER BY id",
                        (file_id,)).fetchall()
    qual = {sid: q for sid, q, _, _ in syms}
    kinds = {q: k for _, q, k, _ in syms}
    imports = frozenset((qual.get(s), m, sym, a, r) for s, m, sym, a, r in conn.execute(
        "SELECT scope_id, module, symbol, alias, resolved FROM imports WHERE file_id=?", (file_id,)))
    inherits = frozenset((qual.get(c), b, p) for c, b, p in conn.execute(
        "SELECT class_id, base, position FROM inherits WHERE file_id=?", (file_id,)))
    rows = [(qual.get(s), n, k, v) for s, n, k, v in conn.execute(
        "SELECT scope_id, name, kind, value FROM bindings WHERE file_id=?", (file_id,))]
    iface = Interface(keys=[(q, k) for _, q, k, _ in syms], names=[n for *_, n in syms], imports=imports,
                      inherits=inherits, bindings=_exported(rows, kinds),
                      function_scopes=frozenset(q for q, k in kinds.items() if k in FUNCTION_KINDS))
    return iface, [sid for sid, *_ in syms]


def keep_ids(old: Interface, old_ids: list[int], new: Interface) -> list[int | None]:
    """For each new definition, the id of the old one it continues (same qualname and kind, the
    k-th of its key to the k-th), or None for a definition that is new."""
    free: dict[tuple[str, str], list[int]] = defaultdict(list)
    for key, sid in zip(old.keys, old_ids):
        free[key].append(sid)
    out: list[int | None] = []
    for key in new.keys:
        ids = free.get(key)
        out.append(ids.pop(0) if ids else None)
    return out


@dataclass
class Change:
    """What a save changed of a file's interface."""
    names: set[str]          # names calls elsewhere may now resolve differently by
    wide: bool               # bindings, module-level imports or bases changed: re-resolve by every name


def compare(old: Interface, new: Interface) -> Change:
    """How other files' calls are affected by replacing `old` with `new`."""
    names: set[str] = set()
    old_count: dict[tuple, int] = defaultdict(int)
    for key in old.keys:
        old_count[key] += 1
    new_count: dict[tuple, int] = defaultdict(int)
    for key in new.keys:
        new_count[key] += 1
    for keys, names_of, mine, theirs in ((old.keys, old.names, old_count, new_count),
                                         (new.keys, new.names, new_count, old_count)):
        for key, name in zip(keys, names_of):
            if mine[key] != theirs.get(key, 0):
                names.add(name)
    changed_imports = old.imports ^ new.imports
    names.update(alias for *_, alias, _ in changed_imports)
    functions = old.function_scopes | new.function_scopes
    wide = any(scope not in functions for scope, *_ in changed_imports) or old.inherits != new.inherits
    if not wide:
        # scopes defined before and after (bindings of a new or vanished scope come with its name)
        kept = {q for q, _ in old.keys} & {q for q, _ in new.keys}
        wide = any(old.bindings.get(s, frozenset()) != new.bindings.get(s, frozenset())
                   for s in (set(old.bindings) | set(new.bindings)) & kept)
    return Change(names, wide)
