"""Hostile workspaces (issue 36): files an attacker can commit or put in an archive must not stall the
index, hang a command, or make graphmind write outside the workspace. The pathological files are
generated here (tests/hostile_files.py), the commands run as real subprocesses with a timeout."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graphmind.index import parser
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader
from hostile_files import pathological

FIFO_NAMES = ("index.db", "index.db-wal", "index.db-shm", "write.lock", "daemon.log", "daemon.pid",
              "daemon.lock", "extractions.db", "folders.json")
RETURN_WITHIN_S = 5 * 6            # "within 5 s" on a quiet machine; the suite runs on 2 loaded cores


def gm(*args: str, cwd: Path, timeout: float = RETURN_WITHIN_S, **env: str) -> subprocess.CompletedProcess:
    """`graphmind ARGS` as a subprocess that must return within `timeout` (a hang fails the test)."""
    return subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONUTF8="1", **env), timeout=timeout)


def _plain(root: Path) -> Path:
    (root / "app.py").write_text("def helper():\n    return 1\n\n\ndef main():\n    return helper()\n")
    (root / "util.py").write_text("from app import helper\n\n\ndef run():\n    helper()\n")
    return root


def _files(root: Path) -> dict[str, tuple[str, str | None]]:
    conn = open_reader(root)
    try:
        return {p: (s, e) for p, s, e in conn.execute("SELECT path, status, error FROM files")}
    finally:
        conn.close()


def _callers_of_helper(root: Path) -> set[str]:
    proc = gm("callers", "app.helper", "--json", cwd=root, timeout=120)
    assert proc.returncode == 0, proc.stderr
    import json
    return {h["symbol"] for h in json.loads(proc.stdout)["callers"]}


@pytest.mark.parametrize("depth", [20_000, 50_000])
def test_nested_calls_do_not_stall_the_index(tmp_path, depth):
    """The issue's repro: `y = h(` nested N times passes every skip rule; the rest of the workspace is
    indexed and committed, the file recorded `partial` with why, and status shows it."""
    root = _plain(tmp_path)
    (root / "deep.py").write_text(pathological(depth)["calls.py"])
    proc = gm("index", cwd=root, timeout=240)
    assert proc.returncode == 0, proc.stderr
    files = _files(root)
    assert files["app.py"][0] == files["util.py"][0] == "ok"
    assert files["deep.py"][0] == "partial"
    assert f"nested over {parser.MAX_DEPTH} levels" in files["deep.py"][1]
    assert _callers_of_helper(root) == {"app.main", "util.run"}
    status = gm("status", cwd=root, timeout=120)
    assert "deep.py: partial: nested over" in status.stdout


def test_every_pathological_file_is_bounded(tmp_path):
    """Brackets, operator/member/subscript chains, conditionals, lambdas, a very long line, nested
    definitions and classes: each file is indexed (deep ones partial, with the reason), and so is the rest."""
    root = _plain(tmp_path)
    for name, text in pathological().items():
        (root / f"hostile_{name}").write_text(text)
    summary = index_workspace(root, jobs=2)
    assert summary.changed == len(pathological()) + 2
    files = _files(root)
    assert files["app.py"][0] == "ok"
    for name in ("calls", "lists", "mixed", "ops", "attrs", "subs", "conds", "lambdas"):
        status, error = files[f"hostile_{name}.py"]
        assert status == "partial" and f"nested over {parser.MAX_DEPTH} levels" in error, (name, status, error)
    for name in ("longline", "defs", "classes"):
        assert files[f"hostile_{name}.py"][0] == "ok", files[f"hostile_{name}.py"]
    conn = open_reader(root)
    try:
        depth = conn.execute("SELECT count(*) FROM symbols s JOIN files f ON f.id = s.file_id"
                             " WHERE f.path = 'hostile_defs.py' AND s.kind != 'module'").fetchone()[0]
    finally:
        conn.close()
    assert depth == 400                          # 400 nested definitions: all under the depth bound


def test_a_nesting_under_the_bound_is_whole():
    """The bound only cuts below MAX_DEPTH: a file nested less deeply is not partial."""
    tree = parser.parse("python", pathological(100)["calls.py"].encode())
    assert not parser.too_deep(tree.root_node)
    tree = parser.parse("python", pathological(2 * parser.MAX_DEPTH)["calls.py"].encode())
    assert parser.too_deep(tree.root_node)


def test_a_file_past_its_time_budget_is_partial_and_the_batch_goes_on(tmp_path):
    """A file whose extraction uses up its CPU allowance (0 s here) keeps its definitions, is recorded
    `partial` with the reason, and every other file is still indexed."""
    root = _plain(tmp_path)
    proc = gm("index", cwd=root, timeout=120, GRAPHMIND_FILE_SECONDS="0")
    assert proc.returncode == 0, proc.stderr
    files = _files(root)
    assert set(files) == {"app.py", "util.py"}
    for status, error in files.values():
        assert status == "partial" and "took over 0 s of CPU" in error
    conn = open_reader(root)
    try:
        names = {q for (q,) in conn.execute("SELECT qualname FROM symbols")}
    finally:
        conn.close()
    assert {"app.helper", "app.main", "util.run"} <= names
    status = gm("status", cwd=root, timeout=120)
    assert "took over 0 s of CPU" in status.stdout


def test_sigterm_stops_a_cold_index_holding_a_deep_file(tmp_path):
    """SIGTERM during a cold index with the planted file (parser workers busy): the command stops with
    its one line and leaves no worker behind (latency is measured in benchmarks/bench_hostile.py)."""
    root = _plain(tmp_path)
    for i in range(400):
        (root / f"m{i}.py").write_text("def f():\n    return g()\n\n\ndef g():\n    pass\n" * 50)
    (root / "deep.py").write_text(pathological()["calls.py"])
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", "--jobs", "2"], cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not (root / ".graphmind" / "index.db").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)                      # the index has started: signal it while it works
    assert proc.poll() is None, "the index ended before it could be stopped: give it more files"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=RETURN_WITHIN_S)
    assert proc.returncode != 0
    assert "Traceback" not in err, err


@pytest.mark.parametrize("name", FIFO_NAMES)
def test_a_fifo_in_the_index_folder_is_an_error_never_a_hang(tmp_path, name):
    """A FIFO (an archive can carry one) named like one of graphmind's files: index, daemon start and
    daemon stop each return with one line naming it; nothing waits on the FIFO."""
    root = _plain(tmp_path)
    (root / ".graphmind").mkdir()
    os.mkfifo(root / ".graphmind" / name)
    for args in (("index",), ("daemon", "start"), ("status",)):
        proc = gm(*args, cwd=root)
        if args == ("status",):
            assert proc.returncode != 0
            continue
        assert proc.returncode == 1, (args, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert proc.stderr.strip().splitlines()[-1] == (
            f"error: graphmind will not open a file of its own that is not a plain file (a FIFO, device or"
            f" socket planted in its folder: remove it): {root / '.graphmind' / name}")
    proc = gm("daemon", "stop", cwd=root)
    assert proc.returncode == 0 and "no daemon was running" in proc.stdout, proc.stderr


def test_a_fifo_planted_beside_a_running_daemon(tmp_path):
    """A FIFO swapped in for the pid file while a daemon runs: `daemon stop` still stops it (the pid is
    read without blocking; the daemon answers on its socket)."""
    root = _plain(tmp_path)
    assert gm("index", cwd=root, timeout=120).returncode == 0
    started = gm("daemon", "start", cwd=root, timeout=120)
    assert started.returncode == 0, started.stderr
    pid_file = root / ".graphmind" / "daemon.pid"
    pid = int(pid_file.read_text())
    try:
        pid_file.unlink()
        os.mkfifo(pid_file)
        stopped = gm("daemon", "stop", cwd=root, timeout=120)
        assert stopped.returncode == 0, stopped.stderr
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _tree(folder: Path, skip: Path) -> set[str]:
    """Every path under folder, outside `skip` (the workspace)."""
    out = set()
    for dirpath, dirnames, filenames in os.walk(folder):
        if Path(dirpath) == skip:
            dirnames[:] = []
            continue
        out.update(os.path.join(dirpath, n) for n in dirnames + filenames)
    return out


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=cwd, check=True,
                   capture_output=True)


def _plant_git_file(tmp_path: Path, case: str) -> Path:
    """A workspace whose `.git` file points somewhere that is not its repository's git directory."""
    (tmp_path / "box" / "ws").mkdir(parents=True)
    root = _plain(tmp_path / "box" / "ws")
    if case == "plain":
        (tmp_path / "plain").mkdir()
        target = str(tmp_path / "plain")
    elif case == "bare":
        _git("init", "-q", "--bare", str(tmp_path / "bare.git"), cwd=tmp_path)
        target = str(tmp_path / "bare.git")
    elif case == "relative":
        target = "../../x"
        (tmp_path / "x").mkdir()
    else:                          # a linked worktree's git dir, of another checkout
        _git("init", "-q", str(tmp_path / "repo"), cwd=tmp_path)
        (tmp_path / "repo" / "a.py").write_text("x = 1\n")
        _git("add", ".", cwd=tmp_path / "repo")
        _git("commit", "-qm", "i", cwd=tmp_path / "repo")
        _git("worktree", "add", "-q", str(tmp_path / "other"), cwd=tmp_path / "repo")
        target = str(tmp_path / "repo" / ".git" / "worktrees" / "other")
    (root / ".git").write_text(f"gitdir: {target}\n")
    return root


