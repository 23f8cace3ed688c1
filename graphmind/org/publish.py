"""`graphmind publish`: one workspace's graph written into the organisation database, replacing that
repository's previous rows in one transaction (readers see the old version or the new one, never a
mix; a publish killed halfway is rolled back by the server). An unchanged graph is not written again:
its digest is compared first. An unchanged index is not even read: the digest of what it was built from
(`source`: its files' hashes, the code that filled it and the code publishing) is compared before."""
from __future__ import annotations

import hashlib
import subprocess
import time
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import apsw
import psycopg

from graphmind.errors import BadArgumentError, OrgDatabaseError
from graphmind.org import database
from graphmind.org.export import Graph, read_graph
from graphmind.store import open_reader

COLUMNS = {
    "symbols": "repo, id, qualname, name, kind, file, start_line, end_line, signature, parent_id",
    "edges": "repo, caller_id, target_id, line, resolution, kind",
    "uses": "repo, caller_id, target_key, line, resolution, kind",
    "aliases": "repo, key, target_key",
}


@dataclass
class Published:
    """What a publish did."""
    repo: str
    commit: str | None
    digest: str
    changed: bool
    symbols: int
    edges: int
    uses: int
    seconds: float
    read: bool = True           # False: the index's source was unchanged, its graph not read at all

    def line(self) -> str:
        what = "published" if self.changed else "unchanged, not written again:"
        return (f"{what} {self.repo}" + (f" @ {self.commit[:12]}" if self.commit else "")
                + f": {self.symbols} symbols, {self.edges} edges, {self.uses} uses outside ({self.seconds:.2f} s)")


def default_repo(root: Path) -> str:
    """The project's distribution name (pyproject.toml [project].name), else the folder's name."""
    try:
        name = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8")).get("project", {}).get("name")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        name = None
    return name if isinstance(name, str) and name.strip() else root.resolve().name


def head_commit(root: Path) -> str | None:
    """`git rev-parse HEAD` of the workspace, when it is a git repository with a commit."""
    try:
        proc = subprocess.run(["git", "rev-parse", "--verify", "-q", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() or None if proc.returncode == 0 else None


def _checked_repo(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 200 or any(ord(c) < 32 for c in name):
        raise BadArgumentError(f"repository name {name!r} (1-200 printable characters)")
    return name


@lru_cache(maxsize=1)
def _publishing_code() -> bytes:
    """The modules that turn an index into rows (this package), hashed."""
    h = hashlib.sha256(database.SCHEMA_VERSION.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.digest()


def source_digest(index: apsw.Connection) -> str:
    """What the published rows are a function of: every indexed file's path, hash and status, the index's
    meta (`made_by`: the code that filled it; not the time), and the code publishing it."""
    h = hashlib.sha256(_publishing_code())
    h.update(repr(index.execute("SELECT key, value FROM meta WHERE key != 'indexed_at' ORDER BY key").fetchall()).encode())
    h.update(repr(index.execute("SELECT path, sha256, status FROM files ORDER BY path").fetchall()).encode())
    return h.hexdigest()


def _published_source(url: str | None, repo: str) -> str | None:
    conn = database.connect(url)
    try:
        database.ensure_schema(conn)
        row = conn.execute("SELECT source FROM repos WHERE repo = %s", (repo,)).fetchone()
        conn.rollback()
        return row[0] if row else None
    except psycopg.Error as exc:
        raise OrgDatabaseError(database.one_line(exc)) from None
    finally:
        conn.close()


def write_graph(conn: psycopg.Connection, repo: str, commit: str | None, graph: Graph,
                pause=None, source: str | None = None) -> bool:
    """Replace `repo`'s rows by `graph` in one transaction; False when its digest is already there.

    `pause`, when given, is called between the delete and the writes (the tests kill a publish there)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('graphmind repo'), hashtext(%s))", (repo,))
        row = conn.execute("SELECT digest, commit FROM repos WHERE repo = %s", (repo,)).fetchone()
        if row is not None and row[0] == graph.digest:
            conn.execute("UPDATE repos SET commit = %s, source = %s, published_at = now() WHERE repo = %s",
                         (commit, source, repo))
            return False
        for table in database.TABLES:
            conn.execute(f"DELETE FROM {table} WHERE repo = %s", (repo,))
        if pause is not None:
            pause()
        with conn.cursor() as cur:
            for table, columns in COLUMNS.items():
                with cur.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    for values in getattr(graph, table):
                        copy.write_row((repo, *values))
        conn.execute(
            "INSERT INTO repos (repo, commit, digest, published_at, symbols, edges, uses, source)"
            " VALUES (%s, %s, %s, now(), %s, %s, %s, %s) ON CONFLICT (repo) DO UPDATE SET commit = EXCLUDED.commit,"
            " digest = EXCLUDED.digest, published_at = EXCLUDED.published_at, symbols = EXCLUDED.symbols,"
            " edges = EXCLUDED.edges, uses = EXCLUDED.uses, source = EXCLUDED.source",
            (repo, commit, graph.digest, len(graph.symbols), len(graph.edges), len(graph.uses), source))
    return True


def publish(root: Path, url: str | None, repo: str | None = None, commit: str | None = None,
            pause=None, index: apsw.Connection | None = None) -> Published:
    """Publish the indexed workspace at `root` as `repo` (docs/org.md); `index`: its index, when open."""
    start = time.perf_counter()
    repo = _checked_repo(repo or default_repo(root))
    commit = commit or head_commit(root)
    conn = open_reader(root) if index is None else index
    try:
        source = source_digest(conn)
        same = _unchanged(url, repo, commit, source, start) if _published_source(url, repo) == source else None
        if same is not None:
            return same
        graph = read_graph(conn)
    finally:
        if index is None:
            conn.close()
    conn = database.connect(url)
    try:
        database.ensure_schema(conn)
        changed = write_graph(conn, repo, commit, graph, pause, source)
        if changed:             # fresh statistics: a walk right after a bulk publish is planned on them
            with conn.transaction():
                conn.execute("ANALYZE " + ", ".join(database.TABLES))
    except psycopg.Error as exc:
        raise OrgDatabaseError(database.one_line(exc)) from None
    finally:
        conn.close()
    return Published(repo, commit, graph.digest, changed, len(graph.symbols), len(graph.edges), len(graph.uses),
                     time.perf_counter() - start)


def _unchanged(url: str | None, repo: str, commit: str | None, source: str, start: float) -> Published | None:
    """The repository's rows stay; its commit is brought up to date (the same source at another commit).
    None when another publish has replaced them since the source was compared."""
    conn = database.connect(url)
    try:
        with conn.transaction():
            row = conn.execute("UPDATE repos SET commit = %s, published_at = now() WHERE repo = %s AND source = %s"
                               " RETURNING digest, symbols, edges, uses", (commit, repo, source)).fetchone()
    except psycopg.Error as exc:
        raise OrgDatabaseError(database.one_line(exc)) from None
    finally:
        conn.close()
    if row is None:
        return None
    digest, symbols, edges, uses = row
    return Published(repo, commit, digest, False, symbols, edges, uses, time.perf_counter() - start, read=False)
