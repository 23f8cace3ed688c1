"""Nothing written outside the workspace whatever a repository holds, secrets kept out of the index,
folders only their owner can read or plant files in. Real repos copied to tmp_path, the CLI and the
daemon as real subprocesses."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import apsw
import pytest

from conftest import run_cli
from daemonkit import start_daemon, stop_daemon, wait_fresh
from graphmind import private  # noqa
from graphmind.errors import UnsafeFolderError
from graphmind.index.indexer import index_workspace
from graphmind.index.workspace import IgnoreRules
from graphmind.live import client
from graphmind.live.watcher import file_info
from graphmind.store import Store, open_reader

SHELL_RC = "export PATH=/usr/bin:/bin\n"
SECRET = "tok-3f9a-very-secret-value"
OTHER_UID = 65534                       # nobody
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a folder another user's needs root")


def cli(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """`graphmind ARGS` as a subprocess, with extra environment variables."""
    return subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONUTF8="1", **env), timeout=120)


def assert_one_line_refusal(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder outside the workspace holding a shell start-up file a link may point at."""
    d = tmp_path / "home"
    d.mkdir()
    (d / ".bashrc").write_text(SHELL_RC)
    return d


def _no_daemon_left(root: Path) -> None:
    if client.lock_held(root):
        pid = client.read_pid(root)
        stop_daemon(root, pid)
        pytest.fail("a daemon started in a folder holding links")


# -- links a repository ships under .graphmind/ -----------------------------------------------------
@pytest.mark.parametrize("name", ["daemon.log", "daemon.pid", "daemon.lock", "write.lock", "index.db", ".gitignore"])
def test_a_link_under_the_index_folder_is_refused_and_never_followed(shop, outside, name):
    (shop / ".graphmind").mkdir()
    dangling = outside / "planted"
    os.symlink(dangling if name == ".gitignore" else outside / ".bashrc", shop / ".graphmind" / name)
    try:
        proc = run_cli("daemon", "start", cwd=shop)
    finally:
        _no_daemon_left(shop)
    assert_one_line_refusal(proc, name, "link")
    assert (outside / ".bashrc").read_text() == SHELL_RC
    assert not os.path.lexists(dangling)
    assert sorted(os.listdir(outside)) == [".bashrc"]


def test_index_and_queries_refuse_a_linked_index_folder(shop, outside):
    os.symlink(outside, shop / ".graphmind")
    assert_one_line_refusal(run_cli("index", str(shop), cwd=shop), ".graphmind", "link")
    assert sorted(os.listdir(outside)) == [".bashrc"]
    (shop / ".graphmind").unlink()
    index_workspace(shop)
    os.symlink(outside / ".bashrc", shop / ".graphmind" / "daemon.fence")
    assert_one_line_refusal(run_cli("callers", "process_refund", cwd=shop), "daemon.fence", "link")
    assert_one_line_refusal(run_cli("index", str(shop), cwd=shop), "daemon.fence")
    assert (outside / ".bashrc").read_text() == SHELL_RC


@as_root
def test_an_index_folder_of_another_user_is_refused(shop, outside):
    (shop / ".graphmind").mkdir()
    os.chown(shop / ".graphmind", OTHER_UID, OTHER_UID)
    assert_one_line_refusal(run_cli("index", str(shop), cwd=shop), "another user")
    assert os.listdir(shop / ".graphmind") == []


def test_files_are_opened_without_following_a_link_made_after_the_check(tmp_path, outside):
    folder = private.own_dir(tmp_path / "own", 0o700)
    os.symlink(outside / ".bashrc", folder / "daemon.pid")          # planted after the folder was checked
    with pytest.raises(UnsafeFolderError, match="daemon.pid"):
        private.write_own(folder / "daemon.pid", "123\n")
    assert (outside / ".bashrc").read_text() == SHELL_RC


def test_a_file_name_with_a_newline_cannot_forge_a_log_line(indexed_shop, no_leaks):
    root = indexed_shop
    pid = start_daemon(root)
    try:
        wait_fresh(root)                                 # the start-up reconcile is done: the file is an update
        (root / "shop" / "evil\n12:34:56 FORGED line.py").write_text("def evil():\n    pass\n")
        wait_fresh(root)
    finally:
        stop_daemon(root, pid)
    log_text = (root / ".graphmind" / "daemon.log").read_text()
    assert "evil\\n12:34:56 FORGED line.py" in log_text
    assert not any(line.startswith("12:34:56 FORGED") for line in log_text.splitlines())


# -- the socket folder used when the workspace path is too long ------------------------------------
@pytest.fixture
def long_root(tmp_path) -> tuple[Path, Path, Path]:
    """A workspace whose socket path is too long; the temp folder it falls back to; that folder."""
    root = tmp_path / ("deep" * 25) / "ws"
    root.mkdir(parents=True)
    (root / "a.py").write_text("def f():\n    pass\n")
    tmp = tmp_path / "t"
    tmp.mkdir()
    return root, tmp, tmp / f"graphmind-{os.getuid()}"


