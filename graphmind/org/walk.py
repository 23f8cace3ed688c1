"""The blast radius across published repositories: one query per hop (a frontier joined to the edges,
a visited set kept here, a cap per hop), because Citus does not run recursive CTEs across shards.

A hop follows a repository's own edges and, across repositories, the uses of a symbol's key (its
qualified name, version-less) and of every key a published module re-exports it under (two imports
deep), bound now: publishing order does not matter, and a republished library re-links its users."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import psycopg

from graphmind import config
from graphmind.arguments import bounded_int
from graphmind.edgekinds import CALL_KINDS
from graphmind.org.export import LINK
from graphmind.query.graph import CallSite, Hit, Walk
from graphmind.query.lookup import SymbolRef

TIME_LIMIT_S = 10.0        # a walk across repositories: each hop a statement cancelled past it
HOP_CAP = 50_000             # edges read per hop at most: a hub must not make one hop unbounded

# The keys go to `uses` as one array too, so the index on target_key is read whatever the estimates.
# (repo, id) of the frontier as two arrays; every edge into it: (repo, dependant, near repo, near id,
# line, resolution, kind). A use of a class's key by a call is an instantiation; of its constructor, a
# constructor call (as resolution makes them inside one workspace). A member is also reached through its
# class's re-exported name (`pkg.Model.link` for `pkg.models.Model.link`, two re-exports deep), through the
# paths that stand for its class (org/chains.py: `pkg.Model().link`), and through a subclass (or its
# subclass) that does not override it; a path's head is also read as another repository re-exports it (`app.signals.Namespace().signal().send`),
# or returns an instance of it (`app.make_response().headers`: `app.make_response()` -> `app.Response`;
# the library's own re-exports are in its paths already); a path through an instance of a class (`pkg.Response().headers`)
# is also written through another repository's subclass of it (`app.Response().headers`, then its re-exports), and
# through a name standing for such an instance (`flask.request.get_json`: `flask.request` -> `flask.wrappers.Request()`).
# A function passed to another repository's (a `passed` use, org/callbacks.py) is keyed as that function's parameter.
# A path that stands for an instance (`pkg.Model()`) is no key of its class: only a decorator written with
# arguments is a use ending in a call, and it applies the call's value (org/instances.py: `fixture()` stands for
# the function `fixture` returns, `pytest.mark.parametrize()` for a `__call__`). A symbol
# whose name its repository publishes as an alias (a `.pyi` stub's `fields` the `.py` imports) is not its key.
# A method publishing an `overrides` use of an outside base's method (org/receivers.py) is reached, as a
# `dispatch`, from the `self.m()` calls to that method in its class or the class's base there (hooks), unless
# the overriding class defines the calling method itself. A member read (a `property` use) reaches a property's
# getter only (the `getter` use marks it: getter and setter share their key), as a read does in one workspace.
HOP_UP = """
WITH f AS (SELECT * FROM unnest(%(repos)s::text[], %(ids)s::integer[]) AS f(repo, id)),
fs AS (SELECT s.repo, s.id, s.qualname, s.name, s.kind, s.parent_id FROM f JOIN symbols s ON s.repo = f.repo AND s.id = f.id),
fp AS (SELECT s.*, p.qualname AS cls FROM fs s JOIN symbols p ON p.repo = s.repo AND p.id = s.parent_id WHERE p.kind = 'class'),
k0 AS (SELECT s.repo, s.id, s.qualname AS key, s.kind AS kind, 0 AS ctor FROM fs s
       LEFT JOIN aliases o ON o.repo = s.repo AND o.key = s.qualname AND o.target_key NOT LIKE '%%()' WHERE o.key IS NULL
       UNION ALL
       SELECT s.repo, s.id, s.cls, 'class', 1 FROM fp s WHERE s.name IN ('__init__', '__new__')),
k1 AS (SELECT k0.repo, k0.id, a.key, k0.kind, k0.ctor FROM k0 JOIN aliases a ON a.target_key = k0.key
       WHERE a.key NOT LIKE '%%()' OR k0.kind <> 'class'
       UNION ALL
       SELECT s.repo, s.id, a.key || '.' || s.name, s.kind, 0 FROM fp s JOIN aliases a ON a.target_key = s.cls),
