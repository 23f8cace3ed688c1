"""Structural questions answered from the index: blast radius, callers, callees. Pure reads."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import apsw

from graphmind import config
from graphmind.arguments import bounded_int
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS, sql_in
from graphmind.languages import family_members
from graphmind.query.edges import json_list, links, walk_sql
from graphmind.query.lookup import SymbolRef, symbol_refs

UNRESOLVED_CAP = 1000       # unresolved sites naming a target are counted up to this many
POSSIBLE_SHOWN = 200        # possible callers listed (all are counted)
# sites that call something (never a type named, an import or an override): what may be unresolved
CALL_SITES = sql_in(CALL_KINDS, "c.kind")


@dataclass
class Hit:
    """One symbol reached by a walk, with how it connects back to the start."""
    depth: int
    symbol: str
    kind: str
    file: str
    start_line: int
    end_line: int
    signature: str
    call_lines: list[int]
    path: list[str]
    resolution: str
    kinds: list[str] = field(default_factory=list)    # how it depends on the nearer symbol: call, inherit, …
    stale: bool = False


@dataclass
class CallSite:
    """A call site that may reach the target but is not a resolved edge."""
    symbol: str
    file: str
    line: int
    callee: str
    resolution: str
    candidates: int


@dataclass
class Walk:
    """The answer of blast_radius / callers / callees."""
    targets: list[SymbolRef]
    direction: str
    depth: int
    hits: list[Hit] = field(default_factory=list)
    possible: list[CallSite] = field(default_factory=list)
    unresolved: list[CallSite] = field(default_factory=list)
    unresolved_total: int = 0
    possible_total: int = 0
    total: int = 0
    truncated: str | None = None          # None | 'limit' | 'time'
    complete_depth: int = 0
    external: list[str] = field(default_factory=list)
    kinds: tuple[str, ...] = ALL_KINDS


def _reach(conn: apsw.Connection, sql: str, ids: list[int], depth: int, cap: int,
           time_limit: float) -> tuple[list[tuple[int, int]], int, bool]:
    """Run a recursive walk, shrinking the depth if it overruns the time limit."""
    for d in range(depth, 0, -1):
        deadline = time.monotonic() + time_limit
        conn.set_progress_handler(lambda: time.monotonic() > deadline, 2000)
        try:
            rows = conn.execute(sql, (json_list(ids), d, cap)).fetchall()
            return rows, d, d < depth
        except apsw.InterruptError:
            continue
        finally:
            conn.set_progress_handler(None)
    return [(i, 0) for i in ids], 0, True


def walk(conn: apsw.Connection, targets: list[SymbolRef], direction: str = "up", depth: int = config.DEFAULT_DEPTH,
         limit: int = config.DEFAULT_LIMIT, time_limit: float = config.QUERY_TIME_LIMIT_S,
         kinds: tuple[str, ...] = CALL_KINDS) -> Walk:
    """Every symbol within `depth` hops of the targets over resolved edges of `kinds`, nearest first.

    direction 'up' follows dependants (callers, subclasses, importers, … as `kinds` says), 'down'
    follows what they depend on. Cycle-safe: each symbol is listed once, at its nearest depth; the
    walk is cut at `limit` symbols and `time_limit` seconds.
    """
    bounded_int("depth", depth)
    bounded_int("limit", limit)
    ids = [t.id for t in targets]
    cap = max(limit * 20, 5000)
    rows, reached, timed_out = _reach(conn, walk_sql(direction, tuple(kinds)), ids, depth, cap, time_limit)
    out = Walk(targets=targets, direction=direction, depth=depth, complete_depth=reached, kinds=kinds)
    found = [(i, d) for i, d in rows if d > 0 and i not in ids]
    out.total = len(found)
    if timed_out:
        out.truncated = "time"
    if len(found) > limit:
        out.truncated = out.truncated or "limit"
        found = found[:limit]
    elif sum(1 for _ in rows) >= cap:
        out.truncated = out.truncated or "limit"
    depth_of = {i: d for i, d in found} | {i: 0 for i in ids}
    info = _symbol_rows(conn, list(depth_of))
    nearest = _links(conn, depth_of, direction, kinds)
    for sid, d in found:
        via, lines, how, kinds_in = nearest.get(sid, (None, [], "", []))
        path = [info[sid][0]]
        cur = via
        while cur is not None and len(path) <= d:
            path.append(info[cur][0])
            cur = nearest.get(cur, (None,))[0] if depth_of.get(cur, 0) > 0 else None
        qual, kind, file, start, end, sig = info[sid]
        out.hits.append(Hit(d, qual, kind, file, start, end, sig, lines, path, how, sorted(kinds_in)))
    if direction == "up":
        _honest_up(conn, out, ids)
    else:
        out.external = [r[0] for r in conn.execute(
            "SELECT DISTINCT callee FROM json_each(?1) j CROSS JOIN calls c WHERE c.caller_id = j.value"
            f" AND c.target_id IS NULL AND c.resolution IN ('external', 'unresolved', 'builtin') AND {CALL_SITES}"
            " ORDER BY callee LIMIT 50",
            (json_list(ids),))]
    return out


def _symbol_rows(conn: apsw.Connection, ids: list[int]) -> dict[int, tuple]:
    return {r[0]: r[1:] for r in conn.execute(
        "SELECT s.id, s.qualname, s.kind, f.path, s.start_line, s.end_line, s.signature"
        " FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value JOIN files f ON f.id = s.file_id",
        (json_list(ids),))}


def _links(conn: apsw.Connection, depth_of: dict[int, int], direction: str,
           kinds: tuple[str, ...]) -> dict[int, tuple[int, list[int], str, set[str]]]:
    """For each reached symbol: the symbol one hop nearer the targets, the lines of those edges, how
    the first was resolved, and every kind of edge that links it to a symbol one hop nearer."""
    best: dict[int, tuple[int, set[int], str, set[str]]] = {}     # lines as a set: one scope may call 100,000 times
    for caller, target, line, how, kind in sorted(links(conn, list(depth_of), kinds)):
        node, nearer = (caller, target) if direction == "up" else (target, caller)
        d = depth_of.get(node)
        if d is None or depth_of.get(nearer) != d - 1:
            continue
        cur = best.get(node)
        if cur is None or nearer < cur[0]:
            best[node] = (nearer, {line}, how, (cur[3] if cur else set()) | {kind})
            continue
        cur[3].add(kind)
        if nearer == cur[0]:
            cur[1].add(line)
    return {node: (nearer, sorted(lines), how, kinds) for node, (nearer, lines, how, kinds) in best.items()}


def _honest_up(conn: apsw.Connection, out: Walk, ids: list[int]) -> None:
    """Possible callers of the targets, and unresolved call sites that name them."""
    key = json_list(ids)
    out.possible_total = conn.execute(
        "SELECT count(*) FROM json_each(?1) j CROSS JOIN calls c ON c.target_id = j.value"
        " WHERE c.resolution = 'possible'", (key,)).fetchone()[0]
    for qual, path, line, callee, cands in conn.execute(
            "SELECT s.qualname, f.path, c.line, c.callee, c.candidates FROM json_each(?1) j CROSS JOIN calls c"
            " ON c.target_id = j.value JOIN symbols s ON s.id = c.caller_id JOIN files f ON f.id = c.file_id"
            f" WHERE c.resolution = 'possible' ORDER BY f.path, c.line LIMIT {POSSIBLE_SHOWN}", (key,)):
        out.possible.append(CallSite(qual, path, line, callee, "possible", cands))
    names = sorted({t.name for t in out.targets})
    langs = sorted({lang for t in out.targets for lang in family_members(t.language)})
    where = ("c.name IN (SELECT value FROM json_each(?1)) AND c.target_id IS NULL"
             f" AND c.resolution IN ('possible', 'unresolved', 'pending') AND {CALL_SITES}"
             " AND f.language IN (SELECT value FROM json_each(?2))")
    args = (json_list(names), json_list(langs))
    # counted up to a cap: a common name (`get`) must not make every answer slow
    out.unresolved_total = conn.execute(
        f"SELECT count(*) FROM (SELECT 1 FROM calls c JOIN files f ON f.id = c.file_id WHERE {where}"
        f" LIMIT {UNRESOLVED_CAP})", args).fetchone()[0]
    for qual, path, line, callee, how, cands in conn.execute(
            "SELECT s.qualname, f.path, c.line, c.callee, c.resolution, c.candidates FROM calls c"
            f" JOIN files f ON f.id = c.file_id JOIN symbols s ON s.id = c.caller_id WHERE {where}"
            " ORDER BY f.path, c.line LIMIT 20", args):
        out.unresolved.append(CallSite(qual, path, line, callee, how, cands))


def resolve_targets(conn: apsw.Connection, query: str, take_all: bool = False) -> list[SymbolRef]:
    """The symbols a SYMBOL argument names (see lookup.symbol_refs)."""
    return symbol_refs(conn, query, take_all)
