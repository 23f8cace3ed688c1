"""A workspace's graph as the rows published to the organisation database (docs/org.md): symbols,
resolved edges (as the local walk follows them), uses of names from outside the workspace with their
qualified target (the symbol key), and the module-level imports other repositories' keys are followed
through (re-exports: `flask.url_for` -> `flask.helpers.url_for`). Pure reads of the SQLite index."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

import apsw

from graphmind.edgekinds import CONSTRUCTOR, IMPORT, INHERIT, INSTANTIATE
from graphmind.org.callbacks import callback_uses, passed_uses
from graphmind.org.chains import STDLIB
from graphmind.org.returns import return_aliases
from graphmind.org.instances import instance_aliases
from graphmind.org.receivers import receiver_uses

# call-site rows that name something outside the workspace
OUTSIDE = ("external", "unresolved")
SITE_KINDS = ("call", "decorator", "reference", IMPORT)
OVERRIDE = "override"
_CALLED = re.compile(r"^[A-Za-z_][\w.]*\s*\(")      # `deco(…)`
LINK = "link"           # an edge the walk lists among the symbols it found, never one it follows
GETTER = "getter"       # a use marking a property's getter, never walked: `property` uses bind to it alone


@dataclass
class Graph:
    """One repository's rows, ids as in its index; `digest` fingerprints all of them."""
    symbols: list[tuple] = field(default_factory=list)   # id, qualname, name, kind, file, start, end, signature, parent
    edges: list[tuple] = field(default_factory=list)     # caller, target, line, resolution, kind
    uses: list[tuple] = field(default_factory=list)      # caller, key, line, resolution, kind
    aliases: list[tuple] = field(default_factory=list)   # key, target key
    digest: str = ""


def _symbols(conn: apsw.Connection) -> list[tuple]:
    return list(conn.execute(
        "SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, s.parent_id"
        " FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY s.id"))


def _edges(conn: apsw.Connection) -> list[tuple]:
    """Every edge the local walk follows, in its form: resolved rows (and `possible` ones, which the walk
    lists but never follows), a constructor's callers as instantiations of its class, base classes."""
    rows = list(conn.execute(
        "SELECT caller_id, target_id, line, resolution, kind FROM calls WHERE target_id IS NOT NULL"
        " AND resolution != 'pending' ORDER BY id"))
    rows += conn.execute(
        f"SELECT c.caller_id, m.parent_id, c.line, c.resolution, '{INSTANTIATE}' FROM calls c"
        f" JOIN symbols m ON m.id = c.target_id WHERE c.kind = '{CONSTRUCTOR}' AND m.parent_id IS NOT NULL"
        " AND c.resolution NOT IN ('possible', 'pending') ORDER BY c.id").fetchall()
    rows += conn.execute(f"SELECT class_id, target_id, line, 'base', '{INHERIT}' FROM inherits"
                         " WHERE target_id IS NOT NULL ORDER BY id").fetchall()
    return rows + _module_links(conn)


def _module_links(conn: apsw.Connection) -> list[tuple]:
    """Import edges to a module that the local walk lists between the symbols it found (query/edges.py
    `links`) but never follows outside a walk from a module: an import of a definition in the module's
    file, and an import statement naming the module. Published as `link` rows: kinds, not reach."""
    rows = conn.execute(
        f"SELECT c.caller_id, m.id, c.line, '{LINK}', '{IMPORT}' FROM symbols m JOIN symbols s"
        " ON s.file_id = m.file_id AND s.id != m.id JOIN calls c ON c.target_id = s.id"
        f" WHERE m.kind = 'module' AND c.kind = '{IMPORT}' AND c.file_id != m.file_id"
        " AND c.resolution NOT IN ('possible', 'pending') ORDER BY c.id, m.id").fetchall()
    for on in ("i.resolved = m.qualname", "i.symbol = m.name AND i.resolved || '.' || i.symbol = m.qualname"):
        rows += conn.execute(
            f"SELECT i.scope_id, m.id, i.line, '{LINK}', '{IMPORT}' FROM imports i JOIN symbols m ON {on}"
            " WHERE m.kind = 'module' AND i.file_id != m.file_id ORDER BY i.id, m.id").fetchall()
    return rows


