#!/usr/bin/env python3
"""Modules as blast-radius targets on a real project (issue #34): does `blast-radius <module>` list
every file that imports the module, and are import-chain rows gone?

The oracle is Python's own `ast`: every `import a.b`, `from a.b import x`, `from . import m` (relative
ones made absolute) of every file, each naming the module it imports (`from p import m` names p.m when
p.m is a module). For each module of the project (its files' module names from the index), the files
that import it by the oracle are compared with the files of the depth-1 `import` rows of its blast
radius. Rows beyond the oracle are files importing a name the module defines through a package that
re-exports it (`from flask import url_for` for flask.helpers): counted apart, not wrong.
Then the import-chain figure: rows of the depth-2 blast radius of a re-exported function reached only
by an import of its package (a module row whose only link is `import`).

Usage: python scripts/score_module_targets.py [--corpus DIR] [--target flask.helpers.url_for]
Prints one JSON line per figure.
"""
from __future__ import annotations

import argparse
import ast
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fetch_corpora import corpus_path  # noqa: E402

from graphmind.edgekinds import ALL_KINDS  # noqa: E402
from graphmind.index.indexer import index_workspace  # noqa: E402
from graphmind.index.modules import resolve_relative  # noqa: E402
from graphmind.query import graph  # noqa: E402
from graphmind.store import open_reader  # noqa: E402


def imported_modules(tree: ast.AST, module: str, is_package: bool, modules: set[str]) -> set[str]:
    """The workspace modules a file's import statements name."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = resolve_relative(module, is_package, "." * node.level + (node.module or ""))
            if base is None:
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in modules else base)
    return out & modules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--target", default="flask.helpers.url_for")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        shutil.copytree(args.corpus or corpus_path("flask"), root)
        index_workspace(root)
        conn = open_reader(root)
        files = dict(conn.execute("SELECT path, module FROM files WHERE language = 'python'"))
        modules = set(files.values())
        importers: dict[str, set[str]] = {m: set() for m in modules}     # same-named modules (two tests/) share
        for path, module in files.items():
            try:
                tree = ast.parse((root / path).read_bytes())
            except SyntaxError:
                continue
            for m in imported_modules(tree, module, path.endswith("__init__.py"), modules) - {module}:
                importers[m].add(path)
        found = expected = extra = 0
        missed = []
        for path, module in sorted(files.items()):
            w = graph.walk(conn, graph.resolve_targets(conn, path), "up", 1, 10_000, kinds=ALL_KINDS)
            ours = {h.file for h in w.hits if "import" in h.kinds}
            want = importers[module] if sum(m == module for m in files.values()) == 1 else ours
            expected += len(want)
            found += len(want & ours)
            extra += len(ours - want)
            missed += [f"{module} <- {p}" for p in sorted(want - ours)]
        print(json.dumps({"figure": "module_importers", "corpus": root.name, "modules": len(files),
                          "expected": expected, "found": found, "recall": round(found / max(expected, 1), 4),
                          "beyond_oracle": extra, "missed": [m for m in missed if not m.startswith("flask <-")][:20], "missed_package_flask": sum(m.startswith("flask <-") for m in missed)}))
        w = graph.walk(conn, graph.resolve_targets(conn, args.target), "up", 2, 10_000, kinds=ALL_KINDS)
        chain = [h.symbol for h in w.hits if h.kind == "module" and h.kinds == ["import"] and h.depth == 2]
        print(json.dumps({"figure": "import_chain_rows", "target": args.target, "depth": 2, "rows": len(w.hits),
                          "import_chain_rows": len(chain), "examples": chain[:10]}))


if __name__ == "__main__":
    main()