sub1 AS (SELECT s.repo, s.id, c.id AS cid, c.qualname AS cls, s.name, s.kind FROM fp s
        JOIN edges i ON i.repo = s.repo AND i.target_id = s.parent_id AND i.kind = 'inherit'
        JOIN symbols c ON c.repo = i.repo AND c.id = i.caller_id
        WHERE s.name NOT IN ('__init__', '__new__') AND NOT EXISTS (SELECT 1 FROM symbols o
              WHERE o.repo = c.repo AND o.parent_id = c.id AND o.name = s.name)),
sub AS (SELECT repo, id, cls, name, kind FROM sub1
        UNION ALL
        SELECT sub1.repo, sub1.id, g.qualname, sub1.name, sub1.kind FROM sub1
        JOIN edges i ON i.repo = sub1.repo AND i.target_id = sub1.cid AND i.kind = 'inherit'
        JOIN symbols g ON g.repo = i.repo AND g.id = i.caller_id
        WHERE NOT EXISTS (SELECT 1 FROM symbols o WHERE o.repo = g.repo AND o.parent_id = g.id AND o.name = sub1.name)),
k2 AS (SELECT k1.repo, k1.id, a.key, k1.kind, k1.ctor FROM k1 JOIN aliases a ON a.target_key = k1.key
       UNION ALL
       SELECT s.repo, s.id, a2.key || '.' || s.name, s.kind, 0 FROM fp s JOIN aliases a ON a.target_key = s.cls
       JOIN aliases a2 ON a2.target_key = a.key
       UNION ALL
       SELECT sub.repo, sub.id, sub.cls || '.' || sub.name, sub.kind, 0 FROM sub
       UNION ALL
       SELECT sub.repo, sub.id, a.key || '.' || sub.name, sub.kind, 0 FROM sub JOIN aliases a ON a.target_key = sub.cls),
k12 AS (SELECT * FROM k1 UNION ALL SELECT * FROM k2),
ksub AS (SELECT k12.repo, k12.id, c.qualname || substr(k12.key, length(split_part(k12.key, '(', 1)) + 1), k12.kind, k12.ctor
           FROM k12 JOIN uses u ON u.target_key = split_part(k12.key, '(', 1) AND u.kind = 'inherit' AND u.repo <> k12.repo
           JOIN symbols c ON c.repo = u.repo AND c.id = u.caller_id
          WHERE k12.key LIKE '%%().%%'),
k12s AS (SELECT * FROM k12 UNION ALL SELECT * FROM ksub),
k3 AS (SELECT k12s.repo, k12s.id, a.key || substr(k12s.key, length(split_part(k12s.key, '(', 1))
                                               + CASE WHEN a.key LIKE '%%()' THEN 3 ELSE 1 END), k12s.kind, k12s.ctor
         FROM k12s JOIN aliases a ON a.target_key = split_part(k12s.key, '(', 1) AND a.repo <> k12s.repo
        WHERE k12s.key LIKE '%%()%%'),
k123 AS (SELECT * FROM k12s UNION ALL SELECT * FROM k3),
kinst AS (SELECT k123.repo, k123.id, a.key || substr(k123.key, length(split_part(k123.key, '(', 1)) + 3), k123.kind, k123.ctor
            FROM k123 JOIN aliases a ON a.target_key = split_part(k123.key, '(', 1) || '()'
           WHERE k123.key LIKE '%%().%%'),
kpass AS (SELECT u.repo, u.caller_id, u.target_key, 'function', 0 FROM f
            JOIN uses u ON u.repo = f.repo AND u.caller_id = f.id AND u.kind = 'passed'),
keys AS (SELECT * FROM k0 UNION SELECT * FROM k123 UNION SELECT * FROM kinst UNION SELECT * FROM kpass),
ov AS (SELECT s.repo, s.id, s.parent_id AS pid, s.name,
              left(u.target_key, length(u.target_key) - length(s.name) - 1) AS cls
         FROM fs s
         JOIN uses u ON u.repo = s.repo AND u.caller_id = s.id AND u.kind = 'overrides'),
hooks AS MATERIALIZED (SELECT DISTINCT ov.repo, ov.id, ov.pid, c.repo AS lrepo, c.id AS cid, m.id AS mid
            FROM ov LEFT JOIN aliases a ON a.key = ov.cls LEFT JOIN aliases a2 ON a2.key = a.target_key
            JOIN symbols c ON c.qualname IN (ov.cls, a.target_key, a2.target_key) AND c.kind = 'class' AND c.repo <> ov.repo
            JOIN symbols m ON m.repo = c.repo AND m.parent_id = c.id AND m.name = ov.name)
