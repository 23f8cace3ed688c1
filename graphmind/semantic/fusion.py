"""Search by meaning, and its fusion with the lexical search: `lexical` (query/search.py alone),
`semantic` (cosine over the definitions' vectors), `hybrid` (reciprocal rank fusion of both; exact
name matches stay first, so asking for a name answers as before). The weights were tuned on
benchmarks/search_tuning/*.json, apart from the evaluation set (tests/search_eval/paraphrase_*.json)."""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import apsw
import orjson

from graphmind.errors import BadArgumentError, SemanticUnavailableError
from graphmind.query import search as lexical
from graphmind.query import searchquery as sq
from graphmind.query.recency import recent_files
from graphmind.query.status import mark_stale

MODES = ("lexical", "semantic", "hybrid")
POOL = 50                   # candidates taken from each ranking
RRF_K = 5                   # a small k: the first few places of each ranking count most
W_LEXICAL, W_SEMANTIC = 1.0, 1.5
CALLERS_WEIGHT = 0.01       # the semantic score: cosine + this x ln(1 + distinct callers)
RERANKED = 4                # x the candidates wanted: the nearest by cosine, then re-ranked with callers
PINNED = ("exact",)         # lexical matches kept ahead of the fusion
QUERY_VECTORS = 256         # query vectors kept by text in a long-lived process (an agent asks again)
_VECTORS: OrderedDict = OrderedDict()
_VECTORS_LOCK = threading.Lock()


def vectors_ready(root: Path) -> bool:
    """Whether hybrid search can run: the extra is installed and the workspace has vectors."""
    from graphmind.semantic.model import available
    from graphmind.store.vectors import vectors_path
    return vectors_path(root).is_file() and available()


def choose_mode(root: Path, mode: str | None) -> str:
    """The mode to run: the one asked for, else hybrid when vectors are there, else lexical."""
    if mode is None:
        return "hybrid" if vectors_ready(root) else "lexical"
    if mode not in MODES:
        raise BadArgumentError(f"unknown search mode '{mode}': one of {', '.join(MODES)}")
    if mode != "lexical" and not vectors_ready(root):
        from graphmind.semantic.model import available
        if not available():
            raise SemanticUnavailableError()
        raise BadArgumentError("this workspace has no vectors yet: run `graphmind embed` first")
    return mode


def _allowed(conn: apsw.Connection, flt: sq.Filter) -> set[int] | None:
    if not flt.sql:
        return None
    return {r[0] for r in conn.execute(f"SELECT s.id FROM symbols s{flt.join} WHERE 1{flt.sql}", flt.args)}


def query_vector(query: str):
    """The query's unit vector (read-only), encoded once per text while among the last QUERY_VECTORS;
    identifiers in it are split into words first, as definitions' names are (texts.query_text)."""
    with _VECTORS_LOCK:
        vec = _VECTORS.get(query)
        if vec is not None:
            _VECTORS.move_to_end(query)
            return vec
    from graphmind.semantic.model import shared_model
    from graphmind.semantic.texts import query_text
    vec = shared_model().encode([query_text(query)], threads=1)[0]
    vec.setflags(write=False)
    with _VECTORS_LOCK:
        _VECTORS[query] = vec
        while len(_VECTORS) > QUERY_VECTORS:
            _VECTORS.popitem(last=False)
    return vec


def semantic_ranking(conn: apsw.Connection, root: Path, query: str, *, kind: str | None = None,
                     file: str | None = None, k: int = POOL, vector=None) -> list[lexical.Result]:
    """The definitions nearest the query in meaning, best first: cosine, and a little for being called
    from many places (tuned on benchmarks/search_tuning/); rows renumbered since they were embedded are
    left out until the next embedding pass. `vector`: the query's, when already made."""
    from graphmind.semantic.vectorindex import load_index
    index = load_index(root)
    if index is None:
        return []
    vec = query_vector(query) if vector is None else vector
    allowed = _allowed(conn, sq.Filter(kind, file))
    near = index.nearest(vec, k * RERANKED, allowed)
    expected = index.qualname_of()
    ids = orjson.dumps([i for i, _ in near]).decode()
    rows = {r[0]: r for r in conn.execute(
        "SELECT s.id, s.kind, s.qualname, s.name, f.path, s.start_line, s.end_line, s.signature FROM symbols s"
        " JOIN files f ON f.id = s.file_id WHERE s.id IN (SELECT value FROM json_each(?))", (ids,))}
    callers = dict(conn.execute("SELECT target_id, COUNT(DISTINCT caller_id) FROM calls"
                                " WHERE target_id IN (SELECT value FROM json_each(?)) GROUP BY target_id", (ids,)))
    scored = sorted(((score + CALLERS_WEIGHT * math.log1p(callers.get(i, 0)), i) for i, score in near
                     if i in rows and rows[i][2] == expected.get(i)), key=lambda x: (-x[0], x[1]))
    return [lexical.Result(*rows[i], match="semantic", score=round(score, 5)) for score, i in scored[:k]]


def fuse(lex: list[lexical.Result], sem: list[lexical.Result], limit: int) -> list[lexical.Result]:
    """Reciprocal rank fusion of the two rankings, pinned lexical matches first."""
    pinned = [r for r in lex if r.match in PINNED]
    score: dict[int, float] = {}
    by_id: dict[int, lexical.Result] = {}
    for weight, ranking in ((W_LEXICAL, [r for r in lex if r.match not in PINNED]), (W_SEMANTIC, sem)):
        for rank, r in enumerate(ranking[:POOL]):
            score[r.id] = score.get(r.id, 0.0) + weight / (RRF_K + rank + 1)
            by_id.setdefault(r.id, r)
    seen = {r.id for r in pinned}
    fused = [by_id[i] for i, _ in sorted(score.items(), key=lambda x: (-x[1], x[0])) if i not in seen]
    for r in fused:
        r.score = round(score[r.id], 5)
    return (pinned + fused)[:limit]


def search_modes(conn: apsw.Connection, root: Path, query: str, *, mode: str | None = None, kind: str | None = None,
                 file: str | None = None, limit: int = 20, stale_known: set[str] = frozenset(),
                 graph: bool = True) -> tuple[str, list[lexical.Result]]:
    """(the mode run, its results): search_workspace's answer in lexical mode, else with meaning."""
    mode = choose_mode(root, mode)
    if mode == "lexical":
        return mode, lexical.search_workspace(conn, root, query, kind=kind, file=file, limit=limit,
                                              stale_known=stale_known)
    with ThreadPoolExecutor(1) as pool:         # the encoder releases the GIL: it runs beside the lexical search
        vector = pool.submit(query_vector, query)
        lex = [] if mode == "semantic" else lexical.search(conn, query, kind=kind, file=file, limit=max(limit, POOL),
                                                           recent=recent_files(conn, root))   # marked stale once fused
        sem = semantic_ranking(conn, root, query, kind=kind, file=file, k=max(limit, POOL), vector=vector.result())
    return mode, mark_stale(conn, root, sem[:limit] if mode == "semantic" else fuse(lex, sem, limit), stale_known)
