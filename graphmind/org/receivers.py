"""Methods called on values of another repository's classes, for the uses a publish keeps: type flow
does not cross repositories, so the receiver's class is read from what the index recorded, in three
plain cases only (a local's binding unique, its value an imported class called or named):
`self.m()` and `super().m()` in a class whose first base is outside (`pkg.Base.m`); `x.m()` after
`x = Ext(…)` or `x: Ext` in the same scope; `self.a.m()` after `self.a = Ext(…)` in a method of the class
(every class the attribute is given, as the resolver unions them), or `a` a property of the class."""
from __future__ import annotations

import json
import re

import apsw

from graphmind.edgekinds import IMPLICIT, PROPERTY
from graphmind.models import MEMBER_READ
from graphmind.org.chains import MAX_VALUES, Chains, chain_uses
from graphmind.query.refgraph import CONSTRUCTORS

RECEIVER = "receiver"        # the resolution of such a use: its receiver's class read from a binding
OVERRIDES = "overrides"      # a method overriding an outside base's, here or through an override here: the
                             # library's `self.m()` dispatches to it (org/walk.py); never a kind walked
_SUPER = re.compile(r"^super\([^()]*\)\.(\w+)$")      # `super().m`, `super(Cls, self).m`
_BOUND = re.compile(r"^(super\([^()]*\)|[A-Za-z_]\w*)(\.[A-Za-z_]\w*)+$")    # `super().convert`, `self.m`
_CALLED_OR_NAMED = re.compile(r"^([A-Za-z_][\w.]*)(\(.*\))?$", re.S)
_OPTIONAL = re.compile(r"^(?:typing\.)?Optional\[(.+)\]$|^(.+?)\s*\|\s*None$|^None\s*\|\s*(.+)$", re.S)


def _plain(text: str) -> str:
    """An annotation or a value without its quotes and its `Optional[…]` / `| None`: `"Ext"`, `Ext | None`: `Ext`."""
    text = text.strip().strip("\"'")
    match = _OPTIONAL.match(text)
    return next(g for g in match.groups() if g).strip().strip("\"'") if match else text


def _unique(rows) -> dict:
    """{key: value} where the key has exactly one distinct value."""
    seen: dict = {}
    for key, value in rows:
        seen.setdefault(key, set()).add(value)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}


def _listed(conn: apsw.Connection, imports) -> dict[int, list[tuple]]:
    """{class: [(base id or None, base key or None)]} in the order the class lists its bases."""
    listed: dict[int, list] = {}
    for file_id, cls, base, target in conn.execute(
            "SELECT file_id, class_id, base, target_id FROM inherits ORDER BY class_id, position, id"):
        key = imports.key(file_id, cls, base.split("[")[0].split("(")[0]) if target is None else None
        listed.setdefault(cls, []).append((target, key))
    return listed


def _next_outside(listed: dict[int, list[tuple]]) -> dict[int, str]:
    """{mixin: key} for a class with no base outside that a subclass lists before a base outside
    (`class Cached(Mixin, ext.Session)`): `super().m()` in the mixin runs `ext.Session.m` (the
    first such subclass's, as the resolver reads the MRO)."""
    out: dict[int, str] = {}
    for cls, bases in listed.items():
        for i, (target, _) in enumerate(bases):
            after = next((key for _, key in bases[i + 1:] if key), None)
            if target is not None and after and not any(key for _, key in listed.get(target, ())):
                out.setdefault(target, after)
    return out


