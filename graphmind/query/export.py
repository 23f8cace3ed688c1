"""The whole graph as plain data: every symbol and the resolved call graph."""
from __future__ import annotations

from pathlib import Path

import apsw

from graphmind.query.graph import RESOLVED
from graphmind.store import open_reader


def resolved_call_graph(conn: apsw.Connection) -> dict[str, list[str]]:
    """{caller qualified name: sorted callee qualified names}, resolved in-workspace edges only."""
    graph: dict[str, set[str]] = {}
    for caller, callee in conn.execute(
            "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
            f" JOIN symbols t ON t.id = c.target_id WHERE c.{RESOLVED}"):
        graph.setdefault(caller, set()).add(callee)
    return {k: sorted(v) for k, v in sorted(graph.items())}


def export_document(conn: apsw.Connection) -> dict:
    """The `graphmind export --format json` document."""
    symbols = [
        {"symbol": q, "kind": k, "file": f, "start_line": a, "end_line": b, "signature": s}
        for q, k, f, a, b, s in conn.execute(
            "SELECT s.qualname, s.kind, f.path, s.start_line, s.end_line, s.signature FROM symbols s"
            " JOIN files f ON f.id = s.file_id ORDER BY f.path, s.start_byte, s.id")]
    return {"symbols": symbols, "call_graph": resolved_call_graph(conn)}


def call_graph(root: Path) -> dict[str, list[str]]:
    """The resolved call graph of an indexed workspace."""
    conn = open_reader(root)
    try:
        return resolved_call_graph(conn)
    finally:
        conn.close()
