"""Which definitions matter most: PageRank over the reference graph, shared out to definitions.

The unfocused ranking (no focus file, no mention) and the graph are kept in the index (tables
map_ranks and map_graph) and recomputed only when meta.graph_version, which the store bumps on every
write that changes rows, has moved past meta.map_version. A focused ranking re-runs PageRank on the
stored graph (milliseconds): focus files personalize it and weigh their references ×50, mentioned
identifiers weigh ×10, mentioned files and files whose path names a mentioned identifier personalize.
"""
from __future__ import annotations

import bisect
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import apsw
import numpy as np

from graphmind.query.pagerank import pagerank
from graphmind.query.refgraph import RefGraph, read_graph

log = logging.getLogger(__name__)

FOCUS_MUL = 50.0
MENTION_MUL = 10.0
PERSIST_BUSY_MS = 250          # persisting ranks is optional: never wait long for the write lock


class Entry(NamedTuple):
    """One item of the ranked list: a definition, or a file shown by name (its module symbol)."""
    symbol_id: int
    score: float


@dataclass
class Ranking:
    """The whole ranked list as arrays: definitions by score, then files by rank."""
    ids: np.ndarray
    scores: np.ndarray

    def top(self, limit: int) -> list[Entry]:
        """The first `limit` entries."""
        return [Entry(*e) for e in zip(self.ids[:limit].tolist(), self.scores[:limit].tolist())]


def _meta(conn: apsw.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def _stored_version(conn: apsw.Connection) -> str | None:
    """The graph version the stored map tables were computed from, if they are current."""
    try:
        graph, made = _meta(conn, "graph_version"), _meta(conn, "map_version")
    except apsw.SQLError:
        return None
    return made if made is not None and made == (graph or "0") else None


def rank(graph: RefGraph, paths: list[str], focus: set[int] = frozenset(),
         mentions: set[str] = frozenset()) -> Ranking:
    """Definitions by score (then path and line), then the other files by rank, focus files left out.

    `paths` are the graph's node paths; `focus` holds node indexes.
    """
    n = len(graph.nodes)
    w = graph.edge_w.copy()
    dynamic = graph.edge_name >= 0
    names = graph.name_list()
    wanted = [i for m in sorted(mentions) if (i := bisect.bisect_left(names, m)) < len(names) and names[i] == m]
    if wanted:
        w[dynamic & np.isin(graph.edge_name, wanted)] *= MENTION_MUL
    if focus:
        w[dynamic & np.isin(graph.edge_src, sorted(focus))] *= FOCUS_MUL
    src = graph.edge_src.astype(np.int64)
    dst = graph.key_node[graph.edge_key].astype(np.int64)
    used = np.zeros(n, dtype=bool)
    used[src] = True
    used[dst] = True
    compact = np.cumsum(used) - 1
    pers = _personalization(paths, focus, mentions)[used] if (focus or mentions) else None
    ranks = np.zeros(n)
    ranks[used] = pagerank(int(used.sum()), compact[src], compact[dst], w, pers)
    out = np.bincount(src, weights=w, minlength=n)
    credit = ranks[src] * w / np.where(out[src] > 0, out[src], 1.0)
    key_credit = np.bincount(graph.edge_key, weights=credit, minlength=len(graph.key_node))
    sizes = np.diff(graph.key_ptr)
    scores = np.bincount(graph.key_syms, weights=np.repeat(key_credit, sizes), minlength=len(graph.syms))
    sym_node = np.repeat(graph.key_node, sizes)
    node_of_sym = np.full(len(graph.syms), -1, dtype=np.int64)
    node_of_sym[graph.key_syms] = sym_node
    keep = (scores > 0) & ~np.isin(node_of_sym, sorted(focus))
    pos = np.nonzero(keep)[0]
    pos = pos[np.lexsort((pos, -scores[pos]))]
    listed = np.zeros(n, dtype=bool)
    listed[node_of_sym[pos]] = True
    listed[sorted(focus)] = True
    by_rank = np.lexsort((np.arange(n), -ranks))
    ranked_files = by_rank[used[by_rank] & ~listed[by_rank]]
    other_files = np.nonzero(~used & ~listed)[0]
    return Ranking(np.concatenate([graph.syms[pos], graph.node_module[ranked_files], graph.node_module[other_files]]),
                   np.concatenate([scores[pos], ranks[ranked_files], np.zeros(len(other_files))]))


def _personalization(paths: list[str], focus: set[int], mentions: set[str]) -> np.ndarray:
    """Aider's: focus files +1; mentioned files at least 1; +1 when a path part is a mentioned name."""
    p = np.zeros(len(paths))
    for i, path in enumerate(paths):
        cur = 1.0 if i in focus else 0.0
        if path in mentions:
            cur = max(cur, 1.0)
        parts = path.split("/")
        if mentions.intersection(parts) or os.path.splitext(parts[-1])[0] in mentions:
            cur += 1.0
        p[i] = cur
    return p


def node_paths(conn: apsw.Connection, graph: RefGraph) -> list[str]:
    """The path of each graph node."""
    path = dict(conn.execute("SELECT id, path FROM files"))
    return [path[int(f)] for f in graph.nodes]


def load_graph(conn: apsw.Connection) -> tuple[RefGraph, str | None]:
    """The stored graph when current, else one read now; and the version it is current for (None: unknown)."""
    with conn:                                   # one read transaction: a consistent snapshot
        version = _stored_version(conn)
        if version is not None:
            row = conn.execute("SELECT data FROM map_graph WHERE id = 1").fetchone()
            if row is not None:
                return RefGraph.unpack(row[0]), None
        return read_graph(conn), _graph_version(conn)


def _graph_version(conn: apsw.Connection) -> str:
    try:
        return _meta(conn, "graph_version") or "0"
    except apsw.SQLError:
        return "0"


def stored_ranking(conn: apsw.Connection, limit: int) -> list[Entry] | None:
    """The first `limit` entries of the stored unfocused ranking, or None when it is not current."""
    with conn:
        if _stored_version(conn) is None:
            return None
        return [Entry(s, sc) for s, sc in conn.execute(
            "SELECT symbol_id, score FROM map_ranks ORDER BY position LIMIT ?", (limit,))]


def persist(root: Path, version: str, graph: RefGraph, ranking: Ranking) -> bool:
    """Keep the graph (and the unfocused ranking) in the index, unless the graph moved meanwhile."""
    from graphmind.store import Store
    try:
        store = Store(root, busy_ms=PERSIST_BUSY_MS)
    except (apsw.Error, OSError) as exc:            # read-only workspace, or the writer holds the lock
        log.debug("repo map not persisted: %s", exc)
        return False
    try:
        return store.write_map(version, graph.pack(), list(zip(ranking.ids.tolist(), ranking.scores.tolist())))
    except apsw.Error as exc:
        log.debug("repo map not persisted: %s", exc)
        return False
    finally:
        store.close()


def refresh_ranks(root: Path, conn: apsw.Connection) -> bool:
    """Recompute and store the graph and unfocused ranking when the index changed; whether it did."""
    if _stored_version(conn) is not None:
        return False
    graph, version = load_graph(conn)
    return persist(root, version or _graph_version(conn), graph, rank(graph, node_paths(conn, graph)))
