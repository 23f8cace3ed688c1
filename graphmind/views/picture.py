"""The graph every picture draws: nodes (symbols) and edges (dependant -> dependency), from a walk or an impact."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from graphmind.query.graph import Walk
from graphmind.query.impact import Impact


@dataclass
class Node:
    """One symbol of the picture; `role`: target, changed, dependant, dependency, possible or test."""
    id: str
    kind: str
    file: str
    line: int
    end_line: int
    signature: str
    depth: int
    role: str
    call_lines: list[int] = field(default_factory=list)


@dataclass
class Edge:
    """`src` depends on `dst` (calls it, inherits it, …); `possible`: a call whose receiver type is unknown."""
    src: str
    dst: str
    kinds: list[str]
    lines: list[int]
    possible: bool = False


@dataclass
class Picture:
    """What a view draws: a title, nodes by depth, edges, and for an impact the tests reached."""
    title: str
    direction: str
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    tests: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return asdict(self)


def _add_walk(pic: Picture, w: Walk, seen: dict[str, Node], target_role: str) -> None:
    for t in w.targets:
        if t.qualname not in seen:
            seen[t.qualname] = Node(t.qualname, t.kind, t.file, t.start_line, t.end_line, t.signature, 0, target_role)
    role = "dependant" if w.direction == "up" else "dependency"
    for h in w.hits:
        if h.symbol not in seen:
            seen[h.symbol] = Node(h.symbol, h.kind, h.file, h.start_line, h.end_line, h.signature, h.depth, role,
                                  list(h.call_lines))
        if len(h.path) > 1:
            src, dst = (h.symbol, h.path[1]) if w.direction == "up" else (h.path[1], h.symbol)
            pic.edges.append(Edge(src, dst, list(h.kinds) or ["call"], list(h.call_lines)))
    by_name = {t.name: t.qualname for t in w.targets}
    for p in w.possible:
        dst = by_name.get(p.callee.rsplit(".", 1)[-1], w.targets[0].qualname if w.targets else None)
        if dst is None:
            continue
        if p.symbol not in seen:
            seen[p.symbol] = Node(p.symbol, "possible", p.file, p.line, p.line, f"{p.callee}(…) in {p.symbol}", 1,
                                  "possible", [p.line])
        pic.edges.append(Edge(p.symbol, dst, ["call"], [p.line], possible=True))
    if w.truncated:
        pic.notes.append(f"cut ({w.truncated}): {len(w.hits)} of {w.total} shown")


def from_walk(w: Walk) -> Picture:
    """The picture of blast-radius / callers / callees."""
    what = "blast radius" if w.direction == "up" else "callees"
    pic = Picture(f"{what} of {', '.join(t.qualname for t in w.targets)} (depth <= {w.depth})", w.direction)
    seen: dict[str, Node] = {}
    _add_walk(pic, w, seen, "target")
    pic.nodes = sorted(seen.values(), key=lambda n: (n.depth, n.file, n.line))
    return pic


def from_impact(imp: Impact) -> Picture:
    """The picture of `impact`: the changed definitions at depth 0, their dependants, the tests reached."""
    pic = Picture(f"impact of {imp.source}", "up")
    seen: dict[str, Node] = {}
    for t in imp.touched:
        r = t.ref
        seen[r.qualname] = Node(r.qualname, r.kind, r.file, r.start_line, r.end_line, r.signature, 0, "changed",
                                list(t.lines))
    if imp.walk is not None:
        _add_walk(pic, imp.walk, seen, "changed")
    for t in imp.tests:
        if t.symbol in seen and seen[t.symbol].role != "changed":
            seen[t.symbol].role = "test"
        pic.tests.append({"id": t.id, "symbol": t.symbol, "file": t.file, "line": t.start_line, "depth": t.depth})
    pic.nodes = sorted(seen.values(), key=lambda n: (n.depth, n.file, n.line))
    return pic
