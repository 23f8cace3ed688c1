"""Fault suite, the index file: a damaged or foreign `index.db` is detected at open, said in one line,
moved aside and rebuilt; a read-only index folder is read, not a traceback; a full disk is an error
message and, once space is freed, the next run completes the index.

Reproduced first: every damaged file gave `apsw.NotADBError`/`CorruptError` tracebacks from every
command, `index` included; a read-only `.graphmind/` gave `CantOpenError` even for `status`; a full
disk an `apsw.FullError` traceback.
"""
from __future__ import annotations

import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import copy_repo, run_cli
from daemonkit import assert_same_graph, graph_rows
from graphmind.errors import DamagedIndexError
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path, open_reader


def _damage(db: Path, how: str) -> None:
    size = db.stat().st_size
    if how == "text":
        db.write_text("this is not a database\n" * 100)
    elif how == "header":
        with open(db, "r+b") as fh:
            fh.write(b"X" * 16)
    elif how == "middle":                              # 64 kB overwritten, header intact
        with open(db, "r+b") as fh:
            fh.seek(size // 2 - 32768)
            fh.write(bytes(range(256)) * 256)
    else:
        os.truncate(db, size // 2)


@pytest.fixture(scope="module")
def clean_shop(tmp_path_factory) -> Path:
    root = copy_repo("shop", tmp_path_factory.mktemp("clean"))
    index_workspace(root)
    return root


@pytest.mark.parametrize("how", ["text", "header", "middle", "truncated"])
def test_a_damaged_index_is_one_line_then_moved_aside_and_rebuilt(clean_shop, tmp_path, how, caplog):
    root = tmp_path / "shop"
    shutil.copytree(clean_shop, root)
    db = index_path(root)
    assert db.stat().st_size > 150_000                  # 64 kB from the middle leave the header whole
    _damage(db, how)
    proc = run_cli("callers", "process_refund", "--no-refresh", cwd=root)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("error: The index file is damaged") and proc.stderr.count("\n") == 1
    if how != "middle":                                 # found from the header alone, at open
        with pytest.raises(DamagedIndexError):
            open_reader(root)
    if how == "middle":
        # pages overwritten where a no-op index never reads: only the reader that met them knows, and
        # its message says to rebuild (a quick_check at every open costs 1.4 s on Django)
        assert "graphmind index --rebuild" in proc.stderr
        index_workspace(root, rebuild=True)
    else:
        with caplog.at_level(logging.WARNING):
            index_workspace(root)
        assert any("moved aside" in r.getMessage() for r in caplog.records)
        assert db.with_name("index.db.damaged").exists()
    assert_same_graph(db, index_path(clean_shop))


def test_index_rebuild_starts_afresh(clean_shop, tmp_path):
    root = tmp_path / "shop"
    shutil.copytree(clean_shop, root)
    proc = run_cli("index", "--rebuild", cwd=root, check=True)
    assert "0 unchanged" not in proc.stdout and "files scanned" in proc.stdout
    assert_same_graph(index_path(root), index_path(clean_shop))


def _mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir(exist_ok=True)
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (root needed): {proc.stderr.decode().strip()}")


def _remount(where: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(where)], check=True)


def _indexed_on_tmpfs(clean_shop: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the shop whose index folder is a fresh tmpfs (remountable read-only), indexed."""
    root = tmp_path / "shop"
    shutil.copytree(clean_shop, root, ignore=shutil.ignore_patterns(".graphmind"))
    folder = root / ".graphmind"
    _mount_tmpfs(folder, "8m")
    try:
        index_workspace(root)
    except BaseException:
        subprocess.run(["umount", str(folder)])
        raise
    return root, folder


def test_a_read_only_index_folder_is_read(clean_shop, tmp_path):
    root, folder = _indexed_on_tmpfs(clean_shop, tmp_path)
    try:
        _remount(folder, "ro")
        (root / "added.py").write_text("def added():\n    pass\n")
        status = run_cli("status", cwd=root)
        assert status.returncode == 0 and "Traceback" not in status.stderr, status.stderr[-800:]
        assert "files" in status.stdout
        index = run_cli("index", cwd=root)
        assert index.returncode == 1 and "Traceback" not in index.stderr
        assert index.stderr.startswith("error: The index folder cannot be written")
        query = run_cli("callers", "process_refund", "--json", cwd=root)
        assert query.returncode == 0 and "Traceback" not in query.stderr, query.stderr[-800:]
        assert '"fresh": false' in query.stdout
    finally:
        subprocess.run(["umount", str(folder)])


def test_a_disk_that_fills_up_mid_index_then_frees(tmp_path):
    root = tmp_path / "many"
    root.mkdir()
    for i in range(700):                       # several write transactions of the cold load (256 files each)
        base = f"(Thing{i - 1})" if i else ""
        head = f"from m{i - 1} import Thing{i - 1}\n\n\n" if i else ""
        methods = "".join(f"    def op{j}(self, x):\n        return self.op{(j + 1) % 4}(x) + helper{i}(x)\n\n"
                          for j in range(4))
        (root / f"m{i}.py").write_text(f"{head}def helper{i}(x):\n    return x\n\n\nclass Thing{i}{base}:\n{methods}")
    clean = tmp_path / "clean"
    shutil.copytree(root, clean)
    index_workspace(clean)
    folder = root / ".graphmind"
    full = index_path(clean).stat().st_size
    _mount_tmpfs(folder, f"{full * 45 // 100 // 1024}k")    # room for a batch or two of the cold load
    try:
        proc = run_cli("index", cwd=root)
        assert proc.returncode == 5 and "Traceback" not in proc.stderr, proc.stderr[-800:]
        assert proc.stderr.startswith(f"error: the disk holding {folder}/ is full: ")
        assert 0 < len(graph_rows(index_path(root))["files"]) < 700        # some batches were committed
        _remount(folder, "size=64m")
        run_cli("index", cwd=root, check=True)
        assert_same_graph(index_path(root), index_path(clean))
    finally:
        subprocess.run(["umount", str(folder)])


@pytest.mark.parametrize("how", ["header", "truncated"])
def test_an_index_damaged_under_a_running_daemon_is_rebuilt(clean_shop, tmp_path, how, no_leaks):
    """The index file damaged while the daemon holds it, then a save: the daemon ends equal to a clean
    index (SQLite rewrites a damaged first page from its cache at the next commit; pages it cannot
    read make the daemon move the file aside and rebuild), never retrying forever; queries meanwhile
    answer or say one line."""
    from daemonkit import start_daemon, stop_daemon, wait_fresh
    from graphmind.live import client
    root = tmp_path / "shop"
    shutil.copytree(clean_shop, root)
    pid = start_daemon(root)
    try:
        wait_fresh(root)
        _damage(index_path(root), how)
        with open(root / "shop" / "orders.py", "a") as fh:
            fh.write("\n\ndef after_damage(order):\n    return order\n")
        proc = run_cli("callers", "process_refund", cwd=root)
        assert "Traceback" not in proc.stderr
        deadline = time.monotonic() + 60
        while True:                    # the save lands in a rebuilt index (a reconcile may run first)
            reply = client.wait_fresh(root, 20)
            if reply and reply.get("fresh") and "after_damage" in run_cli("symbols", "after_damage", cwd=root).stdout:
                break
            assert time.monotonic() < deadline, reply
            time.sleep(0.2)
        st = client.request(root, "status")
        assert (st.get("last_error") or {}).get("failures", 0) == 0, st.get("last_error")
    finally:
        stop_daemon(root, pid)
    if how == "truncated":                              # half the pages gone: found, moved aside, rebuilt
        assert index_path(root).with_name("index.db.damaged").exists()
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert_same_graph(index_path(root), index_path(clean))


@pytest.mark.parametrize("keep_shm", [True, False])
def test_a_read_only_index_folder_with_a_leftover_wal_is_read_whole(clean_shop, tmp_path, keep_shm):
    """A daemon killed after committing a save leaves its WAL; the folder then becomes read-only (a
    read-only mount, or a copy without the -shm file): a query still sees what was committed."""
    from daemonkit import start_daemon, wait_fresh
    root, folder = _indexed_on_tmpfs(clean_shop, tmp_path)
    try:
        pid = start_daemon(root)
        try:
            (root / "late.py").write_text("from shop.payments.refund import process_refund\n\n\n"
                                          "def late_caller():\n    return process_refund(1)\n")
            wait_fresh(root)
        finally:
            os.kill(pid, 9)
        deadline = time.monotonic() + 10
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        for gone in ("daemon.pid", "daemon.sock", "daemon.fence"):
            (folder / gone).unlink(missing_ok=True)
        wal = folder / "index.db-wal"
        assert wal.exists() and wal.stat().st_size > 0      # the save is only in the WAL
        if not keep_shm:
            (folder / "index.db-shm").unlink()
        _remount(folder, "ro")
        query = run_cli("callers", "process_refund", "--json", cwd=root)
        assert query.returncode == 0 and "Traceback" not in query.stderr, query.stderr[-800:]
        assert "late_caller" in query.stdout
        assert wal.stat().st_size > 0 and os.listdir(folder)   # nothing was written there
    finally:
        subprocess.run(["umount", str(folder)])


def test_a_reader_never_sees_the_schema_version_without_its_tables(tmp_path):
    """An index being created (a first index, or the daemon's rebuild after moving a damaged file aside)
    is read meanwhile: the reader sees no index, or one with every table, never the version alone
    (`no such table: symbols` in a CLI query under a daemon rebuilding a truncated index). Each round
    creates a new workspace's index while a thread keeps reading it."""
    import threading

    from graphmind.errors import NoIndexError
    from graphmind.store import Store
    current: list[Path] = []
    seen, errors, stop = 0, [], threading.Event()

    def read() -> None:
        nonlocal seen
        while not stop.is_set():
            if not current:
                continue
            try:
                conn = open_reader(current[-1])
            except NoIndexError:
                continue                                # not there yet: a clear answer
            except Exception as exc:                    # noqa: BLE001 - any other failure is the bug
                errors.append(f"opening: {exc!r}")
                continue
            try:
                conn.execute("SELECT count(*) FROM symbols").fetchone()
                seen += 1
            except Exception as exc:                    # noqa: BLE001
                errors.append(repr(exc))
            finally:
                conn.close()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for n in range(150):
            root = tmp_path / f"ws{n}"
            root.mkdir()
            current.append(root)
            Store(root).close()
            if errors:
                break
    finally:
        stop.set()
        reader.join()
    assert not errors, errors[:3]
    assert seen > 0