class _Members:
    """A method called on a value of this repository's class that inherits it from outside: `LocalClient()`
    with `class LocalClient(ext.Client)` not defining `send` names `ext.Client.send`."""

    def __init__(self, conn: apsw.Connection, listed: dict[int, list[tuple]]) -> None:
        self.listed = listed
        self.classes = dict(conn.execute("SELECT qualname, id FROM symbols WHERE kind = 'class'"))
        self.local = {(f, name): q for f, name, q in conn.execute(      # a module's classes by their names there
            "SELECT s.file_id, s.name, s.qualname FROM symbols s JOIN symbols m ON m.id = s.parent_id"
            " WHERE s.kind = 'class' AND m.kind = 'module'")}
        self.defined = set(conn.execute("SELECT parent_id, name FROM symbols WHERE parent_id IN"
                                        " (SELECT id FROM symbols WHERE kind = 'class')"))

    def key(self, cls_key: str, method: str, chains: Chains, inherited: bool = False) -> str | None:
        """The key for `method` of the class `cls_key`: unchanged for an outside class; for one of this
        repository's, its nearest outside base's method when no class of this repository in its
        hierarchy defines `method` (the resolver links those), else None. `inherited`: the class's own
        `method` aside (`super().m()`, an override)."""
        cls = self.classes.get(cls_key)
        if cls is None:
            return f"{cls_key}.{method}"
        order = chains.hierarchy(cls)
        if any((c, method) in self.defined for c in order[1 if inherited else 0:]):
            return None
        return self.outside(cls, method, chains)

    def outside(self, cls: int, method: str, chains: Chains) -> str | None:
        """`method` of the nearest outside base of this repository's class `cls`, whatever defines it here."""
        outside = next((key for c in chains.hierarchy(cls) for target, key in self.listed.get(c, ())
                        if target is None and key), None)
        return f"{outside}.{method}" if outside else None


