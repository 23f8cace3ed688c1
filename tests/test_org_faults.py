"""Faults of the organisation graph, on a real PostgreSQL server: a bad URL, a missing database, an old
server, a publish killed halfway (the previous version stays whole, readers never see a mix), two
repositories published at once, one repository's publish never touching another's rows."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading

import psycopg
import pytest
from conftest import run_cli
from orgkit import copy_repos, org_walk, rows_of

from graphmind.edgekinds import CALL_KINDS
from graphmind.errors import OrgDatabaseError, OrgEmptyError, OrgNoUrlError, OrgServerTooOldError


@pytest.fixture
def repos(tmp_path):
    return copy_repos(tmp_path)


def _one_error_line(proc: subprocess.CompletedProcess, starts: str) -> None:
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith(starts) and proc.stderr.count("\n") == 1, proc.stderr


def test_unreachable_server_is_one_line(repos, tmp_path):
    url = f"postgresql://nobody@/org?host={tmp_path}/no-socket-here&port=5432"
    _one_error_line(run_cli("publish", "--db", url, cwd=repos["libpkg"]), "error: Cannot use the organisation database:")
    _one_error_line(run_cli("org", "repos", "--db", url, cwd=tmp_path), "error: Cannot use the organisation database:")


def test_malformed_url_is_one_line(repos):
    _one_error_line(run_cli("publish", "--db", "postgresql://x@/y?nonsense_option=1", cwd=repos["libpkg"]),
                    "error: Cannot use the organisation database:")


def test_missing_database_is_one_line_and_creates_nothing(repos, pg_server):
    url = pg_server.url("no_such_database")
    proc = run_cli("publish", "--db", url, cwd=repos["libpkg"])
    _one_error_line(proc, "error: Cannot use the organisation database:")
    assert "no_such_database" in proc.stderr
    with psycopg.connect(pg_server.url()) as conn:
        assert conn.execute("SELECT 1 FROM pg_database WHERE datname = 'no_such_database'").fetchone() is None


def test_no_url_is_a_clear_error(repos):
    env_before = os.environ.pop("GRAPHMIND_ORG_DB", None)
    try:
        proc = run_cli("org", "repos", cwd=repos["libpkg"])
    finally:
        if env_before is not None:
            os.environ["GRAPHMIND_ORG_DB"] = env_before
    assert proc.returncode == 1 and proc.stderr.startswith("error: No organisation database given")
    with pytest.raises(OrgNoUrlError):
        from graphmind.org.database import url_of
        url_of(None)


def test_server_too_old_is_refused():
    from graphmind.org.database import check_server
    with pytest.raises(OrgServerTooOldError, match="11.22 found"):
        check_server(110022)
    check_server(150004)


def test_empty_database_answers_nothing_published(org_db, tmp_path):
    with pytest.raises(OrgEmptyError):
        org_walk(org_db, "x", 1, CALL_KINDS)
    _one_error_line(run_cli("org", "repos", "--db", org_db, cwd=tmp_path), "error: Nothing is published")


_PAUSED_PUBLISH = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from graphmind.org.publish import publish
    def pause():
        print("paused", flush=True)
        time.sleep(600)
    publish(Path(sys.argv[1]), sys.argv[2], "libpkg", "new", pause=pause)
""")


