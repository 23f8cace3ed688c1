"""Shared fixtures: real fixture repos copied to tmp_path, the CLI as a real subprocess, golden files."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
REPOS = FIXTURES / "repos"
GOLDEN = Path(__file__).parent / "golden"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="Rewrite tests/golden/* from the current output.")


def copy_repo(name: str, dest: Path) -> Path:
    """A fresh copy of a fixture repo (plus the files git cannot carry for it)."""
    root = dest / name
    shutil.copytree(REPOS / name, root)
    if name == "shop":
        # ignored by the fixture's own .gitignore, so git never carries it: made here.
        (root / "scripts" / "generated_api.py").write_text("def generated():\n    pass\n")
    return root


@pytest.fixture
def shop(tmp_path) -> Path:
    """The shop fixture repo, copied, not yet indexed."""
    return copy_repo("shop", tmp_path)


@pytest.fixture
def indexed_shop(shop) -> Path:
    """The shop fixture repo, indexed in-process."""
    from graphmind.index.indexer import index_workspace
    index_workspace(shop)
    return shop


def run_cli(*args: str, cwd: Path, check: bool = False) -> subprocess.CompletedProcess:
    """Run `graphmind ARGS` as a real subprocess (stdout is a pipe: the compact form)."""
    env = dict(os.environ, PYTHONUTF8="1")
    proc = subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=cwd, capture_output=True,
                          text=True, env=env, timeout=120)
    if check and proc.returncode != 0:
        raise AssertionError(f"graphmind {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


@pytest.fixture
def golden(request):
    """Compare a JSON-able value to tests/golden/<name>; `pytest --update-golden` rewrites it."""
    def check(name: str, value) -> None:
        path = GOLDEN / name
        text = json.dumps(value, indent=2, sort_keys=True) + "\n" if not isinstance(value, str) else value
        if request.config.getoption("--update-golden") or not path.exists():
            if not request.config.getoption("--update-golden"):
                pytest.fail(f"golden file {path} missing: run pytest --update-golden and review it")
            path.write_text(text)
            return
        expected = path.read_text()
        assert text == expected, f"output differs from {path} (pytest --update-golden rewrites it after review)"
    return check


def _descendants(pid: int) -> set[int]:
    """Live (non-zombie) descendant processes of pid, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    out, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


@pytest.fixture
def no_leaks():
    """Fail the test if it leaves threads or child processes behind (5 s grace to finish)."""
    import threading
    import time
    threads_before, procs_before = set(threading.enumerate()), _descendants(os.getpid())
    yield
    deadline = time.monotonic() + 5
    while True:
        threads = [t for t in threading.enumerate() if t not in threads_before and t.is_alive()]
        procs = _descendants(os.getpid()) - procs_before
        if not threads and not procs:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"leaked threads {sorted(t.name for t in threads)}, child processes {sorted(procs)}")
        time.sleep(0.05)


_DATABASES = __import__("itertools").count()


@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server for the session (tests/pgserver.py), stopped at the end. Skipped only when
    the server's binaries are not installed here (CI installs them: .ci/run)."""
    from pgserver import Server, server_bin
    if server_bin() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed: apt-get install postgresql")
    pytest.importorskip("psycopg", reason="psycopg is not installed: pip install -e '.[test]'")
    server = Server().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def org_db(pg_server, request):
    """A fresh, empty database on the session's server; its URL."""
    return pg_server.create_database(f"t_{os.getpid()}_{next(_DATABASES)}")
