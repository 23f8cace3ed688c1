"""The organisation graph on real packages that depend on one another (scripts/fetch_org_corpus.py):
each package indexed as its own workspace and published into one PostgreSQL database, then the org
blast radius at depths 1-3 timed and compared with one merged workspace holding every package (the
oracle: the same code resolved inside one index). Also the publish of Django (scripts/fetch_corpora.py
django) as the Django-size figure.

Usage: python benchmarks/bench_org.py [--resample [--targets 200] [--seed 7]] [--db URL] [--no-django] [--save] [--diffs FILE]
The targets are the fixed sample in org_targets.txt unless --resample.
Without --db a PostgreSQL server is started for the run (tests/pgserver.py) and stopped after.
One JSON line per figure; --save appends them to benchmarks/results/org.jsonl.
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchkit import REPO, corpus_path, log, report

sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "tests"))
import fetch_org_corpus  # noqa: E402
from pgserver import Server  # noqa: E402

from graphmind.edgekinds import ALL_KINDS  # noqa: E402
from graphmind.index.indexer import index_workspace  # noqa: E402
from graphmind.org import answers, database, publish, walk  # noqa: E402
from graphmind.query import graph  # noqa: E402
from graphmind.store import open_reader  # noqa: E402

LIMIT = 100_000
TARGETS = Path(__file__).with_name("org_targets.txt")      # the fixed sample (below); --resample draws anew


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def index_all(roots: list[Path]) -> float:
    start = time.perf_counter()
    for root in roots:
        index_workspace(root)
    return time.perf_counter() - start


def sample_targets(merged: Path, libraries: set[str], n: int, seed: int) -> list[str]:
    """Definitions of packages other packages import (functions, methods, classes), at random. Every
    definition is shuffled in a fixed order (by name) and those with a caller are kept: a change of
    resolution that gives one definition a caller, or takes it away, changes one target, not the sample."""
    conn = open_reader(merged)
    try:
        rows = [q for q, in conn.execute("SELECT DISTINCT s.qualname FROM symbols s WHERE s.kind IN ('function', 'method', 'class')"
                                          " ORDER BY s.qualname") if q.split(".")[0] in libraries]
        random.Random(seed).shuffle(rows)
        called = {q for q, in conn.execute("SELECT DISTINCT s.qualname FROM symbols s WHERE s.kind IN ('function', 'method', 'class')"
                                           " AND EXISTS (SELECT 1 FROM calls c WHERE c.target_id = s.id)")}
    finally:
        conn.close()
    return [q for q in rows if q in called][:n]


def fixed_targets(merged: Path) -> list[str]:
    """The benchmark's targets as first drawn (TARGETS: sessions 20-23 tuned on them), those still defined.
    Drawn again on each run, a change that gave a few definitions a caller drew another sample entirely
    (the draw shuffled the definitions with a caller in the index's order): 196 targets with 2 of their 28
    unequal ones in common with the 14 before, read as a fall in equality."""
    conn = open_reader(merged)
    try:
        return [q for q in TARGETS.read_text().split() if conn.execute(
            "SELECT 1 FROM symbols WHERE qualname = ? LIMIT 1", (q,)).fetchone()]
    finally:
        conn.close()


def answer(hits) -> set[tuple]:
    return {(h.symbol, h.depth, tuple(h.kinds)) for h in hits}


def merged_gave_up(local, symbol: str, nearer: str) -> bool:
    """The merged workspace links nothing at the call in `symbol` naming `nearer`'s method: the site is
    `possible` there (more same-named candidates than the resolver lists) where the repository's own index
    infers its callees from the values that flow in (httpcore's `self.stream.close()` in `Response.close`:
    the three stream classes httpcore passes as `content=`, which the merged workspace of 65 packages
    no longer narrows down). The per-package answer is the more precise one: named, not counted wrong."""
    name = nearer.rsplit(".", 1)[-1]
    return local.execute(
        "SELECT 1 FROM calls c JOIN symbols s ON s.id = c.caller_id WHERE s.qualname = ? AND c.kind = 'call'"
        " AND c.resolution = 'possible' AND c.target_id IS NULL AND (c.callee = ? OR c.callee LIKE ?) LIMIT 1",
        (symbol, name, "%." + name)).fetchone() is not None


def per_package_more_precise(local, hit) -> bool:
    """An org row the merged workspace lacks because an edge on its path is one `merged_gave_up` names."""
    return any(merged_gave_up(local, a, b) for a, b in zip(hit.path, hit.path[1:]))


def _differences(qual: str, depth: int, side: str, rows: set[tuple], hits) -> list[dict]:
    """The rows one side has and the other lacks, each with its hit's path and resolution."""
    by = {(h.symbol, h.depth, tuple(h.kinds)): h for h in hits}
    return [{"target": qual, "depth": depth, "side": side, "symbol": r[0], "at": r[1], "kinds": list(r[2]),
             "path": by[r].path, "resolution": by[r].resolution, "repo": getattr(by[r], "repo", None)}
            for r in sorted(rows)]


def compare(merged: Path, url: str, targets: list[str], every_diff: list | None = None) -> tuple[list[dict], dict]:
    """Per depth: org walk times and equality with the merged workspace's walk (every differing row
    appended to `every_diff` when given)."""
    figures, stats = [], {}
    local = open_reader(merged)
    conn = database.connect(url)
    try:
        for depth in (1, 2, 3):
            times, equal, asked, org_rows, oracle_rows, common, diffs = [], 0, 0, 0, 0, 0, []
            named, named_rows = 0, 0      # targets differing only by rows the per-package index has more precisely
            for qual in targets:
                try:
                    refs = graph.resolve_targets(local, qual)
                    mine = answers.targets(conn, qual)
                except Exception:          # noqa: BLE001 - an ambiguous name in one index: not comparable
                    continue
                local_hits = graph.walk(local, refs, "up", depth, LIMIT, 60.0, ALL_KINDS).hits
                oracle = answer(local_hits)
                start = time.perf_counter()
                w = walk.walk(conn, mine, depth, LIMIT, ALL_KINDS, 60.0)
                times.append((time.perf_counter() - start) * 1000)
                got = answer(w.hits)
                asked += 1
                equal += got == oracle
                by = {(h.symbol, h.depth, tuple(h.kinds)): h for h in w.hits}
                precise = {r for r in got - oracle if per_package_more_precise(local, by[r])}
                named_rows += len(precise)
                named += got != oracle and got - precise == oracle
                org_rows, oracle_rows, common = org_rows + len(got), oracle_rows + len(oracle), common + len(got & oracle)
                if every_diff is not None:
                    every_diff += _differences(qual, depth, "missing", oracle - got, local_hits)
                    every_diff += _differences(qual, depth, "extra", got - oracle, w.hits)
                if got != oracle and len(diffs) < 3:
                    diffs.append({"target": qual, "missing": sorted(oracle - got)[:3], "extra": sorted(got - oracle)[:3]})
            figures.append({"figure": "org_blast_radius_ms", "depth": depth, "targets": asked,
                            "p50": round(pct(times, 50), 2), "p99": round(pct(times, 99), 2),
                            "max": round(max(times), 2)})
            figures.append({"figure": "org_equals_merged", "depth": depth, "targets": asked, "equal": equal,
                            "equal_share": round(equal / asked, 4), "oracle_rows": oracle_rows, "org_rows": org_rows,
                            "common_rows": common, "recall": round(common / max(oracle_rows, 1), 4),
                            "precision": round(common / max(org_rows, 1), 4),
                            "per_package_more_precise": {"targets": named, "rows": named_rows,
                                                         "equal_or_named_share": round((equal + named) / asked, 4)},
                            "examples": diffs})
            stats[depth] = figures[-1]
    finally:
        conn.close()
        local.close()
    return figures, stats


def publish_django(url: str, tmp: Path) -> list[dict]:
    src = corpus_path("django")
    if not src.exists():
        log("django corpus missing: python scripts/fetch_corpora.py django")
        return []
    root = tmp / "django"
    shutil.copytree(src, root, ignore=shutil.ignore_patterns(".graphmind"))
    log("indexing django")
    index_workspace(root)
    first = publish.publish(root, url, "django")
    again = publish.publish(root, url, "django")
    return [{"figure": "publish_django_s", "seconds": round(first.seconds, 2), "symbols": first.symbols,
             "edges": first.edges, "uses": first.uses},
            {"figure": "republish_unchanged_django_s", "seconds": round(again.seconds, 2), "changed": again.changed,
             "read": getattr(again, "read", True)}]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", type=int, default=200, help="with --resample: how many")
    ap.add_argument("--resample", action="store_true", help="draw the targets anew instead of org_targets.txt")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--db")
    ap.add_argument("--no-django", action="store_true")
    ap.add_argument("--save", action="store_true")
    ap.add_argument("--diffs", help="write every row that differs from the merged workspace's to this JSONL file")
    args = ap.parse_args()
    base = fetch_org_corpus.cache()
    repos = sorted(p for p in (base / "repos").iterdir() if p.is_dir()) if (base / "repos").exists() else []
    if len(repos) < 2:
        sys.exit("no corpus: python scripts/fetch_org_corpus.py")
    server = None if args.db else Server().start()
    url = args.db or server.create_database("bench_org")
    lines: list[dict] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            log(f"indexing {len(repos)} packages and the merged workspace")
            lines.append({"figure": "index_packages_s", "packages": len(repos), "seconds": round(index_all(repos), 1)})
            lines.append({"figure": "index_merged_s", "seconds": round(index_all([base / "merged"]), 1)})
            times = []
            for root in repos:
                times.append(publish.publish(root, url, root.name).seconds)
            lines.append({"figure": "publish_packages_s", "packages": len(repos), "total": round(sum(times), 2),
                          "p50": round(statistics.median(times), 3), "max": round(max(times), 3)})
            again = [publish.publish(root, url, root.name) for root in repos]
            lines.append({"figure": "republish_unchanged_s", "total": round(sum(p.seconds for p in again), 2),
                          "written": sum(p.changed for p in again), "read": sum(getattr(p, "read", True) for p in again)})
            conn = database.connect(url)
            try:
                size = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
                counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in database.TABLES}
            finally:
                conn.close()
            lines.append({"figure": "database_bytes", "bytes": size, "repositories": len(repos), **counts})
            libraries = {p.name for r in repos for p in r.iterdir() if p.is_dir() or p.suffix == ".py"}
            libraries = {n.removesuffix(".py") for n in libraries}
            targets = sample_targets(base / "merged", libraries, args.targets, args.seed) if args.resample \
                else fixed_targets(base / "merged")
            log(f"comparing {len(targets)} targets at depths 1-3")
            every: list | None = [] if args.diffs else None
            figures, _ = compare(base / "merged", url, targets, every)
            lines += figures
            if args.diffs:
                Path(args.diffs).write_text("".join(json.dumps(d) + "\n" for d in every))
            if not args.no_django:        # a database of its own: Django is not in the merged workspace
                lines += publish_django(server.create_database("bench_django") if server else url, Path(tmp))
    finally:
        if server is not None:
            server.stop()
    import os
    report(lines, "org.jsonl" if args.save else None, load=os.getloadavg()[0], packages=len(repos))


if __name__ == "__main__":
    main()
