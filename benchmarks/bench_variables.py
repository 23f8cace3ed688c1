#!/usr/bin/env python3
"""Variables as definitions and `read` edges (#13): what they cost, old code against new, side by side.

    python benchmarks/bench_variables.py --old DIR [--corpus django] [--runs 3] [--append]

`--old` is a source tree of the code to compare with (`git archive <commit> | tar -x -C DIR`), `--new`
the one under test (default: this tree); each graphmind is imported through PYTHONPATH, so one
interpreter runs both. Cold indexes of a fresh copy
of the corpus alternate old, new, old, new, …; each gives its wall seconds (`graphmind index` in a
subprocess; and user+sys CPU of it and its workers, less sensitive to a loaded machine), symbols by kind, calls rows, `read` edges and the size of index.db (after a WAL
checkpoint). Then, on the last index of each, blast radius at depth 3 over every edge kind, in one
process per version: the targets of bench_index.py (the 20 most-called symbols, 80 random
functions/methods, 20 random classes; seeded) and, on the new index, 20 random constants and
variables. Medians of the runs, the new/old ratio, and the load average are printed as JSON lines
(appended to results/variables.jsonl with --append).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchkit import corpus_path, log

SEED = 13
_PICK = ("SELECT s.id FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind IN ({kinds})"
         " ORDER BY f.path, s.start_line, s.qualname")


def query_figures(root: str) -> dict:
    """Run inside the version under test: index figures and blast-radius timings (ms) at depth 3."""
    import apsw

    from graphmind.edgekinds import ALL_KINDS
    from graphmind.query import graph
    from graphmind.query.lookup import SymbolRef
    from graphmind.store import open_reader

    db = Path(root) / ".graphmind" / "index.db"
    raw = apsw.Connection(str(db))
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    kinds = dict(raw.execute("SELECT kind, count(*) FROM symbols GROUP BY kind").fetchall())
    calls = raw.execute("SELECT count(*) FROM calls").fetchone()[0]
    reads = raw.execute("SELECT count(*) FROM calls WHERE kind = 'read' AND target_id IS NOT NULL").fetchone()[0]
    hidden = raw.execute("SELECT count(*) FROM calls WHERE kind = 'read' AND target_id IS NULL").fetchone()[0]
    raw.close()
    conn = open_reader(Path(root))
    incoming = [i for (i,) in conn.execute(
        "SELECT target_id FROM calls WHERE target_id IS NOT NULL AND resolution NOT IN ('possible', 'pending')"
        " GROUP BY target_id ORDER BY count(*) DESC, target_id LIMIT 20")]
    funcs = [i for (i,) in conn.execute(_PICK.format(kinds="'function', 'method'")) if i not in set(incoming)]
    classes = [i for (i,) in conn.execute(_PICK.format(kinds="'class'"))]
    variables = [i for (i,) in conn.execute(_PICK.format(kinds="'constant', 'variable'"))]
    groups = {"hub": incoming, "random": random.Random(SEED).sample(funcs, min(80, len(funcs))),
              "class": random.Random(SEED).sample(classes, min(20, len(classes))),
              "variable": random.Random(SEED).sample(variables, min(20, len(variables)))}
    sql = ("SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, f.language"
           " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?")
    graph.walk(conn, [SymbolRef(*conn.execute(sql, (incoming[0],)).fetchone())], "up", 1, kinds=ALL_KINDS)
    times: dict[str, list[float]] = {}
    for group, ids in groups.items():
        for i in ids:
            ref = SymbolRef(*conn.execute(sql, (i,)).fetchone())
            t0 = time.perf_counter()
            graph.walk(conn, [ref], "up", 3, limit=200, kinds=ALL_KINDS)
            times.setdefault(group, []).append((time.perf_counter() - t0) * 1000)
    conn.close()
    return {"symbols": sum(kinds.values()), "symbol_kinds": kinds, "calls_rows": calls, "read_edges": reads,
            "read_hidden_rows": hidden, "db_bytes": db.stat().st_size, "walk_ms": times}


def _p(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, max(0, round(q / 100 * len(xs)) - 1))], 2) if xs else 0.0


def _env(tree: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    return env


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", type=Path, required=True, help="source tree of the code to compare with")
    ap.add_argument("--new", type=Path, default=HERE.parent,
                    help="source tree of the code under test (default: this one; pass a copy to keep editing)")
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--append", action="store_true")
    ap.add_argument("--query", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.query:
        print(json.dumps(query_figures(args.query)))
        return
    src = corpus_path(args.corpus)
    tmp = Path(tempfile.mkdtemp(prefix="gm-variables-"))
    versions = {"old": args.old.resolve(), "new": args.new.resolve()}
    walls: dict[str, list[float]] = {"old": [], "new": []}
    cpus: dict[str, list[float]] = {"old": [], "new": []}      # user+sys of the index process and its workers
    load = [os.getloadavg()[0]]
    try:
        for run in range(args.runs):
            for name, tree in versions.items():
                root = tmp / f"{name}-{run}"
                shutil.copytree(src, root, ignore=shutil.ignore_patterns(".graphmind"))
                t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run([sys.executable, "-m", "graphmind", "index", "--json", "."], cwd=root,
                               env=_env(tree), check=True, capture_output=True)
                walls[name].append(time.perf_counter() - t0)
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpus[name].append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
                log(f"{args.corpus} {name} run {run + 1}: {walls[name][-1]:.1f}s wall, {cpus[name][-1]:.1f}s cpu")
                if run < args.runs - 1:
                    shutil.rmtree(root)
        figures = {}
        for name, tree in versions.items():
            out = subprocess.run([sys.executable, __file__, "--old", str(args.old), "--query",
                                  str(tmp / f"{name}-{args.runs - 1}")], env=_env(tree), check=True,
                                 capture_output=True, text=True).stdout
            figures[name] = json.loads(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load.append(os.getloadavg()[0])
    lines = []
    for name in versions:
        f = figures[name]
        every = [ms for group in ("hub", "random", "class") for ms in f["walk_ms"].get(group, [])]
        lines.append({"metric": "variables_index", "version": name, "corpus": args.corpus,
                      "cold_seconds_median": round(statistics.median(walls[name]), 2),
                      "cold_seconds_runs": [round(w, 2) for w in walls[name]],
                      "cold_cpu_seconds_median": round(statistics.median(cpus[name]), 2),
                      "cold_cpu_seconds_runs": [round(c, 2) for c in cpus[name]],
                      **{k: f[k] for k in ("symbols", "symbol_kinds", "calls_rows", "read_edges",
                                           "read_hidden_rows", "db_bytes")},
                      "blast_radius_depth3_p50_ms": _p(every, 50), "blast_radius_depth3_p99_ms": _p(every, 99),
                      "variables_depth3_p50_ms": _p(f["walk_ms"].get("variable", []), 50)})
    old, new = lines
    lines.append({"metric": "variables_ratio", "corpus": args.corpus, "runs": args.runs,
                  "cold_seconds": round(new["cold_seconds_median"] / old["cold_seconds_median"], 3),
                  "cold_cpu_seconds": round(new["cold_cpu_seconds_median"] / old["cold_cpu_seconds_median"], 3),
                  "symbols": round(new["symbols"] / old["symbols"], 3),
                  "db_bytes": round(new["db_bytes"] / old["db_bytes"], 3),
                  "calls_rows": round(new["calls_rows"] / old["calls_rows"], 3),
                  "blast_radius_depth3_p50": round(new["blast_radius_depth3_p50_ms"]
                                                   / max(old["blast_radius_depth3_p50_ms"], 0.01), 3),
                  "loadavg_start": round(load[0], 2), "loadavg_end": round(load[1], 2)})
    for line in lines:
        print(json.dumps(line))
    if args.append:
        with open(HERE / "results" / "variables.jsonl", "a", encoding="utf-8") as fh:
            for line in lines:
                fh.write(json.dumps({"ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **line}) + "\n")


if __name__ == "__main__":
    main()
