"""Calls of a type-generic C macro (Brotli's `BROTLI_MIN(size_t, a, b)`, defined in another file as
`#define BROTLI_MIN(T, A, B) (brotli_min_ ## T((A), (B)))`): the function its expansion calls is
named by pasting the type given at the use, so each use gets a row named as written, `BROTLI_MIN(size_t)`,
beside its row to the macro; at resolution, where the macro's `#define` is in view, the row reaches
the function the paste names (`brotli_min_size_t`, made by `BROTLI_MIN_MAX(size_t)`: cfamily/pasted.py)
and is dropped where the macro pastes nothing."""
from __future__ import annotations

import re

from graphmind.models import CallRow

_FIRST = re.compile(rb"([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*)\s*,")
_ROW = re.compile(r"([A-Za-z_]\w*)\((\w+)\)")
_TYPES = frozenset({"char", "short", "int", "long", "float", "double", "unsigned", "signed", "bool", "_Bool"})
_DEFINE = r"^[ \t]*#[ \t]*define[ \t]+{}\(([^)]*)\)((?:\\\r?\n|[^\n])*)"


def _typeish(word: str) -> bool:
    return word in _TYPES or word.endswith("_t")


def typed_uses(calls: list[CallRow], source: bytes) -> list[CallRow]:
    """A row named `MACRO(type)` at each call of an all-capitals name whose first argument is a type."""
    starts, out = None, []
    for row in calls:
        if row.kind != "call" or not row.name.isupper() or row.callee != row.name:
            continue
        if starts is None:
            starts = [0, *(m.end() for m in re.finditer(rb"\n", source))]
        m = _FIRST.match(source, starts[row.line - 1] + row.col) if row.line <= len(starts) else None
        if m is not None and m.group(1).decode() == row.name and _typeish(arg := m.group(2).decode()):
            out.append(CallRow(row.caller, f"{row.name}({arg})", f"{row.name}({arg})", row.line, row.col))
    return out


def expanded(r, caller: int, name: str, how) -> list | None:
    """The rows of a `MACRO(type)` row: the function the macro's body pastes the type into, looked up
    from the caller; none (the row is dropped) where the macro pastes nothing. None: not such a row."""
    m = _ROW.fullmatch(name)
    if m is None or not _typeish(m.group(2)):
        return None
    t = r.t
    macro = _seen(r, caller, m.group(1), "macro")
    params, body = _definition(r, t.syms[macro]) if macro is not None else ([], "")
    pasted = re.search(r"(\w*)\s*##\s*" + re.escape(params[0]) + r"\b(?:\s*##\s*(\w+))?\s*\(", body) if params else None
    found = _seen(r, caller, f"{pasted.group(1)}{m.group(2)}{pasted.group(2) or ''}", "function") if pasted else None
    return [(found, how(r, caller, found), 0)] if found is not None else []


def _seen(r, caller: int, name: str, kind: str) -> int | None:
    """The definition of this kind a name reaches from the caller; from an `*_inc.h` template, which
    includes nothing, the one a file including it sees (`units.one_unit`)."""
    t, hit = r.t, r.lookup(caller, name)
    if hit is not None and isinstance(hit[1], int) and t.syms[hit[1]].kind == kind:
        return hit[1]
    units, fid = r.state.get("_c_units"), t.syms[caller].file
    found = [s for s in units.scoped.get(name, ()) if t.syms[s].kind == kind and units.one_unit(fid, t.syms[s].file)] \
        if units is not None and hit is None else []
    return found[0] if len(found) == 1 else None


def _definition(r, sym) -> tuple[list[str], str]:
    """A macro's parameters and body, read from its file (once per macro and process)."""
    memo = r.state.setdefault("_c_pasting", {})
    if sym.id not in memo:
        memo[sym.id] = [], ""
        try:
            text = (r.t.root / r.t.paths[sym.file]).read_text("latin-1") if r.t.root is not None else ""
        except OSError:
            text = ""
        m = re.search(_DEFINE.format(re.escape(sym.name)), text, re.M)
        if m is not None:
            memo[sym.id] = re.findall(r"[A-Za-z_]\w*", m.group(1)), m.group(2).replace("\\\n", " ")
    return memo[sym.id]