@pytest.mark.parametrize("case", ["plain", "bare", "relative", "foreign_worktree"])
def test_a_git_file_never_leads_graphmind_outside_the_workspace(tmp_path, case):
    """`.git` files pointing to a plain folder, a bare repository, `../../x`, another checkout's worktree
    entry: index, the daemon (an edit re-indexed) and a query write nothing outside the workspace."""
    from daemonkit import caller_names, start_daemon, stop_daemon, wait_fresh
    from graphmind import places
    root = _plant_git_file(tmp_path, case)
    assert places.cache_path(root) == places.local_cache_path(root)
    before = _tree(tmp_path, root)
    assert gm("index", cwd=root, timeout=120).returncode == 0
    pid = start_daemon(root)
    try:
        (root / "more.py").write_text("from app import helper\n\n\ndef more():\n    helper()\n")
        wait_fresh(root)
        assert "more.more" in caller_names(root, "app.helper")
    finally:
        stop_daemon(root, pid)
    assert _tree(tmp_path, root) == before


def test_a_real_worktree_still_shares_its_cache(tmp_path):
    """The rule keeps what worktrees are for: a linked worktree's `.git` file leads to the common dir."""
    from graphmind import places
    _git("init", "-q", str(tmp_path / "repo"), cwd=tmp_path)
    (tmp_path / "repo" / "a.py").write_text("x = 1\n")
    _git("add", ".", cwd=tmp_path / "repo")
    _git("commit", "-qm", "i", cwd=tmp_path / "repo")
    _git("worktree", "add", "-q", str(tmp_path / "wt"), cwd=tmp_path / "repo")
    common = (tmp_path / "repo" / ".git").resolve()
    assert places.git_common_dir(tmp_path / "wt") == common
    assert places.cache_path(tmp_path / "wt") == common / "graphmind" / "extractions.db"