SELECT e.repo, e.caller_id, e.repo, e.target_id, e.line, e.resolution, e.kind
  FROM f JOIN edges e ON e.repo = f.repo AND e.target_id = f.id
 WHERE e.resolution NOT IN ('possible', 'pending') AND e.kind = ANY(%(kinds)s)
UNION ALL
SELECT * FROM (
  SELECT u.repo, u.caller_id, keys.repo, keys.id, u.line, u.resolution,
         CASE WHEN u.kind <> 'call' THEN u.kind WHEN keys.ctor = 1 THEN 'constructor'
              WHEN keys.kind = 'class' THEN 'instantiate' ELSE 'call' END AS kind
    FROM keys JOIN uses u ON u.target_key = keys.key AND u.repo <> keys.repo
   WHERE (keys.ctor = 0 OR u.kind = 'call')
     AND (u.kind <> 'property' OR EXISTS (SELECT 1 FROM uses g WHERE g.repo = keys.repo AND g.caller_id = keys.id
                                          AND g.kind = 'getter'))
     AND u.target_key = ANY((SELECT array_agg(DISTINCT key) FROM keys)::text[])) x
 WHERE x.kind = ANY(%(kinds)s)
UNION ALL
SELECT e.repo, e.caller_id, h.repo, h.id, e.line, e.resolution, 'dispatch'
  FROM hooks h JOIN edges e ON e.repo = h.lrepo AND e.target_id = h.mid
  JOIN symbols g ON g.repo = e.repo AND g.id = e.caller_id
 WHERE e.resolution = 'self' AND e.kind IN ('call', 'dispatch') AND 'dispatch' = ANY(%(kinds)s)
   AND (g.parent_id = h.cid OR EXISTS (SELECT 1 FROM edges i WHERE i.repo = e.repo AND i.target_id = g.parent_id
                                       AND i.caller_id = h.cid AND i.kind = 'inherit'))
   AND NOT EXISTS (SELECT 1 FROM symbols o WHERE o.repo = h.repo AND o.parent_id = h.pid AND o.name = g.name)
