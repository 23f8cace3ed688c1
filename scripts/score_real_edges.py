#!/usr/bin/env python3
"""Re-score graphmind's resolved Python call edges on a real project against hand labels.

Usage:
    python scripts/score_real_edges.py                    # flask 3.1.2, labels in tests/callgraph/real/
    python scripts/score_real_edges.py --corpus DIR       # another copy of the same corpus
    python scripts/score_real_edges.py --db INDEX.db      # score an existing index instead of re-indexing
    python scripts/score_real_edges.py --name rxjs_7.8.2 --corpus ~/.cache/graphmind-corpora/rxjs-7.8.2 --subfolder src

The corpus (default: $GRAPHMIND_CORPORA or ~/.cache/graphmind-corpora/flask-3.1.2, see
scripts/fetch_corpora.py) is copied into a temporary directory and indexed with
graphmind.index.indexer.index_workspace. The labels (tests/callgraph/real/<name>_precision.json and
<name>_recall.json, written by hand; README.md there says how) are then looked up in the fresh index:

- precision: each labelled edge (file, line, callee, target) that the index still resolves is scored
  with its label (correct/wrong). Edges no longer resolved, and edges whose call site is gone, are
  listed, not scored. Resolved edges the labels do not cover are not scored either (only counted): the
  figure is for the labelled sample.
- recall: each labelled site (file, line, col or callee) is recalled when a resolved row from it
  reaches one of its `targets`. A site with no calls row at all counts as missed, and is listed
  (`no_row`); labels whose site was recorded at labelling time and is gone now are listed as
  `site_gone`. `pairs` also counts the `also_targets` (subclass overrides etc.).

A resolved edge is a calls row with target_id set and resolution not in ('possible', 'pending').
Output: JSON lines. One per labelled wrong edge ("wrong"), one per missed site ("missed"), then one
"precision" and one "recall" summary (count, n, value, Wilson 95% interval). Exit status 0, or 2 when
the corpus or the labels are missing.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import sqlite3
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

LABELS = REPO / "tests" / "callgraph" / "real"
UNRESOLVED = ("possible", "pending")


def wilson(k: int, n: int, z: float = 1.959964) -> list[float]:
    """Wilson score interval for k successes out of n."""
    if n == 0:
        return [0.0, 1.0]
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def default_corpus() -> Path:
    base = Path(os.environ.get("GRAPHMIND_CORPORA", Path.home() / ".cache" / "graphmind-corpora"))
    return base / "flask-3.1.2"


def index_copy(corpus: Path, workdir: Path, subfolder: str | None = None) -> Path:
    from graphmind.index.indexer import index_workspace

    root = workdir / corpus.name
    ignore = shutil.ignore_patterns(".graphmind", "__pycache__", ".git")
    if subfolder:                         # that folder and the config files next to it (npm packages: src/)
        shutil.copytree(corpus / subfolder, root / subfolder, ignore=ignore)
        for cfg in ("package.json", "tsconfig.json"):
            if (corpus / cfg).is_file():
                shutil.copyfile(corpus / cfg, root / cfg)
    else:
        shutil.copytree(corpus, root, ignore=ignore)
    index_workspace(root)
    return root / ".graphmind" / "index.db"


def load_rows(db_path: Path):
    """calls rows under src/ and tests/: by (file, line) -> [(col, callee, target qualname, resolution, target line)]."""
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    rows = db.execute(
        """select f.path, c.line, c.col, c.callee, t.qualname, c.resolution, t.start_line
           from calls c join files f on f.id = c.file_id left join symbols t on t.id = c.target_id"""
    ).fetchall()
    db.close()
    by_line: dict[tuple[str, int], list[tuple[int, str, str | None, str, int | None]]] = defaultdict(list)
    resolved_total = 0
    for path, line, col, callee, target, resolution, target_line in rows:
        by_line[(path, line)].append((col, callee, target, resolution, target_line))
        if target is not None and resolution not in UNRESOLVED and path.startswith(("src/", "tests/")):
            resolved_total += 1
    return by_line, resolved_total


def score_precision(labels: dict, by_line) -> tuple[dict, list[dict]]:
    scored = correct = 0
    wrong, no_longer, gone = [], [], []
    for e in labels["entries"]:
        rows = [r for r in by_line.get((e["file"], e["line"]), []) if r[1] == e["callee"]]
        key = {k: e[k] for k in ("file", "line", "callee", "target")}
        if not rows:
            gone.append(key)
            continue
        # `target_line`: which of several overloads sharing the qualified name the label is about
        hit = [r for r in rows if r[2] == e["target"] and r[3] not in UNRESOLVED
               and e.get("target_line", r[4]) == r[4]]
        if not hit:
            no_longer.append({**key, "now": sorted({f"{r[2]} [{r[3]}]" for r in rows})})
            continue
        scored += 1
        if e["label"] == "correct":
            correct += 1
        else:
            wrong.append({"kind": "wrong", **key, "resolution": hit[0][3], "reason": e.get("reason")})
    summary = {
        "kind": "precision", "corpus": labels.get("corpus"), "labelled": len(labels["entries"]),
        "n": scored, "correct": correct, "value": round(correct / scored, 4) if scored else None,
        "wilson95": wilson(correct, scored), "no_longer_resolved": no_longer, "site_gone": gone,
    }
    return summary, wrong


def score_recall(labels: dict, by_line) -> tuple[dict, list[dict]]:
    recalled = pairs = pairs_hit = 0
    missed, no_row, site_gone = [], [], []
    by_resolution: dict[str, int] = defaultdict(int)
    for e in labels["entries"]:
        rows = [r for r in by_line.get((e["file"], e["line"]), [])
                if r[0] == e["col"] or r[1] == e["callee"]]
        key = {k: e[k] for k in ("file", "line", "col", "callee")}
        resolved = {r[2]: r[3] for r in rows if r[2] is not None and r[3] not in UNRESOLVED}
        hit = [t for t in e["targets"] if t in resolved]
        every = list(e["targets"]) + list(e.get("also_targets", []))
        pairs += len(every)
        pairs_hit += sum(t in resolved for t in every)
        if not rows:
            no_row.append(key)
            if e.get("graphmind_at_labelling", {}).get("site_recorded", True):
                site_gone.append(key)
        if hit:
            recalled += 1
            by_resolution[resolved[hit[0]]] += 1
            continue
        missed.append({
            "kind": "missed", **key, "targets": e["targets"][:3] + (["..."] if len(e["targets"]) > 3 else []),
            "now": sorted({f"{r[2]} [{r[3]}]" for r in rows}), "reason": e.get("reason"),
        })
    n = len(labels["entries"])
    summary = {
        "kind": "recall", "corpus": labels.get("corpus"), "n": n, "recalled": recalled,
        "value": round(recalled / n, 4) if n else None, "wilson95": wilson(recalled, n),
        "by_resolution": dict(sorted(by_resolution.items())),
        "pairs": {"n": pairs, "recalled": pairs_hit, "value": round(pairs_hit / pairs, 4) if pairs else None},
        "no_row": no_row, "site_gone": site_gone,
        "skipped_external": labels.get("skipped_external"), "skipped_dynamic": labels.get("skipped_dynamic"),
    }
    return summary, missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=default_corpus(), help="the corpus to copy and index")
    parser.add_argument("--name", default="flask_3.1.2", help="label file prefix in tests/callgraph/real/")
    parser.add_argument("--labels", type=Path, default=LABELS, help="folder with the label files")
    parser.add_argument("--db", type=Path, help="score this existing index.db instead of re-indexing")
    parser.add_argument("--subfolder", help="copy and index only this folder of the corpus (and its config files)")
    args = parser.parse_args(argv)

    files = [args.labels / f"{args.name}_precision.json", args.labels / f"{args.name}_recall.json"]
    if not files[0].is_file():
        print(json.dumps({"kind": "error", "error": f"labels not found: {files[0]}"}))
        return 2
    precision_labels, recall_labels = (json.loads(f.read_text(encoding="utf-8")) if f.is_file() else None
                                       for f in files)      # recall labels are optional

    with tempfile.TemporaryDirectory(prefix="graphmind-real-") as tmp:
        if args.db:
            db_path = args.db
        else:
            if not args.corpus.is_dir():
                print(json.dumps({"kind": "error", "error": f"corpus not found: {args.corpus} "
                                  "(python scripts/fetch_corpora.py flask)"}))
                return 2
            db_path = index_copy(args.corpus, Path(tmp), args.subfolder)
        by_line, resolved_total = load_rows(db_path)

    p_summary, wrong = score_precision(precision_labels, by_line)
    r_summary, missed = score_recall(recall_labels, by_line) if recall_labels else (None, [])
    p_summary["population_now"] = resolved_total
    p_summary["population_at_labelling"] = precision_labels.get("population")
    for line in [*wrong, *missed, p_summary, *([r_summary] if r_summary else [])]:
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