class _Imports:
    """A file's import bindings by local name, innermost scope first."""

    def __init__(self, conn: apsw.Connection) -> None:
        self.by_file: dict[int, dict[str, list[tuple]]] = {}
        for file_id, scope, module, symbol, alias, resolved, line in conn.execute(
                "SELECT file_id, scope_id, module, symbol, alias, resolved, line FROM imports ORDER BY id"):
            self.by_file.setdefault(file_id, {}).setdefault(alias, []).append((scope, module, symbol, resolved, line))
        self.parent = dict(conn.execute("SELECT id, parent_id FROM symbols WHERE parent_id IS NOT NULL"))

    def key(self, file_id: int, scope: int, written: str) -> str | None:
        """The qualified name a name written in `scope` stands for, through the file's imports."""
        head, _, rest = written.partition(".")
        found = self.by_file.get(file_id, {}).get(head)
        if not found:
            return None
        if len(found) == 1:                                # the common case: one binding of the name in its file
            best = found[0]
        else:
            scopes = []
            while scope is not None and len(scopes) < 64:
                scopes.append(scope)
                scope = self.parent.get(scope)
            best = min(found, key=lambda b: scopes.index(b[0]) if b[0] in scopes else len(scopes))
        _, module, symbol, resolved, _ = best
        base = resolved or module.lstrip(".")
        if symbol == "*":
            return None
        if symbol:
            base = f"{base}.{symbol}"
        elif (resolved or module).startswith(head + "."):
            base = head                                    # `import a.b` binds `a`
        return f"{base}.{rest}" if rest else base


def _uses(conn: apsw.Connection, imports: _Imports) -> list[tuple]:
    """Sites naming something outside the workspace, each with its qualified target."""
    out = []
    for file_id, caller, callee, line, how, kind in conn.execute(
            "SELECT c.file_id, c.caller_id, c.callee, c.line, c.resolution, c.kind FROM calls c"
            f" WHERE c.target_id IS NULL AND c.resolution IN {OUTSIDE} AND c.kind IN {SITE_KINDS}"
            " AND c.implicit = 0 ORDER BY c.id"):
        key = imports.key(file_id, caller, callee.split("(")[0])
        if key and kind in ("call", "decorator") and _CALLED.match(callee):
            # `@deco(…)`, `f(…)(x)`: the call's value is applied; a text cut short the resolver does not read
            key = None if callee.endswith("…") else key + "()"
        if key:
            out.append((caller, key, line, how, kind))
    bases: dict[int, list[str]] = {}
    for file_id, cls, base, line in conn.execute(
            "SELECT file_id, class_id, base, line FROM inherits WHERE target_id IS NULL ORDER BY id"):
        key = imports.key(file_id, cls, base.split("[")[0].split("(")[0])
        if key:
            out.append((cls, key, line, "base", INHERIT))
            bases.setdefault(cls, []).append(key)
    # no repository publishes the standard library (`unittest.TestCase.test_x` under each of Django's tests)
    return [u for u in out + receiver_uses(conn, imports, bases) if u[1].split(".", 1)[0] not in STDLIB]


def _getters(conn: apsw.Connection) -> list[tuple]:
    """(getter, its key, line, GETTER, GETTER) for each property: of a class's methods of one name, one
    of them decorated as a property (`@property def major`, `@major.setter def major`), the first declared,
    where a read goes (as the resolver's `_getter`); getter and setter share their key, the marker parts them."""
    return list(conn.execute(
        f"SELECT min(m.id), m.qualname, min(m.start_line), '{GETTER}', '{GETTER}' FROM bindings b"
        " JOIN symbols m ON m.parent_id = b.scope_id AND m.name = substr(b.name, 2) AND m.kind = 'method'"
        " WHERE b.kind = 'decorator' AND (b.value LIKE '%property'"
        " OR b.value IN (m.name || '.setter', m.name || '.getter', m.name || '.deleter'))"
        " GROUP BY m.parent_id, m.file_id, m.name, m.qualname ORDER BY 1"))


