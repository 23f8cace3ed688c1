"""How the method-call sites of a real project are resolved: the share left `possible` (receiver
type unknown), resolved, external, builtin or unresolved. One JSON line per corpus.

Usage: python scripts/measure_receivers.py CORPUS_DIR [LANGUAGE ...]
Indexes a copy of CORPUS_DIR (only the files of the given languages, default all) in a temporary
folder. Run it with another checkout first on PYTHONPATH to compare with that code's figures.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from graphmind.index.indexer import index_workspace
from graphmind.languages import language_for
from graphmind.store import open_reader

CONFIGS = {"package.json", "tsconfig.json", "jsconfig.json", "go.mod", "Cargo.toml"}


def copy_tree(src: Path, dest: Path, languages: set[str]) -> int:
    """Copy the files of the languages (and the config files resolution reads); their bytes."""
    size = 0
    for path in src.rglob("*"):
        if not path.is_file() or "node_modules" in path.parts:
            continue
        spec = language_for(path)
        if path.name in CONFIGS or spec is not None and (not languages or spec.name in languages):
            target = dest / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            size += path.stat().st_size if path.name not in CONFIGS else 0
    return size


def main(argv: list[str]) -> None:
    src, languages = Path(argv[0]), set(argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / src.name
        size = copy_tree(src, root, languages)
        start = time.perf_counter()
        index_workspace(root)
        seconds = time.perf_counter() - start
        conn = open_reader(root)
        sites = Counter()
        for resolution, n in conn.execute(
                "SELECT resolution, count(*) FROM (SELECT DISTINCT c.file_id, c.line, c.col, c.resolution"
                " FROM calls c WHERE c.implicit = 0 AND (instr(c.callee, '.') > 0 OR instr(c.callee, '->') > 0"
                " OR instr(c.callee, ':') > 0) AND c.callee NOT LIKE 'new %')"
                " GROUP BY resolution"):
            sites[resolution] += n
        total = sum(sites.values())
        print(json.dumps({"corpus": src.name, "languages": sorted(languages), "megabytes": round(size / 1e6, 2),
                          "index_seconds": round(seconds, 2), "method_call_sites": total,
                          "possible_share": round(sites["possible"] / total, 4) if total else None,
                          **{k: sites[k] for k in sorted(sites)}}))


if __name__ == "__main__":
    main(sys.argv[1:])
