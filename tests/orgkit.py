"""Helpers of the organisation-graph tests: the fixture repositories under tests/fixtures/org/, copied,
indexed, published; one merged workspace holding the same packages (the oracle)."""
from __future__ import annotations

import shutil
from pathlib import Path

ORG = Path(__file__).parent / "fixtures" / "org"
REPOS = ("libpkg", "webapp", "service")


def copy_repos(dest: Path) -> dict[str, Path]:
    """Each fixture repository copied and indexed: {name: root}."""
    from graphmind.index.indexer import index_workspace
    out = {}
    for name in REPOS:
        root = dest / "repos" / name
        shutil.copytree(ORG / name, root)
        index_workspace(root)
        out[name] = root
    return out


def merged(dest: Path) -> Path:
    """One workspace holding every fixture repository's packages, indexed."""
    from graphmind.index.indexer import index_workspace
    root = dest / "merged"
    root.mkdir()
    for name in REPOS:
        shutil.copytree(ORG / name / name, root / name)
    index_workspace(root)
    return root


def answer_set(hits) -> set[tuple]:
    """What must agree between the org walk and the merged workspace's: symbol, depth, kinds."""
    return {(h.symbol, h.depth, tuple(h.kinds)) for h in hits}


def local_walk(root: Path, symbol: str, depth: int, kinds):
    from graphmind.query import graph
    from graphmind.store import open_reader
    conn = open_reader(root)
    try:
        return graph.walk(conn, graph.resolve_targets(conn, symbol), "up", depth, kinds=kinds)
    finally:
        conn.close()


def org_walk(url: str, symbol: str, depth: int, kinds, repo: str | None = None):
    from graphmind.org import answers, database, walk
    conn = database.connect(url)
    try:
        return walk.walk(conn, answers.targets(conn, symbol, repo), depth, kinds=kinds)
    finally:
        conn.close()


def rows_of(url: str, repo: str) -> dict[str, list[tuple]]:
    """Every row a repository has, table by table, sorted."""
    import psycopg
    from graphmind.org.database import TABLES
    with psycopg.connect(url) as conn:
        out = {t: sorted(conn.execute(f"SELECT * FROM {t} WHERE repo = %s", (repo,)).fetchall(), key=repr)
               for t in TABLES}
        out["repos"] = [r[:3] for r in conn.execute("SELECT repo, commit, digest FROM repos WHERE repo = %s", (repo,))]
    return out
