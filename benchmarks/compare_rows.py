#!/usr/bin/env python3
"""Whether two source trees give the same rows: every file's extraction, and the tables of a clean index.

Usage (with the interpreter graphmind is installed in):
    python benchmarks/compare_rows.py OLD_TREE [--corpus django flask sympy] [--jobs 1 2]

OLD_TREE holds `graphmind/`, `schema.sql` and `queries/` (a `git archive` of the commit compared
against); the new tree is this working tree. For each corpus (copied once to a temporary folder), a
fresh interpreter per tree: (1) extracts every file serially (filework.process_file) and hashes each
file's rows (symbols, calls, imports, inherits, bindings, status) in order; (2) indexes cold with each
`--jobs` and hashes the files, symbols, calls, inherits, bindings, imports and search_text tables
(rows in id order, and as a set without ids; `files` without its time stamp). Prints one JSON line per
corpus with the digests that differ (none: identical). With 2 workers, the ids of the extra rows the
resolve pass inserts vary from run to run on one and the same tree: compare `:without_ids` there.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchkit import corpus_path, log

REPO = Path(__file__).resolve().parents[1]

CHILD = r'''
import hashlib, json, shutil, sys
from pathlib import Path
from graphmind.index import workspace
from graphmind.index.filework import process_file
from graphmind.index.indexer import index_workspace
from graphmind.store import Store
from graphmind.models import _row_kinds
root, jobs = Path(sys.argv[1]), [int(j) for j in sys.argv[2].split(",")]
out = {}
for info in sorted(workspace.walk(root), key=lambda i: i.path):
    res = process_file(info, None)
    ext = res.extraction
    rows = [] if ext is None else [ext.module, ext.status, ext.error] + [
        [list(get(r)) if isinstance(get(r), tuple) else [get(r)] for r in getattr(ext, name)]
        for name, _, get in _row_kinds()]
    out["file:" + info.path] = hashlib.sha256(json.dumps([res.sha256, rows]).encode()).hexdigest()
TABLES = {"files": "id, path, language, module, size, sha256, status, error",
          "symbols": "*", "calls": "*", "inherits": "*", "bindings": "*", "imports": "*",
          "search_text": "rowid, *"}
for j in jobs:
    shutil.rmtree(root / ".graphmind", ignore_errors=True)
    index_workspace(root, jobs=j)
    store = Store(root)
    for table, cols in TABLES.items():
        order = "rowid" if table == "search_text" else "id"
        rows = [json.dumps(row) for row in store.conn.execute(f"SELECT {cols} FROM {table} ORDER BY {order}")]
        out[f"jobs{j}:{table}"] = hashlib.sha256("\n".join(rows).encode()).hexdigest()
        # the same rows as a set, ids left out: the resolve pass's workers insert a site's extra rows
        # in the order they finish, so those rows' ids vary from run to run with 2 workers
        loose = sorted(json.dumps(json.loads(row)[1:]) for row in rows)
        out[f"jobs{j}:{table}:without_ids"] = hashlib.sha256("\n".join(loose).encode()).hexdigest()
    store.close()
shutil.rmtree(root / ".graphmind", ignore_errors=True)
print(json.dumps(out))
'''


def digests(tree: Path, root: Path, jobs: list[int]) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", CHILD, str(root), ",".join(map(str, jobs))], env=env, cwd=tree,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("old", type=Path)
    ap.add_argument("--corpus", nargs="+", default=["django", "flask", "sympy"])
    ap.add_argument("--jobs", nargs="+", type=int, default=[1, 2])
    args = ap.parse_args()
    for corpus in args.corpus:
        with tempfile.TemporaryDirectory(prefix="gm-rows-") as tmp:
            root = Path(tmp) / corpus
            shutil.copytree(corpus_path(corpus), root, ignore=shutil.ignore_patterns(".graphmind"))
            log(f"{corpus}: old tree", "compare_rows")
            old = digests(args.old.resolve(), root, args.jobs)
            log(f"{corpus}: new tree", "compare_rows")
            new = digests(REPO, root, args.jobs)
        differ = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        files = sum(k.startswith("file:") for k in new)
        tables = sorted(k for k in new if not k.startswith("file:"))
        print(json.dumps({"corpus": corpus, "files": files, "tables": tables, "identical": not differ,
                          "differ": differ[:50], "n_differ": len(differ)}), flush=True)


if __name__ == "__main__":
    main()
