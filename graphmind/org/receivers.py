"""Methods called on values of another repository's classes, for the uses a publish keeps: type flow
does not cross repositories, so the receiver's class is read from what the index recorded, in three
plain cases only (each binding unique, its value an imported class called or named):
`self.m()` in a class whose first base is outside (`pkg.Base.m`); `x.m()` after `x = Ext(…)` or
`x: Ext` in the same scope; `self.a.m()` after `self.a = Ext(…)` in a method of the class."""
from __future__ import annotations

import re

import apsw

RECEIVER = "receiver"        # the resolution of such a use: its receiver's class read from a binding
_CALLED_OR_NAMED = re.compile(r"^([A-Za-z_][\w.]*)(\(.*\))?$", re.S)


def _unique(rows) -> dict:
    """{key: value} where the key has exactly one distinct value."""
    seen: dict = {}
    for key, value in rows:
        seen.setdefault(key, set()).add(value)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}


def receiver_uses(conn: apsw.Connection, imports, bases: dict[int, list[str]]) -> list[tuple]:
    """(caller, key, line, 'receiver', 'call') for member calls on an outside class's values."""
    local = _unique(((scope, name), value) for scope, name, value in conn.execute(
        "SELECT scope_id, name, value FROM bindings WHERE kind IN ('assign', 'annot') AND name != ''"))
    attrs = _unique(((imports.parent.get(scope), name), value) for scope, name, value in conn.execute(
        "SELECT scope_id, name, value FROM bindings WHERE kind IN ('attr', 'attrannot')"))

    def class_key(file_id: int, scope: int, value: str | None) -> str | None:
        match = _CALLED_OR_NAMED.match(value.strip()) if value else None
        return imports.key(file_id, scope, match.group(1)) if match else None

    out = []
    # unresolved, or `possible` (a same-named method of this repository is a candidate by name only)
    for file_id, caller, callee, line in conn.execute(
            "SELECT DISTINCT file_id, caller_id, callee, line FROM calls WHERE kind = 'call' AND implicit = 0"
            " AND (resolution = 'possible' OR (target_id IS NULL AND resolution = 'unresolved'))"
            " AND callee LIKE '%.%' AND callee NOT LIKE '%(%' ORDER BY file_id, line, caller_id, callee"):
        *receiver, method = callee.split(".")
        cls = imports.parent.get(caller)
        if receiver == ["self"]:
            key = (bases.get(cls) or [None])[0]
        elif len(receiver) == 2 and receiver[0] == "self":
            key = class_key(file_id, caller, attrs.get((cls, receiver[1])))
        elif len(receiver) == 1:
            key = class_key(file_id, caller, local.get((caller, receiver[0])))
        else:
            key = None
        if key:
            out.append((caller, f"{key}.{method}", line, RECEIVER, "call"))
    return out
