"""A call on a name inside the block an `isinstance(name, C)` check narrows (graphmind/index/python/
narrowing.py: `if isinstance(x, C):`'s block, after `assert isinstance(x, C)` or after
`if not isinstance(x, C): return`) reaches C's members: the innermost check holding the call's line
decides, and another check of the same scope adds nothing there (`if isinstance(item, Table): …`
then `if isinstance(item, AoT): …` gives each block its own class). What the name holds at that
point is kept where it is a subclass of C (a check for a base narrows nothing); a C unrelated to it
replaces it, as the check guarantees a C at run time.

Called per call site with its line (graphmind/resolve/spread.py); None where no check holds the line.
"""
from __future__ import annotations

from graphmind import edgekinds as K
from graphmind.resolve.pyexpr import parse_chain
from graphmind.resolve.tables import CLASS_KINDS, CONSTRUCTOR_NAMES


def narrowed_rows(r, caller: int, callee: str, line: int, at: int | None) -> list[tuple] | None:
    """The edges of a call `x.m(…)` inside a narrowing of x (target, `inferred`, 0, `call`); None where
    no check holds the line, or the narrowed value reaches nothing."""
    found = _narrowed_targets(r.types, caller, callee, line, at)
    kind = {t: K.CONSTRUCTOR if r.t.syms[t].name in CONSTRUCTOR_NAMES and r.t.syms[t].name != callee.rpartition(".")[2]
            else K.INSTANTIATE if r.t.syms[t].kind in CLASS_KINDS else K.CALL for t in found or ()}
    return [(target, "inferred", 0, kind[target]) for target in found] if found else None


def _narrowed_targets(types, caller: int, callee: str, line: int, at: int | None) -> list[int] | None:
    head = callee.partition(".")[0]
    classes = types.narrowed(caller, head, line)
    if not classes:
        return None
    chain = parse_chain(callee)
    if chain is None or chain[0][0] != "name":
        return None
    held = [x for kind, x in types.expr(caller, head, at) if kind == "inst"]
    value = set()
    for _, cls in classes:
        narrower = [x for x in held if cls in types.r.mro(x)]
        value |= {("inst", x) for x in narrower} or {("inst", cls)}
    found = types.targets_of(types._walk(caller, chain, frozenset(value), 1, at))
    return found or None