def _aliases(conn: apsw.Connection) -> list[tuple]:
    """Names a module binds by importing them: `pkg.name` -> the qualified name it imports; a star
    import of a workspace module binds every name that module has (as the resolver reads it)."""
    out = []
    for module, symbol, alias, resolved, written in conn.execute(
            "SELECT m.qualname, i.symbol, i.alias, i.resolved, i.module FROM imports i"
            " JOIN symbols m ON m.id = i.scope_id WHERE m.kind = 'module' AND i.symbol IS NOT NULL"
            " AND i.symbol != '*' ORDER BY i.id"):
        target = f"{resolved or written.lstrip('.')}.{symbol}"
        if target != f"{module}.{alias}":
            out.append((f"{module}.{alias}", target))
    return out + _star_aliases(conn, {key for key, _ in out})


def _star_aliases(conn: apsw.Connection, bound: set[str]) -> list[tuple]:
    """`from .models import *` in `pkg/__init__.py`: `pkg.Name` -> `pkg.models.Name` for each name
    `pkg.models` defines or imports (its own star imports followed), unless `pkg` binds it itself."""
    stars: dict[str, list[str]] = {}
    for module, target in conn.execute(
            "SELECT m.qualname, i.resolved FROM imports i JOIN symbols m ON m.id = i.scope_id"
            " WHERE m.kind = 'module' AND i.symbol = '*' AND i.resolved IS NOT NULL ORDER BY i.id"):
        stars.setdefault(module, []).append(target)
    if not stars:
        return []
    names: dict[str, set[str]] = {}
    for module, name in conn.execute("SELECT m.qualname, s.name FROM symbols s JOIN symbols m ON m.id = s.parent_id"
                                     " WHERE m.kind = 'module'"):
        names.setdefault(module, set()).add(name)
    for key in bound:
        module, _, name = key.rpartition(".")
        names.setdefault(module, set()).add(name)

    def visible(module: str, seen: set[str]) -> dict[str, str]:
        """name -> the key it stands for, as seen from outside `module` (its own names first)."""
        if module in seen:
            return {}
        seen.add(module)
        found: dict[str, str] = {}
        for star in stars.get(module, []):
            for name, key in visible(star, seen).items():
                found.setdefault(name, key)
        found.update({n: f"{module}.{n}" for n in names.get(module, ())})
        return found
    out = []
    for module, targets in stars.items():
        own = names.get(module, set())
        for name, key in sorted(visible(module, set()).items()):
            if name not in own and key != f"{module}.{name}":
                out.append((f"{module}.{name}", key))
    return out


def read_graph(conn: apsw.Connection) -> Graph:
    """The rows to publish, read from an open index."""
    imports = _Imports(conn)
    g = Graph(_symbols(conn), _edges(conn), [], [])
    # a name defined where it is imported too stands for the definition, as the resolver binds it: no alias away
    # from it; but a module's `.pyi` stub defines no name its `.py` imports (`fields` in attrs' `__init__.pyi`,
    # imported in its `__init__.py`: the resolver binds the import, what runs; issue 34)
    runs = {row[1] for row in g.symbols if row[3] == "module" and not row[4].endswith(".pyi")}
    defined = {row[1] for row in g.symbols if not (row[4].endswith(".pyi") and row[1].rpartition(".")[0] in runs)}
    g.aliases = [a for a in _aliases(conn) if a[0] not in defined]
    g.aliases += return_aliases(conn, imports, g.aliases)
    # (a module-level variable is defined here, and is an instance: `flask.globals.request` -> `flask.wrappers.Request()`)
    g.aliases += [a for a in instance_aliases(conn, imports, g.aliases) if a[0] not in defined or a[1].endswith("()")]
    g.uses = _uses(conn, imports) + _getters(conn)
    g.uses += passed_uses(conn, imports.parent, g.uses) + callback_uses(conn, imports.parent, g.aliases)
    # in a fixed order: rows read in the order of their ids differ after a file is indexed again, the graph not
    g.uses.sort(key=repr)
    g.aliases.sort()
    h = hashlib.sha256()
    for name in ("symbols", "edges", "uses", "aliases"):
        h.update(name.encode())
        h.update(repr(getattr(g, name)).encode())          # the whole list at once: one repr, not one per row
    g.digest = h.hexdigest()
    return g
