#!/usr/bin/env python3
"""What a search pays for the vectors after another connection to the vector file came and went
having written nothing (the daemon's embedding pass after every update does that): whether the next
load_index reads every vector again, and its CPU. Run it once per tree, alternated:

    PYTHONPATH=OLD_TREE python benchmarks/bench_vector_reload.py ROOT; python benchmarks/bench_vector_reload.py ROOT

ROOT is an embedded copy of a corpus (`graphmind embed`), never the read-only cache."""
from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

import graphmind
from graphmind.semantic.vectorindex import load_index
from graphmind.store.vectors import VectorFile


def main(root: Path, runs: int = 5) -> None:
    cpu, reloaded = [], []
    for _ in range(runs):
        other = VectorFile(root, None)      # an embedding pass (or another process) has the file open
        first = load_index(root)
        other.close()                       # it ends, having written nothing
        c0 = time.process_time()
        again = load_index(root)
        cpu.append(time.process_time() - c0)
        reloaded.append(again is not first)
    print(json.dumps({"bench": "vector_reload", "code": str(Path(graphmind.__file__).parents[1]), "vectors": len(again.ids),
                      "reloaded": sum(reloaded), "runs": runs, "cpu_ms_median": round(statistics.median(cpu) * 1000, 2),
                      "load_avg": round(os.getloadavg()[0], 2)}))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
