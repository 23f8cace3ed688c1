"""Methods called on values of another repository's classes, for the uses a publish keeps: type flow
does not cross repositories, so the receiver's class is read from what the index recorded, in three
plain cases only (a local's binding unique, its value an imported class called or named):
`self.m()` and `super().m()` in a class whose first base is outside (`pkg.Base.m`); `x.m()` after
`x = Ext(…)` or `x: Ext` in the same scope; `self.a.m()` after `self.a = Ext(…)` in a method of the class
(every class the attribute is given, as the resolver unions them), or `a` a property of the class."""
from __future__ import annotations

import re

import apsw

from graphmind.org.chains import Chains, chain_uses

RECEIVER = "receiver"        # the resolution of such a use: its receiver's class read from a binding
MAX_VALUES = 8               # values of one attribute read at most (`self.pool = A(…)` here, `= B(…)` there)
_SUPER = re.compile(r"^super\([^()]*\)\.(\w+)$")      # `super().m`, `super(Cls, self).m`
_BOUND = re.compile(r"^(super\([^()]*\)|[A-Za-z_]\w*)(\.[A-Za-z_]\w*)+$")    # `super().convert`, `self.m`
_CALLED_OR_NAMED = re.compile(r"^([A-Za-z_][\w.]*)(\(.*\))?$", re.S)


def _unique(rows) -> dict:
    """{key: value} where the key has exactly one distinct value."""
    seen: dict = {}
    for key, value in rows:
        seen.setdefault(key, set()).add(value)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}


def _next_outside(conn: apsw.Connection, imports) -> dict[int, str]:
    """{mixin: key} for a class with no base outside that a subclass lists before a base outside
    (`class Cached(Mixin, ext.Session)`): `super().m()` in the mixin runs `ext.Session.m` (the
    first such subclass's, as the resolver reads the MRO)."""
    listed: dict[int, list] = {}
    for file_id, cls, base, target in conn.execute(
            "SELECT file_id, class_id, base, target_id FROM inherits ORDER BY class_id, position, id"):
        key = imports.key(file_id, cls, base.split("[")[0].split("(")[0]) if target is None else None
        listed.setdefault(cls, []).append((target, key))
    out: dict[int, str] = {}
    for cls, bases in listed.items():
        for i, (target, _) in enumerate(bases):
            after = next((key for _, key in bases[i + 1:] if key), None)
            if target is not None and after and not any(key for _, key in listed.get(target, ())):
                out.setdefault(target, after)
    return out


def receiver_uses(conn: apsw.Connection, imports, bases: dict[int, list[str]]) -> list[tuple]:
    """(caller, key, line, 'receiver', 'call') for member calls on an outside class's values."""
    # unresolved, or `possible` (a same-named method of this repository is a candidate by name only)
    sites = conn.execute(
        "SELECT DISTINCT file_id, caller_id, callee, line FROM calls WHERE kind = 'call' AND implicit = 0"
        " AND (resolution = 'possible' OR (target_id IS NULL AND resolution = 'unresolved'))"
        " AND callee LIKE '%.%' ORDER BY file_id, line, caller_id, callee").fetchall()
    bare = conn.execute(        # `convert(x)` after `convert = super().convert`: a bound method's alias
        "SELECT DISTINCT file_id, caller_id, callee, line FROM calls WHERE kind = 'call' AND implicit = 0"
        " AND target_id IS NULL AND resolution = 'unresolved' AND callee NOT LIKE '%.%' AND callee NOT LIKE '%(%'"
        " AND EXISTS (SELECT 1 FROM bindings b WHERE b.file_id = calls.file_id AND b.scope_id = calls.caller_id"
        " AND b.name = calls.callee AND b.kind = 'assign' AND b.value LIKE '%.%')"
        " ORDER BY file_id, line, caller_id, callee").fetchall()
    callers = {site[1] for site in sites + bare}
    chains = Chains(conn, imports, callers)     # the callers' bindings, read once
    local = _unique((key, value) for key, found in chains.values.items() if key[0] in callers
                    for kind, value in found if kind in ('assign', 'annot'))
    sites += [(f, caller, local[(caller, name)], line) for f, caller, name, line in bare
              if _BOUND.match(local.get((caller, name), ""))]
    # `self.a = …` in any method types the attribute with every value it is given (the resolver's union)
    attrs: dict[tuple, list[str]] = {}
    for scope, name, value in conn.execute(
            "SELECT scope_id, name, value FROM bindings WHERE kind IN ('attr', 'attrannot') ORDER BY id"):
        found = attrs.setdefault((imports.parent.get(scope), name), [])
        if value not in found and len(found) < MAX_VALUES:
            found.append(value)

    def class_key(file_id: int, scope: int, value: str | None) -> str | None:
        match = _CALLED_OR_NAMED.match(value.strip().strip("\"'")) if value else None   # `x: "Ext"` too
        return imports.key(file_id, scope, match.group(1)) if match else None

    nxt = _next_outside(conn, imports)
    out, rest = [], []
    for file_id, caller, callee, line in sites:
        sup = _SUPER.match(callee)
        *receiver, method = ["self", sup.group(1)] if sup else callee.split(".")
        cls = imports.parent.get(caller)
        if receiver == ["self"]:
            keys = [(bases.get(cls) or [None])[0] or (nxt.get(cls) if sup else None)]
        elif len(receiver) == 2 and receiver[0] == "self":
            keys = [class_key(file_id, caller, value) for value in attrs.get((cls, receiver[1]), ())] or \
                [chains.returned(chains.functions.get((cls, receiver[1])))]     # `self.prop.m()`: what prop returns
        elif len(receiver) == 1:
            value = local.get((caller, receiver[0]))
            keys = [class_key(file_id, caller, value)]
            if keys[0] and value.rstrip().endswith(")"):
                rest.append((file_id, caller, callee, line))   # `x = f()`: a function's value too (`f().m`)
        else:
            keys = []
        keys = [key for key in keys if key]
        if len(keys) > 1:
            keys = list(dict.fromkeys(keys))
        out += [(caller, f"{key}.{method}", line, RECEIVER, "call") for key in keys]
        if not keys:
            rest.append((file_id, caller, callee, line))
    return out + chain_uses(chains, rest)