can_mount = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")


@pytest.fixture
def small_disk(tmp_path):
    """A 24 MB tmpfs mounted at tmp_path/disk (skipped where mount is refused), unmounted after."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def _fill(disk: Path) -> Path:
    filler = disk / "filler"
    with open(filler, "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * (1 << 20))
                fh.flush()
        except OSError:
            pass
    return filler


@can_mount
def test_a_full_disk_is_one_line_and_the_next_run_recovers(small_disk):
    """`.graphmind/` on a full file system: `index` says so in one line (exit 5), queries say the disk
    is full (not SQLite's "cannot rollback"), and once space is freed `index` completes without --rebuild."""
    root = small_disk / "ws"
    root.mkdir()
    _plain(root)
    for i in range(60):
        (root / f"m{i}.py").write_text("from app import helper\n\n\n" + "".join(
            f"def f{j}():\n    return helper()\n\n\n" for j in range(30)))
    assert gm("index", cwd=root, timeout=240).returncode == 0
    filler = _fill(small_disk)
    for i in range(60):
        (root / f"m{i}.py").write_text("from app import helper\n\n\n" + "".join(
            f"def g{j}():\n    return helper()\n\n\n" for j in range(60)))
    proc = gm("index", cwd=root, timeout=240)
    assert proc.returncode == 5, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: the disk holding {root / '.graphmind'}/ is full: "), lines
    query = gm("callers", "app.helper", cwd=root, timeout=240)
    assert query.returncode != 0 or "is full" in query.stderr
    assert "is full" in query.stderr and "cannot rollback" not in query.stderr + query.stdout, query.stderr
    filler.unlink()
    again = gm("index", cwd=root, timeout=240)
    assert again.returncode == 0, again.stderr
    conn = open_reader(root)
    try:
        names = {q for (q,) in conn.execute("SELECT qualname FROM symbols WHERE qualname LIKE 'm3.%'")}
        edges = conn.execute("SELECT count(*) FROM calls c JOIN symbols s ON s.id = c.target_id"
                             " WHERE s.qualname = 'app.helper'").fetchone()[0]
    finally:
        conn.close()
    assert "m3.g59" in names and "m3.f0" not in names
    assert edges >= 60 * 60


@can_mount
def test_a_read_only_file_system_without_an_index_says_so(small_disk):
    root = small_disk / "ws"
    root.mkdir()
    _plain(root)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    proc = gm("index", cwd=root)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "error: The index folder cannot be written (read-only .graphmind/ or file system): fix its permissions,"
        f" or read with `graphmind status`. ({root / '.graphmind'} cannot be made: Read-only file system)"]