def receiver_uses(conn: apsw.Connection, imports, bases: dict[int, list[str]]) -> list[tuple]:
    """(caller, key, line, 'receiver', kind) for member calls (and implicit ones) on an outside class's values."""
    # unresolved, or `possible` (a same-named method of this repository is a candidate by name only)
    # and implicit calls of a dunder no class here was found for (`response.headers[k] = v`: `__setitem__`,
    # `with ctx:`: `__enter__`), kept as `implicit` uses, as resolution links them inside one workspace;
    # and member reads no property here was found for (`request.json`): `property` uses, bound to getters only
    sites = conn.execute(
        "SELECT DISTINCT file_id, caller_id, callee, line, kind FROM calls WHERE callee LIKE '%.%' AND"
        " (kind = 'call' AND implicit = 0 AND (resolution = 'possible' OR (target_id IS NULL AND resolution = 'unresolved'))"
        f" OR kind = '{IMPLICIT}' AND implicit = 1 AND target_id IS NULL AND resolution = 'unreached'"
        r" AND name LIKE '\_\_%\_\_' ESCAPE '\'"
        f" OR kind = '{PROPERTY}' AND implicit = {MEMBER_READ} AND target_id IS NULL AND resolution = 'unreached')"
        " ORDER BY file_id, line, caller_id, callee").fetchall()
    bare = conn.execute(        # `convert(x)` after `convert = super().convert`: a bound method's alias
        "SELECT DISTINCT file_id, caller_id, callee, line, 'call' FROM calls WHERE kind = 'call' AND implicit = 0"
        " AND target_id IS NULL AND resolution = 'unresolved' AND callee NOT LIKE '%.%' AND callee NOT LIKE '%(%'"
        " AND EXISTS (SELECT 1 FROM bindings b WHERE b.file_id = calls.file_id AND b.scope_id = calls.caller_id"
        " AND b.name = calls.callee AND b.kind = 'assign' AND b.value LIKE '%.%')"
        " ORDER BY file_id, line, caller_id, callee").fetchall()
    # `get_command(self)(…)`, `self.m(x)(…)`: a call of what this repository's function returns (`-> click.Command`)
    applied = conn.execute(
        "SELECT DISTINCT file_id, caller_id, callee, line FROM calls WHERE kind = 'call' AND implicit = 0"
        " AND target_id IS NULL AND resolution = 'unresolved' AND callee GLOB '[A-Za-z_]*(*)'"
        " ORDER BY file_id, line, caller_id, callee").fetchall()
    callers = {site[1] for site in sites + bare + applied}
    # `self.a = …` in any method types the attribute with every value it is given (the resolver's union);
    # `self.a = a` with `a: Ext` (a parameter) gives it the annotation
    given = conn.execute("SELECT file_id, scope_id, name, value FROM bindings WHERE kind IN ('attr', 'attrannot')"
                         " ORDER BY id").fetchall()
    chains = Chains(conn, imports, callers | {g[1] for g in given})     # their bindings, read once
    local = _unique((key, value) for key, found in chains.values.items() if key[0] in callers
                    for kind, value in found if kind in ('assign', 'annot'))
    sites += [(f, caller, local[(caller, name)], line, kind) for f, caller, name, line, kind in bare
              if _BOUND.match(local.get((caller, name), ""))]
    annotated = _unique(((scope, name), value) for scope, name, value in conn.execute(
        "SELECT scope_id, name, value FROM bindings WHERE kind = 'annot' AND scope_id IN"
        " (SELECT value FROM json_each(?))", (json.dumps(sorted({g[1] for g in given})),)))
    attrs: dict[tuple, list[tuple]] = {}
    for file_id, scope, name, value in given:
        found = attrs.setdefault((imports.parent.get(scope), name), [])
        value = (file_id, scope, _plain(annotated.get((scope, value.strip()), value)))
        if value not in found and len(found) < MAX_VALUES:
            found.append(value)

    # `x_class = Ext` in a class body: `self.x_class(…)` builds an Ext (flask's `url_map_class = Map`)
    class_attrs = _unique(((scope, name), (file_id, value)) for file_id, scope, name, value in conn.execute(
        "SELECT b.file_id, b.scope_id, b.name, b.value FROM bindings b JOIN symbols s ON s.id = b.scope_id"
        " WHERE s.kind = 'class' AND b.kind = 'assign' AND b.value NOT LIKE '%(%'"))

    def class_attr(cls: int | None, name: str) -> str | None:
        """The class a class-level attribute of this repository's class (or its base here) names."""
        found = next((c for c in chains.hierarchy(cls) if (c, name) in class_attrs), None) if cls else None
        return class_key(class_attrs[(found, name)][0], found, class_attrs[(found, name)][1]) if found else None

    def class_key(file_id: int, scope: int, value: str | None) -> str | None:
        match = _CALLED_OR_NAMED.match(_plain(value)) if value else None   # `x: "Ext"` too
        if not match:
            return None
        written = match.group(1)
        if written.startswith("self.") and written.count(".") == 1:
            return class_attr(owner(scope), written[5:]) if match.group(2) else None
        return imports.key(file_id, scope, written) or members.local.get((file_id, written))

    def annotated_key(fn: tuple[int, int] | None) -> str | None:
        written = [value for kind, value in chains.returns.get(fn[0], ()) if kind == "returns"] if fn else []
        return class_key(fn[1], fn[0], written[0]) if written else None

    known: dict[tuple, list] = {}

    def member_keys(cls: int | None, name: str) -> list[str | None]:
        """The classes of attribute `name` of this repository's class `cls` (its nearest class here that
        assigns it), else what its property (or method) `name` returns (read once per class and name)."""
        if (cls, name) not in known:
            known[(cls, name)] = _member_keys(cls, name)
        return known[(cls, name)]

    def _member_keys(cls: int | None, name: str) -> list[str | None]:
        found = next((c for c in chains.hierarchy(cls) if (c, name) in attrs), None)
        if found is not None:        # `self.a = app.create_adapter(…)`, `app: App` here: what the method returns
            return [class_key(*value) or (chains.key(*value) if value[2].rstrip().endswith(")") else None)
                    for value in attrs[(found, name)]]
        fn = chains.method(cls, name)
        if fn is None and cls in names and not any((c, name) in class_attrs for c in chains.hierarchy(cls)):
            inherited = members.outside(cls, name, chains)          # flask's `rv.headers`: werkzeug's `Response().headers`
            return [f"{inherited.rpartition('.')[0]}().{name}" if inherited else None]
        return [annotated_key(fn) or chains.returned(fn)]

    listed = _listed(conn, imports)
    nxt, members = _next_outside(listed), _Members(conn, listed)
    names = {sid: qual for qual, sid in members.classes.items()}
    class_ids = set(names)

    def owner(scope: int) -> int | None:
        """The class whose `self` a scope sees: its method's, or the method's a nested function is in."""
        at = imports.parent.get(scope)
        for _ in range(16):
            if at is None or at in class_ids:
                return at
            at = imports.parent.get(at)
        return None

    out, rest = [], []
    for file_id, caller, callee, line, site in sites:
        sup = _SUPER.match(callee)
        *receiver, method = ["self", sup.group(1)] if sup else callee.split(".")
        cls = owner(caller)
        built = class_attr(cls, method) if receiver == ["self"] and not sup else None
        if built and built not in members.classes:          # `self.x_class(…)`: an outside instance built
            out.append((caller, built, line, RECEIVER, site))
            continue
        if receiver == ["self"]:                     # through a base here too: `class Deeper(LocalBase(ext.Client))`
            through = members.key(names[cls], method, chains, bool(sup)) if cls in names else None
            keys = [(through or "").rpartition(".")[0] or (bases.get(cls) or [None])[0] or (nxt.get(cls) if sup else None)]
        elif len(receiver) == 2 and receiver[0] == "self":
            keys = member_keys(cls, receiver[1])                # `self.a.m()`, `self.prop.m()`
        elif len(receiver) == 2:                                # `x.a.m()` with `x: Mine` (this repository's class)
            typed = [members.classes.get(class_key(file_id, caller, local.get((caller, receiver[0]))) or "")
                     or chains.class_of(file_id, caller, receiver[0])]            # `current_app.jinja_env.m()`
            if typed == [None] and (caller, receiver[0]) not in local:            # assigned several values: each
                typed = [members.classes.get(class_key(file_id, caller, value) or "") for kind, value in
                         sorted(chains.values.get((caller, receiver[0]), ())) if kind == "assign"][:MAX_VALUES]
            keys = [key for cls in dict.fromkeys(typed) if cls is not None for key in member_keys(cls, receiver[1])]
        elif len(receiver) == 1:
            value = local.get((caller, receiver[0]))
            keys = [class_key(file_id, caller, value)]
            if keys[0] and value.rstrip().endswith(")"):
                rest.append((file_id, caller, callee, line, site))   # `x = f()`: a function's value too (`f().m`)
            elif value is None and (outer := chains.value(caller, receiver[0])):    # an enclosing scope's
                keys = [key for key in [class_key(file_id, outer[0], outer[1])] if key in members.classes]
                # variable holding this repository's class (`cli = FlaskGroup(…)`; outside ones: chains.py)
        else:
            keys = []
        keys = [key for key in keys if key]
        if not keys:
            rest.append((file_id, caller, callee, line, site))
        uses = dict.fromkeys(members.key(key, method, chains) for key in keys)     # this repository's classes: their bases'
        out += [(caller, use, line, RECEIVER, site) for use in uses if use]
    # a method of a class with a base outside (or a base here with one): it may override the outside method;
    # and whether it overrides it directly or through an override here, the library's `self.m()` runs it
    hooked: set[tuple[int, str]] = set()
    for method, name, line, how, target in conn.execute(
            "SELECT caller_id, name, line, resolution, target_id FROM calls WHERE kind = 'override' ORDER BY id"):
        cls = imports.parent.get(method)
        key = members.key(names[cls], name, chains, inherited=True) if cls in names and target is None else None
        out += [(method, key, line, how, "override")] if key else []
        hook = members.outside(cls, name, chains) if cls in names and (method, name) not in hooked else None
        out += [(method, hook, line, how, OVERRIDES)] if hook else []
        hooked.add((method, name))
    rest += [(f, caller, f"{callee}.__call__", line, "call") for f, caller, callee, line in applied
             if (head := callee.split("(", 1)[0]).startswith("self.") or chains.function(f, caller, head)]
    return out + _inherited_constructors(conn, members, chains, names) + chain_uses(chains, rest)


def _inherited_constructors(conn: apsw.Connection, members: _Members, chains: Chains, names: dict) -> list[tuple]:
    """`Sub(…)` of this repository's class that inherits its constructor from outside (no class of this
    repository in its hierarchy defines `__init__` or `__new__`): a `constructor` use of the nearest outside
    base's `__init__` (flask's `NoAppException(click.UsageError)`), as the resolver links it in one workspace."""
    out, keys = [], {}
    for caller, cls, line, how in conn.execute(
            "SELECT caller_id, target_id, line, resolution FROM calls WHERE kind = 'instantiate'"
            " AND resolution NOT IN ('possible', 'pending') ORDER BY id"):
        if cls not in keys:
            order = chains.hierarchy(cls) if cls in names else []
            keys[cls] = None if not order or any((c, n) in members.defined for c in order for n in CONSTRUCTORS) \
                else members.outside(cls, "__init__", chains)
        out += [(caller, keys[cls], line, how, "constructor")] if keys[cls] else []
    return out
