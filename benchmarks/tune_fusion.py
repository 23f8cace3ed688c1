#!/usr/bin/env python3
"""Choose the hybrid search's fusion weights on the TUNING query sets (benchmarks/search_tuning/), never
on the evaluation sets: MRR@10 for each combination of weights, over embedded copies of the corpora.

Usage: python benchmarks/tune_fusion.py ROOT:QUERIES.json [ROOT:QUERIES.json ...]
Each ROOT is an indexed and embedded copy of the corpus its query file names (`graphmind embed`). Also
scores the lexical labelled sets given the same way (hybrid must not fall below lexical there).
"""
from __future__ import annotations

import itertools
import json
import statistics
import sys
from pathlib import Path

K = 10


def main(argv: list[str]) -> None:
    from graphmind.query.search import search
    from graphmind.semantic import fusion
    from graphmind.store import open_reader
    cases = []
    for arg in argv:
        root, _, queries = arg.partition(":")
        conn = open_reader(Path(root))
        for q in json.loads(Path(queries).read_text())["queries"]:
            lex = search(conn, q["query"], limit=fusion.POOL, graph=True)
            sem = fusion.semantic_ranking(conn, Path(root), q["query"], k=fusion.POOL)
            cases.append((Path(queries).name, q, lex, sem))
    grid = {"W_SEMANTIC": [0.5, 1.0, 1.5, 2.0, 3.0], "RRF_K": [5, 10, 20, 60]}
    rows = []
    for values in itertools.product(*grid.values()):
        for name, value in zip(grid, values):
            setattr(fusion, name, value)
        per_file: dict[str, list[float]] = {}
        for fname, q, lex, sem in cases:
            top = fusion.fuse(list(lex), list(sem), K)
            rank = next((i for i, r in enumerate(top) if r.qualname in q["relevant"]), None)
            per_file.setdefault(fname, []).append(0.0 if rank is None else 1.0 / (rank + 1))
        rows.append((dict(zip(grid, values)), {f: round(statistics.mean(v), 3) for f, v in per_file.items()}))
    for params, scores in sorted(rows, key=lambda r: -statistics.mean(r[1].values()))[:15]:
        print(json.dumps({**params, **scores}))


if __name__ == "__main__":
    main(sys.argv[1:])