def test_the_socket_folder_is_made_owner_only(long_root):
    root, tmp, folder = long_root
    proc = cli("daemon", "status", "--root", str(root), cwd=root, TMPDIR=str(tmp))
    assert proc.returncode == 3 and "not running" in proc.stdout, proc.stderr
    st = os.lstat(folder)
    assert stat.S_ISDIR(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o700 and st.st_uid == os.geteuid()


@pytest.mark.parametrize("shape", ["open mode", "link", "another user"])
def test_a_socket_folder_someone_else_could_use_is_refused(long_root, tmp_path, shape):
    root, tmp, folder = long_root
    if shape == "link":
        (tmp_path / "elsewhere").mkdir(mode=0o700)
        os.symlink(tmp_path / "elsewhere", folder)
    else:
        folder.mkdir()
        os.chmod(folder, 0o777 if shape == "open mode" else 0o700)
        if shape == "another user":
            if os.geteuid() != 0:
                pytest.skip("making a folder another user's needs root")
            os.chown(folder, OTHER_UID, OTHER_UID)
    for args in (("daemon", "status"), ("daemon", "start")):
        proc = cli(*args, "--root", str(root), cwd=root, TMPDIR=str(tmp))
        assert_one_line_refusal(proc, str(folder))
    assert not client.lock_held(root)


# -- secrets -----------------------------------------------------------------------------------------
def _all_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_a_link_to_a_secret_is_not_indexed(shop):
    (shop / ".env").write_text(f'API_TOKEN = "{SECRET}"\n')
    os.symlink("../.env", shop / "shop" / "env_alias.py")
    (shop / "settings_local.py").write_text(f'DB_PASSWORD = "{SECRET}"\n')
    with open(shop / ".gitignore", "a") as fh:
        fh.write("\nsettings_local.py\n")
    os.symlink("settings_local.py", shop / "settings_alias.py")
    index_workspace(shop)
    conn = apsw.Connection(str(shop / ".graphmind" / "index.db"))
    paths = {p for (p,) in conn.execute("SELECT path FROM files")}
    assert "shop/orders.py" in paths
    assert not {"shop/env_alias.py", "settings_alias.py", "settings_local.py"} & paths
    assert not conn.execute("SELECT count(*) FROM bindings WHERE value LIKE ?", (f"%{SECRET}%",)).fetchone()[0]
    conn.close()
    assert SECRET.encode() not in _all_bytes(shop / ".graphmind")
    rules = IgnoreRules(shop)
    assert file_info(shop, rules, "shop/env_alias.py") is None           # what the daemon asks
    assert file_info(shop, rules, "settings_alias.py") is None
    assert file_info(shop, rules, "shop/orders.py") is not None


@pytest.mark.parametrize("root_mode, umask", [(0o700, 0o077), (0o750, 0o022), (0o755, 0o022), (0o777, 0o000)])
def test_the_index_is_readable_by_its_owner_only(shop, root_mode, umask):
    """`.graphmind/` 0700 and its files 0600 whatever the workspace's mode and the umask (issue 36)."""
    folder_mode, db_mode = 0o700, 0o600
    os.chmod(shop, root_mode)
    old = os.umask(umask)
    try:
        index_workspace(shop)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(shop / ".graphmind").st_mode) == folder_mode
    for name in os.listdir(shop / ".graphmind"):
        if name.startswith("index.db"):
            assert stat.S_IMODE(os.stat(shop / ".graphmind" / name).st_mode) & ~db_mode == 0, name


def test_an_index_made_readable_before_is_closed_up(shop):
    index_workspace(shop)
    os.chmod(shop / ".graphmind", 0o777)
    os.chmod(shop / ".graphmind" / "index.db", 0o666)
    os.chmod(shop, 0o700)
    (shop / "shop" / "extra.py").write_text("def extra():\n    pass\n")
    index_workspace(shop)
    assert stat.S_IMODE(os.stat(shop / ".graphmind").st_mode) == 0o700
    for name in os.listdir(shop / ".graphmind"):
        mode = stat.S_IMODE(os.lstat(shop / ".graphmind" / name).st_mode)
        assert mode & 0o077 == 0, (name, oct(mode))


def test_a_workspace_reached_through_a_linked_folder_still_indexes(shop, tmp_path):
    os.symlink(shop.parent, tmp_path / "alias")
    root = tmp_path / "alias" / shop.name                  # as on systems where /tmp links to /private/tmp
    Store(root).close()                                    # the path as given, links and all
    index_workspace(root)
    open_reader(root).close()
    proc = run_cli("callers", "shop.payments.refund.process_refund", "--root", str(root), cwd=root)
    assert proc.returncode == 0 and "refund_one" in proc.stdout, proc.stderr
