"""Functions one repository passes to another's, called back there (pytest's `HookRecorder` passes its
nested `before` to pluggy's `add_hookcall_monitoring(before, after)`, whose inner `traced_hookexec` calls
`before(…)`): inside one workspace type flow binds a parameter to what its call sites pass
(resolve/python/arguments.py); across repositories both sides publish the same key, the callee's key and
the argument's position (`pluggy.PluginManager.add_hookcall_monitoring#0`, `self` not counted):

- the caller's side, a `passed` use of the function it passes (its caller id is the function passed);
- the callee's side, a `call` use by each function calling the parameter, under every name its
  repository publishes the function by (its class's re-exports too).

The walk reads a `passed` use of a frontier node as one more key of it (org/walk.py)."""
from __future__ import annotations

import json

import apsw

PASSED = "passed"
MAX_NAMES = 16


def _positional(text: str) -> list[str] | None:
    """A call's arguments as written, split on top-level commas; None when a string could hide a comma."""
    if "'" in text or '"' in text:
        return None
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    return out + ["".join(cur).strip()] if "".join(cur).strip() else out


def passed_uses(conn: apsw.Connection, parent: dict[int, int], uses: list[tuple]) -> list[tuple]:
    """(function, `key#i`, line, how, 'passed') for a function of this repository, named bare, passed at
    position i to a call of another repository's function (a call `uses` names, kind `call`)."""
    called = {(caller, line, key.rpartition(".")[2]): (key, how) for caller, key, line, how, kind in uses
              if kind == "call" and not key.endswith(")")}
    if not called:
        return []
    functions = {(p, name): sid for sid, p, name in conn.execute(
        "SELECT id, parent_id, name FROM symbols WHERE kind IN ('function', 'method') AND parent_id IS NOT NULL")}
    out = []
    for scope, value, line in conn.execute("SELECT scope_id, value, line FROM bindings WHERE kind = 'args' ORDER BY id"):
        callee, _, written = value.partition("\t")
        found = called.get((scope, line, callee.rpartition(".")[2]))
        args = _positional(written) if found else None
        for i, arg in enumerate(args or ()):
            if "=" in arg or arg.startswith("*"):
                break                                      # keywords and unpacking: positions unknown after
            at, fn = scope, None
            while arg.isidentifier() and at is not None and fn is None:
                fn, at = functions.get((at, arg)), parent.get(at)
            out += [(fn, f"{found[0]}#{i}", line, found[1], PASSED)] if fn else []
    return out


def callback_uses(conn: apsw.Connection, parent: dict[int, int], aliases: list[tuple]) -> list[tuple]:
    """(caller, `key#i`, line, 'inferred', 'call') for a bare call of a parameter of the caller or of a
    function it is nested in, under each name of that function (linked here too when this repository passes
    the function one: pluggy's own tracing passes `before` as pytest does)."""
    sites = conn.execute(
        "SELECT DISTINCT caller_id, callee, line FROM calls WHERE kind = 'call' AND implicit = 0"
        " AND resolution IN ('unresolved', 'inferred', 'possible') AND callee NOT LIKE '%.%' AND callee NOT LIKE '%(%'"
        " ORDER BY caller_id, line, callee").fetchall()
    if not sites:
        return []
    bound: dict[tuple[int, str], set[str]] = {}
    params: dict[tuple[int, str], int] = {}
    for scope, name, kind, value in conn.execute(
            "SELECT scope_id, name, kind, value FROM bindings WHERE name IN (SELECT value FROM json_each(?)) AND kind NOT IN"
            " ('args', 'attr', 'attrannot', 'attritem', 'returns', 'return', 'annot', 'narrow', 'yield', 'yieldfrom',"
            " 'decorator', 'item') ORDER BY id", (json.dumps(sorted({name for _, name, _ in sites})),)):
        bound.setdefault((scope, name), set()).add(kind)
        if kind == "param" and value.isdigit():
            params[(scope, name)] = int(value)
    info = {sid: (qual, kind, p) for sid, qual, kind, p in conn.execute(
        "SELECT id, qualname, kind, parent_id FROM symbols WHERE kind IN ('function', 'method', 'class')")}
    names: dict[str, list[str]] = {}
    for key, target in aliases:
        if "(" not in key:
            names.setdefault(target, []).append(key)
    out = []
    for caller, name, line in sites:
        at = caller
        while at is not None and (at, name) not in bound:
            at = parent.get(at)
        if at is None or bound[(at, name)] != {"param"} or (at, name) not in params or at not in info:
            continue                                      # not a parameter, or bound otherwise too
        qual, kind, owner = info[at]
        position = params[(at, name)] - (1 if kind == "method" and info.get(owner, ("", ""))[1] == "class" else 0)
        if position < 0:
            continue                                      # `self(…)`
        keys = [qual] + names.get(qual, [])
        if kind == "method" and owner in info:
            keys += [f"{n}.{qual.rpartition('.')[2]}" for n in names.get(info[owner][0], [])]
        out += [(caller, f"{key}#{position}", line, "inferred", "call") for key in dict.fromkeys(keys[:MAX_NAMES])]
    return out