def test_publish_killed_halfway_leaves_the_previous_version(repos, org_db):
    """The publish deleted the old rows and is killed before writing: readers meanwhile see the old
    version, and after the kill it is still whole."""
    from graphmind.index.indexer import index_workspace
    from graphmind.org.publish import publish
    lib = repos["libpkg"]
    publish(lib, org_db, "libpkg", "old")
    publish(repos["webapp"], org_db, "webapp")
    before = rows_of(org_db, "libpkg")
    (lib / "libpkg" / "extra.py").write_text("from libpkg.helpers import url_for\n\ndef more():\n    return url_for(1)\n")
    index_workspace(lib)
    proc = subprocess.Popen([sys.executable, "-c", _PAUSED_PUBLISH, str(lib), org_db], stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "paused"
        assert rows_of(org_db, "libpkg") == before           # a reader during the publish: the old version
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert rows_of(org_db, "libpkg") == before
    callers = {h.symbol for h in org_walk(org_db, "libpkg.helpers.url_for", 1, CALL_KINDS).hits}
    assert "webapp.views.home" in callers and "libpkg.extra.more" not in callers
    done = publish(lib, org_db, "libpkg", "new")            # the next publish is whole, no duplicate rows
    after = rows_of(org_db, "libpkg")
    assert done.changed and after["repos"][0][1] == "new"
    assert len(after["symbols"]) == done.symbols == len({r[1] for r in after["symbols"]})


def test_two_repositories_published_at_once_both_land(repos, org_db):
    procs = [subprocess.Popen([sys.executable, "-m", "graphmind", "publish", "--db", org_db], cwd=repos[name],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name in ("libpkg", "webapp", "service")]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], outs
    for name in ("libpkg", "webapp", "service"):
        assert rows_of(org_db, name)["symbols"]


def test_a_publish_leaves_the_planner_fresh_statistics(repos, org_db):
    """A walk right after a publish is planned on the rows just written: a changed publish ANALYZEs the
    tables (65 packages published one after another and walked at once took a depth-1 p50 of 119 ms,
    planned on no statistics, against 6 ms after), and an unchanged one leaves them alone."""
    from graphmind.org.database import TABLES
    assert run_cli("publish", "--db", org_db, cwd=repos["libpkg"]).returncode == 0

    def analyzed() -> dict:
        with psycopg.connect(org_db) as conn:
            return dict(conn.execute("SELECT relname, last_analyze FROM pg_stat_user_tables WHERE relname = ANY(%s)",
                                     (list(TABLES),)).fetchall())
    first = analyzed()
    assert set(first) == set(TABLES) and None not in first.values(), first
    assert run_cli("publish", "--db", org_db, cwd=repos["libpkg"]).returncode == 0
    assert analyzed() == first


def test_same_repository_published_twice_at_once_leaves_one_copy(repos, org_db):
    from graphmind.org.publish import publish
    errors = []

    def run():
        try:
            publish(repos["webapp"], org_db, "webapp")
        except Exception as exc:       # noqa: BLE001 - reported below
            errors.append(exc)
    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    rows = rows_of(org_db, "webapp")
    assert len(rows["symbols"]) == len({r[1] for r in rows["symbols"]}) > 0


def test_one_repository_never_touches_another(repos, org_db):
    from graphmind.index.indexer import index_workspace
    from graphmind.org.publish import publish
    publish(repos["libpkg"], org_db, "libpkg")
    before = rows_of(org_db, "libpkg")
    app = repos["webapp"]
    publish(app, org_db, "webapp")
    (app / "webapp" / "views.py").write_text("def only():\n    return 1\n")
    index_workspace(app)
    publish(app, org_db, "webapp")
    assert rows_of(org_db, "libpkg") == before


def test_hostile_repository_name_is_a_value(repos, org_db):
    from graphmind.org.publish import publish
    name = "x'); DROP TABLE symbols; --"
    publish(repos["libpkg"], org_db, name)
    assert rows_of(org_db, name)["symbols"]
    assert org_walk(org_db, "libpkg.helpers._quote", 1, CALL_KINDS, repo=name).hits


def test_bad_url_raises_the_org_error_in_process(tmp_path):
    from graphmind.org.database import connect
    with pytest.raises(OrgDatabaseError):
        connect(f"postgresql://x@/y?host={tmp_path}&port=1")


READ_ONLY_ROLE = """
CREATE ROLE graphmind_reader LOGIN;
GRANT CONNECT ON DATABASE {db} TO graphmind_reader;
GRANT USAGE ON SCHEMA public TO graphmind_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO graphmind_reader;
"""


def test_read_only_role_queries_but_cannot_publish(repos, org_db, pg_server, tmp_path):
    """The role docs/org.md gives users who only query."""
    from graphmind.org.publish import publish
    publish(repos["libpkg"], org_db, "libpkg")
    db = org_db.split("@/")[1].split("?")[0]
    with psycopg.connect(org_db, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'graphmind_reader'").fetchone():
            conn.execute("DROP OWNED BY graphmind_reader")
            conn.execute("DROP ROLE graphmind_reader")
        conn.execute(READ_ONLY_ROLE.format(db=db))
    reader = org_db.replace(f"{pg_server.user}@", "graphmind_reader@")
    proc = run_cli("org", "callers", "libpkg.helpers._quote", "--db", reader, cwd=tmp_path, check=True)
    assert "libpkg/helpers.py:5-6 def url_for(endpoint)" in proc.stdout
    _one_error_line(run_cli("publish", "--db", reader, "--repo", "other", cwd=repos["webapp"]),
                    "error: Cannot use the organisation database:")
    assert rows_of(org_db, "other")["symbols"] == []


def test_publish_without_an_index_says_so(tmp_path, org_db):
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "a.py").write_text("def f():\n    pass\n")
    _one_error_line(run_cli("publish", "--db", org_db, cwd=folder), "error: This workspace has no index yet")
    with psycopg.connect(org_db) as conn:
        assert conn.execute("SELECT count(*) FROM pg_tables WHERE tablename = 'symbols'").fetchone()[0] == 0
