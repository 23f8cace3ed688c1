"""The type-flow fixtures (tests/fixtures/flow/<language>/): one small project per language with a
hand-written blast radius at depth 3 (every caller at its depth), a same-named decoy method with its
caller, edges that must be resolved and call sites that must stay `possible` (expected.json)."""
from __future__ import annotations

import json
from pathlib import Path

from graphmind.query import graph
from langcases import index_fixture

FLOW = Path(__file__).parent / "fixtures" / "flow"
CASES = sorted(p.name for p in FLOW.iterdir() if (p / "expected.json").is_file())
DEPTH = 3


def expected(case: str) -> dict:
    return json.loads((FLOW / case / "expected.json").read_text())


def index_case(tmp_path: Path, case: str):
    """A fresh indexed copy of one flow fixture, as a read-only connection."""
    return index_fixture(tmp_path, case, FLOW)


def defined(conn, qualname: str) -> bool:
    return conn.execute("SELECT 1 FROM symbols WHERE qualname = ?", (qualname,)).fetchone() is not None


def radius(conn, qualname: str, depth: int = DEPTH) -> dict[str, int]:
    """Every caller of a definition within `depth` hops over resolved edges, with its depth."""
    if not defined(conn, qualname):
        return {}
    targets = [t for t in graph.resolve_targets(conn, qualname, take_all=True) if t.qualname == qualname]
    return {h.symbol: h.depth for h in graph.walk(conn, targets, "up", depth=depth, limit=500).hits}


def call_rows(conn, caller: str, callee: str) -> list[tuple[str, str | None, int]]:
    """(resolution, target, candidates) of the call sites `callee` (as written) in `caller`."""
    return list(conn.execute(
        "SELECT c.resolution, t.qualname, c.candidates FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = ?", (caller, callee)))



def call_targets(conn, caller: str, callee: str) -> set[tuple[str, str | None]]:
    """(resolution, target) of the call sites `callee` in `caller` (call_rows without the counts)."""
    return {(how, target) for how, target, _ in call_rows(conn, caller, callee)}

def resolved_edges(conn) -> set[tuple[str, str]]:
    return set(conn.execute(
        "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN symbols t ON t.id = c.target_id WHERE c.resolution NOT IN ('possible', 'pending')"))


def score(conn, exp: dict) -> dict:
    """How a fixture's index compares with its expectations (counts, and what is wrong)."""
    found = radius(conn, exp["target"])
    want = exp["callers"]
    right = {q for q, d in want.items() if found.get(q) == d}
    decoy_callers = set(exp["decoy_callers"])
    wrong = {q: d for q, d in found.items() if q not in want}
    decoys = sorted(decoy_callers & set(found)) + sorted(
        q for q in radius(conn, exp["decoy"]) if q not in decoy_callers)
    edges = resolved_edges(conn)
    missing_edges = [e for e in map(tuple, exp["edges"]) if e not in edges]
    not_possible = []                  # each site: one `possible` row per candidate, with the count
    for caller, callee, count in exp["possible"]:
        rows = call_rows(conn, caller, callee)
        if len(rows) != count or any(how != "possible" or n != count for how, _, n in rows):
            not_possible.append([caller, callee, rows])
    undefined = [q for q in (exp["target"], exp["decoy"]) if not defined(conn, q)]
    return {"callers": len(want), "undefined": undefined, "found": len(right), "missed": {q: found.get(q) for q in want if q not in right},
            "extra": wrong, "decoys": decoys, "missing_edges": missing_edges, "not_possible": not_possible}
