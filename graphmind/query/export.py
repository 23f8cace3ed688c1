"""The whole graph as plain data: every symbol, the resolved call graph, and every dependency edge."""
from __future__ import annotations

from pathlib import Path

import apsw

from graphmind.edgekinds import CALL_KINDS, CONSTRUCTOR, INHERIT, INSTANTIATE, sql_in
from graphmind.query.edges import RESOLVED, SECOND_ROW_OF_CALL
from graphmind.store import open_reader


def resolved_call_graph(conn: apsw.Connection) -> dict[str, list[str]]:
    """{caller qualified name: sorted callee qualified names}, resolved in-workspace edges of the kinds
    that run code (call, constructor, instantiate, decorator, property, implicit, dispatch)."""
    graph: dict[str, set[str]] = {}
    for caller, callee in conn.execute(
            "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
            f" JOIN symbols t ON t.id = c.target_id WHERE c.{RESOLVED} AND {sql_in(CALL_KINDS, 'c.kind')}"
            f" AND NOT {SECOND_ROW_OF_CALL}"):
        graph.setdefault(caller, set()).add(callee)
    return {k: sorted(v) for k, v in sorted(graph.items())}


def export_document(conn: apsw.Connection) -> dict:
    """The `graphmind export --format json` document."""
    symbols = [
        {"symbol": q, "kind": k, "file": f, "start_line": a, "end_line": b, "signature": s}
        for q, k, f, a, b, s in conn.execute(
            "SELECT s.qualname, s.kind, f.path, s.start_line, s.end_line, s.signature FROM symbols s"
            " JOIN files f ON f.id = s.file_id ORDER BY f.path, s.start_byte, s.id")]
    return {"symbols": symbols, "call_graph": resolved_call_graph(conn), "edges": dependency_edges(conn)}


def dependency_edges(conn: apsw.Connection) -> list[dict]:
    """Every resolved edge: caller, callee, kind, resolution, file, line (the strict call graph is the
    kinds call + constructor + decorator; everything together is the dependency graph)."""
    rows = list(conn.execute(
        "SELECT s.qualname, t.qualname, c.kind, c.resolution, f.path, c.line FROM calls c"
        " JOIN symbols s ON s.id = c.caller_id JOIN symbols t ON t.id = c.target_id JOIN files f ON f.id = c.file_id"
        f" WHERE c.{RESOLVED}"))
    # `Cls()` reaching Cls.__init__ also instantiates Cls: that edge is derived, as the walk derives it
    rows += [(caller, cls, INSTANTIATE, how, path, line) for caller, cls, how, path, line in conn.execute(
        "SELECT s.qualname, k.qualname, c.resolution, f.path, c.line FROM calls c JOIN symbols m ON m.id = c.target_id"
        " JOIN symbols k ON k.id = m.parent_id JOIN symbols s ON s.id = c.caller_id JOIN files f ON f.id = c.file_id"
        f" WHERE c.kind = '{CONSTRUCTOR}' AND c.{RESOLVED}")]
    rows += [(cls, base, INHERIT, "base", path, line) for cls, base, path, line in conn.execute(
        "SELECT s.qualname, t.qualname, f.path, i.line FROM inherits i JOIN symbols s ON s.id = i.class_id"
        " JOIN symbols t ON t.id = i.target_id JOIN files f ON f.id = i.file_id")]
    keys = ("caller", "callee", "kind", "resolution", "file", "line")
    return [dict(zip(keys, row)) for row in sorted(rows, key=lambda r: (r[4], r[5], r[0], r[1], r[2]))]


def call_graph(root: Path) -> dict[str, list[str]]:
    """The resolved call graph of an indexed workspace."""
    conn = open_reader(root)
    try:
        return resolved_call_graph(conn)
    finally:
        conn.close()