LIMIT %(cap)s
"""


@dataclass
class OrgHit(Hit):
    """A hit with the repository it is in and the commit that was published."""
    repo: str = ""
    commit: str | None = None


@dataclass(frozen=True)
class OrgTarget(SymbolRef):
    repo: str = ""
    commit: str | None = None


@dataclass
class OrgWalk(Walk):
    hits: list = field(default_factory=list)
    repos: int = 0


def _info(conn: psycopg.Connection, nodes: list[tuple[str, int]]) -> dict[tuple[str, int], tuple]:
    if not nodes:
        return {}
    return {(r[0], r[1]): r[2:] for r in conn.execute(
        "SELECT s.repo, s.id, s.qualname, s.kind, s.file, s.start_line, s.end_line, s.signature, r.commit"
        " FROM unnest(%s::text[], %s::integer[]) AS f(repo, id) JOIN symbols s ON s.repo = f.repo AND s.id = f.id"
        " JOIN repos r ON r.repo = s.repo", ([n[0] for n in nodes], [n[1] for n in nodes]))}


def _possible(conn: psycopg.Connection, out: OrgWalk, targets: list[OrgTarget]) -> None:
    """Possible callers of the targets inside their repositories (resolution `possible`: not followed)."""
    rows = conn.execute(
        "SELECT s.qualname, s.file, e.line, t.name, e.repo FROM unnest(%s::text[], %s::integer[]) AS f(repo, id)"
        " JOIN edges e ON e.repo = f.repo AND e.target_id = f.id AND e.resolution = 'possible'"
        " JOIN symbols s ON s.repo = e.repo AND s.id = e.caller_id JOIN symbols t ON t.repo = f.repo AND t.id = f.id"
        " ORDER BY e.repo, s.file, e.line", ([t.repo for t in targets], [t.id for t in targets])).fetchall()
    out.possible_total = len(rows)
    out.possible = [CallSite(q, f, line, name, "possible", 0) for q, f, line, name, _ in rows[:200]]


def _hop(conn: psycopg.Connection, frontier: list[tuple[str, int]], kinds: tuple[str, ...],
         deadline: float) -> list[tuple]:
    """One hop's edges, the statement cancelled by the server past the walk's deadline."""
    left_ms = max(int((deadline - time.monotonic()) * 1000), 1)
    conn.execute("SELECT set_config('statement_timeout', %s, false)", (str(left_ms),))
    try:
        return conn.execute(HOP_UP, {"repos": [n[0] for n in frontier], "ids": [n[1] for n in frontier],
                                     "kinds": list(kinds), "cap": HOP_CAP}).fetchall()
    finally:
        if not conn.info.transaction_status == psycopg.pq.TransactionStatus.INERROR:
            conn.execute("SELECT set_config('statement_timeout', '0', false)")


def walk(conn: psycopg.Connection, targets: list[OrgTarget], depth: int = config.DEFAULT_DEPTH,
         limit: int = config.DEFAULT_LIMIT, kinds: tuple[str, ...] = CALL_KINDS,
         time_limit: float = TIME_LIMIT_S) -> OrgWalk:
    """Every symbol of any published repository within `depth` hops up of the targets, nearest first."""
    bounded_int("depth", depth)
    bounded_int("limit", limit)
    out = OrgWalk(targets=targets, direction="up", depth=depth, kinds=kinds, complete_depth=depth)
    start = [(t.repo, t.id) for t in targets]
    seen: dict[tuple[str, int], int] = {n: 0 for n in start}
    # as the local walk (query/edges.py): a node reached through an import edge alone passes nothing on
    # through another import edge; the walk's states are (node, reached by an import alone)
    states: dict[tuple[tuple[str, int], bool], int] = {(n, False): 0 for n in start}
    # for each node reached: (nearer node, lines, resolution, kinds)
    via: dict[tuple[str, int], list] = {}
    frontier, deadline = [(n, False) for n in start], time.monotonic() + time_limit
    for d in range(1, depth + 1):
        if not frontier:
            break
        if time.monotonic() > deadline:
            out.truncated, out.complete_depth = "time", d - 1
            break
        nodes = sorted({n for n, _ in frontier})
        passes_imports = {n for n, imported in frontier if not imported}
        try:
            rows = _hop(conn, nodes, kinds, deadline)
        except psycopg.errors.QueryCanceled:
            conn.rollback()
            out.truncated, out.complete_depth = "time", d - 1
            break
        if len(rows) >= HOP_CAP:
            out.truncated = "limit"
        rows.sort(key=lambda r: (r[0], r[1], r[2], r[3], r[4]))
        new: list[tuple[tuple[str, int], bool]] = []
        for repo, caller, near_repo, near, _line, how, kind in rows:
            node, nearer = (repo, caller), (near_repo, near)
            if how == LINK or kind == "import" and nearer not in passes_imports:
                continue                                   # an import chain
            state = (node, kind == "import")
            if state not in states:
                states[state] = d
                new.append(state)
                seen.setdefault(node, d)
        for repo, caller, near_repo, near, line, how, kind in rows:    # lines and kinds: every edge one hop nearer
            node, nearer = (repo, caller), (near_repo, near)
            if seen.get(node) != d or seen.get(nearer) != d - 1:
                continue
            cur = via.get(node)
            if cur is None:
                via[node] = [nearer, {line}, how, {kind}]
                continue
            cur[3].add(kind)
            if nearer == cur[0]:
                cur[1].add(line)
        for repo, caller, near_repo, near, line, how, kind in rows:    # reached from further back only (an import
            node = (repo, caller)                                         # chain's end, called again later)
            if seen.get(node) == d and node not in via:
                via[node] = [(near_repo, near), {line}, how, {kind}]
        frontier = new
    found = sorted(((d, n) for n, d in seen.items() if d > 0), key=lambda x: (x[0], x[1]))
    out.total = len(found)
    if len(found) > limit:
        out.truncated = out.truncated or "limit"
        found = found[:limit]
    info = _info(conn, [n for _, n in found] + [n for n in start])
    for d, node in found:
        nearer, lines, how, kinds_in = via[node]
        path, cur = [info[node][0]], nearer
        while cur is not None and len(path) <= d and cur in info:
            path.append(info[cur][0])
            cur = via[cur][0] if seen.get(cur, 0) > 0 and cur in via else None
        qual, kind, file, s, e, sig, commit = info[node]
        out.hits.append(OrgHit(d, qual, kind, file, s, e, sig, sorted(lines), path, how, sorted(kinds_in),
                               repo=node[0], commit=commit))
    out.repos = len({h.repo for h in out.hits} | {t.repo for t in targets})
    _possible(conn, out, targets)
    return out


