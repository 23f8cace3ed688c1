"""What the org commands answer: SYMBOL to published definitions, the walk's JSON (the local commands'
field names plus `repo` and `commit`) and compact text, the published repositories."""
from __future__ import annotations

import psycopg

from graphmind.errors import AmbiguousSymbolError, UnknownSymbolError
from graphmind.org import database
from graphmind.org.walk import OrgTarget, OrgWalk
from graphmind.query import render

_COLUMNS = ("SELECT s.id, s.qualname, s.name, s.kind, s.file, s.start_line, s.end_line, s.signature, '', s.repo,"
            " r.commit FROM symbols s JOIN repos r ON r.repo = s.repo")
ALIAS_DEPTH = 3


def _refs(conn: psycopg.Connection, where: str, args: tuple, repo: str | None) -> list[OrgTarget]:
    if repo is not None:
        where, args = where + " AND s.repo = %s", (*args, repo)
    return [OrgTarget(*r) for r in conn.execute(f"{_COLUMNS} WHERE {where} ORDER BY s.repo, s.file, s.start_line"
                                                " LIMIT 200", args)]


def targets(conn: psycopg.Connection, query: str, repo: str | None = None, take_all: bool = False) -> list[OrgTarget]:
    """The published definitions SYMBOL names: a qualified name, a name a published module re-exports
    (`flask.url_for`), a dotted suffix (`Flask.route`) or a short name."""
    database.check_schema(conn)
    found = _refs(conn, "s.qualname = %s", (query,), repo)
    keys = [query]
    for _ in range(ALIAS_DEPTH):
        if found:
            break
        keys = [r[0] for r in conn.execute("SELECT DISTINCT target_key FROM aliases WHERE key = ANY(%s)", (keys,))]
        if not keys:
            break
        found = _refs(conn, "s.qualname = ANY(%s)", (keys,), repo)
    if not found:
        last = query.rpartition(".")[2]
        found = _refs(conn, "s.name = %s AND (s.qualname = %s OR s.qualname LIKE %s)",
                      (last, query, "%." + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")), repo)
    if not found:
        near = [r[0] for r in conn.execute("SELECT DISTINCT qualname FROM symbols WHERE name = %s ORDER BY 1 LIMIT 5",
                                           (query.rpartition(".")[2],))]
        raise UnknownSymbolError(query, near)
    if len(found) > 1 and not take_all:
        raise AmbiguousSymbolError(query, [f"{t.repo}: {t.qualname} ({t.file}:{t.start_line})" for t in found[:20]])
    return found


def walk_json(w: OrgWalk) -> dict:
    """The local blast radius's JSON document, `repo` and `commit` on every target and row."""
    doc = render.walk_json(w)
    doc["targets"] = [render.ref_json(t) | {"repo": t.repo, "commit": t.commit} for t in w.targets]
    doc["repositories"] = w.repos
    doc.pop("unresolved_sites", None)
    return doc


def walk_text(w: OrgWalk) -> str:
    """One row a line: `depth repo file:start-end signature [kinds]`."""
    names = ", ".join(f"{t.repo}: {t.qualname} ({t.file}:{t.start_line}-{t.end_line})" for t in w.targets)
    noun = render.noun(w)
    lines = [f"org blast radius of {names}, depth<={w.depth}: {w.total} {noun}{'s' if w.total != 1 else ''}"
             f" in {w.repos} repositor{'ies' if w.repos != 1 else 'y'}"]
    lines += [f"{h.depth} {h.repo} {h.file}:{h.start_line}-{h.end_line} {h.signature}{render.kinds_note(h)}"
              for h in w.hits]
    if w.truncated:
        lines.append(f"cut: {w.truncated} (complete to depth {w.complete_depth}); narrow the target or raise --limit")
    if w.possible_total:
        lines.append(f"possible callers (receiver type unknown, not followed): {w.possible_total}")
        lines += [f"  ? {p.file}:{p.line} {p.callee}() in {p.symbol}" for p in w.possible[:20]]
    if not w.hits and not w.possible_total:
        lines.append(f"no {noun}s in any published repository")
    return "\n".join(lines)


def repos(conn: psycopg.Connection) -> list[dict]:
    """The published repositories, by name."""
    database.check_schema(conn)
    return [{"repo": r, "commit": c, "digest": d, "published_at": p.isoformat(), "symbols": s, "edges": e, "uses": u}
            for r, c, d, p, s, e, u in conn.execute(
                "SELECT repo, commit, digest, published_at, symbols, edges, uses FROM repos ORDER BY repo")]