def _damage_search_pages(root: Path, table: str = "search_text_data", pages: int = 3) -> list[int]:
    """Random bytes over the first pages of an FTS shadow table (pages no query reads)."""
    import apsw
    db = root / ".graphmind" / "index.db"
    conn = apsw.Connection(str(db))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    hit = [p for (p,) in conn.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (table,))][:pages]
    conn.close()
    with open(db, "r+b") as fh:
        for page in hit:
            fh.seek((page - 1) * size)
            fh.write(os.urandom(size))
    return hit


def test_status_check_finds_damage_in_a_search_table_and_rebuilds(tmp_path):
    """4 KB of random bytes in a full-text-search shadow table: plain queries never notice;
    `status --check` finds it (naming the table), moves the index aside, rebuilds it, and afterwards
    SQLite's integrity check passes and the graph is whole."""
    import apsw
    import json
    (tmp_path / "ws").mkdir()
    root = _plain(tmp_path / "ws")
    for i in range(30):
        (root / f"m{i}.py").write_text("from app import helper\n\n\n" + "".join(
            f'def f{j}():\n    """Calls the helper {j}."""\n    return helper()\n\n\n' for j in range(20)))
    assert gm("index", cwd=root, timeout=240).returncode == 0
    assert _damage_search_pages(root)
    proc = gm("status", "--check", "--json", cwd=root, timeout=240)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)["check"]
    assert found["ok"] is False and found["rebuilt"] is True
    assert "[search_text_data]" in found["damage"]
    assert (root / ".graphmind" / "index.db.damaged").is_file()
    assert sum("quick_check" in line for line in proc.stderr.splitlines()) == 1
    conn = apsw.Connection(str(root / ".graphmind" / "index.db"), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT count(*) FROM search_text WHERE search_text MATCH 'helper'").fetchone()[0] >= 600
    finally:
        conn.close()
    again = gm("status", "--check", cwd=root, timeout=240)
    assert "check: SQLite's quick_check found the index whole" in again.stdout
