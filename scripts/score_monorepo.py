#!/usr/bin/env python3
"""Flask inside a monorepo: does a package keep the edges it has alone, and are the links between the
packages found? (issue #34)

The workspace: packages/flask (the pinned Flask sdist, scripts/fetch_corpora.py) next to the sdists
of Flask extensions that import it (pinned below, fetched with `pip download` into the corpora cache,
never committed), each in its own layout (src/ or flat, pyproject.toml or setup.py). Flask is indexed
alone and inside the workspace; edges are compared as (caller, target, kind) by qualified name.
Targets: Flask keeps >= 99% of its edges; edges from the extensions into Flask are found.

Usage: python scripts/score_monorepo.py [--keep DIR]   (prints one JSON line per figure)
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fetch_corpora import cache_dir, corpus_path  # noqa: E402

from graphmind.index.indexer import index_workspace  # noqa: E402
from graphmind.store import open_reader  # noqa: E402

EXTENSIONS = {"flask_sqlalchemy": ("flask-sqlalchemy", "3.1.1"), "flask_wtf": ("flask-wtf", "1.2.2"),
              "flask_login": ("Flask-Login", "0.6.3")}
EDGES = ("SELECT s.qualname, t.qualname, c.kind, fs.path, ft.path FROM calls c"
         " JOIN symbols s ON s.id = c.caller_id JOIN symbols t ON t.id = c.target_id"
         " JOIN files fs ON fs.id = c.file_id JOIN files ft ON ft.id = t.file_id"
         " WHERE c.resolution NOT IN ('possible', 'pending')"
         " UNION ALL SELECT s.qualname, t.qualname, 'inherit', fs.path, ft.path FROM inherits i"
         " JOIN symbols s ON s.id = i.class_id JOIN symbols t ON t.id = i.target_id"
         " JOIN files fs ON fs.id = i.file_id JOIN files ft ON ft.id = t.file_id")


def sdist(project: str, version: str) -> Path:
    """A pinned sdist from PyPI, downloaded once into the corpora cache."""
    folder = cache_dir() / "monorepo-sdists"
    folder.mkdir(parents=True, exist_ok=True)
    stem = project.lower().replace("-", "_")
    for path in folder.glob("*.tar.gz"):
        if path.name.lower().replace("-", "_").startswith(f"{stem}_{version}") or \
           path.name.lower().replace("-", "_") == f"{stem}_{version}.tar.gz":
            return path
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                    "-d", str(folder), f"{project}=={version}"], check=True)
    return sdist(project, version)


def unpack(archive: Path, dest: Path) -> None:
    with tarfile.open(archive) as tar, tempfile.TemporaryDirectory() as tmp:
        tar.extractall(tmp, filter="data")
        [top] = list(Path(tmp).iterdir())
        shutil.copytree(top, dest)


def edges(root: Path) -> list[tuple[str, str, str, str, str]]:
    return list(open_reader(root).execute(EDGES))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", type=Path, help="build the workspaces here and keep them")
    args = ap.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="gm-monorepo-"))
    alone, mono = work / "flask", work / "monorepo"
    for folder in (alone, mono):
        if folder.exists():
            shutil.rmtree(folder)
    shutil.copytree(corpus_path("flask"), alone)
    shutil.copytree(corpus_path("flask"), mono / "packages" / "flask")
    for name, (project, version) in EXTENSIONS.items():
        unpack(sdist(project, version), mono / "packages" / name)
    index_workspace(alone)
    index_workspace(mono)
    base = {(a, b, k) for a, b, k, _, _ in edges(alone)}
    inside, cross = set(), Counter()
    for a, b, k, fa, fb in edges(mono):
        if fa.startswith("packages/flask/") and fb.startswith("packages/flask/"):
            inside.add((a, b, k))
        elif fb.startswith("packages/flask/") and fa.split("/")[1] in EXTENSIONS:
            cross[fa.split("/")[1], k] += 1
    kept = len(base & inside)
    print(json.dumps({"figure": "flask_edges_kept", "kept": kept, "alone": len(base),
                      "share": round(kept / len(base), 4), "extra_inside": len(inside - base),
                      # by count alone, whatever the names (the older index named modules by folder)
                      "inside": len(inside), "count_ratio": round(len(inside) / len(base), 4)}))
    for name in EXTENSIONS:
        by_kind = {k: n for (ext, k), n in sorted(cross.items()) if ext == name}
        print(json.dumps({"figure": "cross_package_edges", "package": name, "edges": sum(by_kind.values()),
                          "by_kind": by_kind}))
    if args.keep is None:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
