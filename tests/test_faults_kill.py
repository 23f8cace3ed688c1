"""Fault suite, kills and locks: parser workers die with their parent, no orphan holds the write
lock, a stale lock is taken over, a daemon killed with -9 leaves no process behind, and a stopped
daemon leaves no WAL.

Reproduced first: after `kill -9` (or SIGTERM) of `graphmind index` its workers parsed on for
minutes holding `write.lock` (the next `index` hung); a daemon killed with -9 mid-parse left its
fork server and workers running; after `daemon stop` the WAL stayed at its largest size.
"""
from __future__ import annotations

import ctypes
import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import apsw
import pytest

from conftest import _descendants, run_cli
from daemonkit import assert_same_graph, graph_rows, pid_alive, start_daemon, stop_daemon, wait_fresh, wait_gone
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path

FILES = 900          # a cold index of a few seconds on two cores: a kill lands mid-parse


def _write_workspace(root: Path, files: int) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(files):
        base = f"(Thing{i - 1})" if i else ""
        head = f"from m{i - 1} import Thing{i - 1}\n\n\n" if i else ""
        methods = "".join(f"    def op{j}(self, x):\n        return self.op{(j + 1) % 6}(x) + helper{i}(x)\n\n"
                          for j in range(6))
        (root / f"m{i}.py").write_text(f"{head}def helper{i}(x):\n    return x\n\n\nclass Thing{i}{base}:\n{methods}")
    return root


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> tuple[Path, Path]:
    """A workspace whose cold index takes a few seconds on two cores, and a clean index of it."""
    base = tmp_path_factory.mktemp("big")
    clean = _write_workspace(base / "clean", FILES)
    index_workspace(clean)
    return base, clean


def _wait(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


def _lock_is_free(root: Path) -> bool:
    with open(root / ".graphmind" / "write.lock", "a+") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(fh, fcntl.LOCK_UN)
        return True


def _kill_all(pids) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_a_cold_index_killed_midway_leaves_no_worker_and_no_lock(big, tmp_path, sig):
    base, clean = big
    root = _write_workspace(tmp_path / "ws", FILES)
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", "."], cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    workers = set()
    try:
        workers = _wait(lambda: _descendants(proc.pid), 60, "parser workers")
        time.sleep(0.5)                                    # mid-parse: batches in flight and queued
        workers |= _descendants(proc.pid)
        os.kill(proc.pid, sig)
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err
        if sig == signal.SIGTERM:
            assert proc.returncode == 1 and err.startswith("error: Stopped"), err[-500:]
        _wait(lambda: not any(pid_alive(w) for w in workers), 10, f"workers {sorted(workers)} to exit")
        assert _lock_is_free(root)
    finally:
        _kill_all(workers | {proc.pid})
        proc.kill()
        proc.wait()
    run_cli("index", ".", cwd=root, check=True)
    rows, clean_rows = graph_rows(index_path(root)), graph_rows(index_path(clean))
    for table in ("files", "symbols", "imports", "inherits", "bindings"):   # every file's own rows, whole
        assert rows[table] == clean_rows[table], table
    assert_same_graph(index_path(root), index_path(clean))


def test_a_stale_lock_is_taken_over_with_a_log_line(tmp_path):
    root = tmp_path / "ws"
    (root / ".graphmind").mkdir(parents=True)
    (root / "a.py").write_text("def f():\n    return g()\n\n\ndef g():\n    pass\n")
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    # a process that kept the lock after the writer that took it died (as an orphan worker did)
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
        "os.write(fd, sys.argv[2].encode())\nprint('locked', flush=True)\ntime.sleep(120)\n"),
        str(root / ".graphmind" / "write.lock"), f"{dead_pid}\n"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        proc = subprocess.run([sys.executable, "-m", "graphmind", "index", "."], cwd=root, capture_output=True,
                              text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert f"write.lock was held for pid {dead_pid}, which is gone" in proc.stderr and "taken over" in proc.stderr
    finally:
        holder.kill()
        holder.wait()


def test_a_daemon_killed_during_a_big_parse_leaves_no_process(tmp_path):
    root = _write_workspace(tmp_path / "ws", FILES)
    pid = start_daemon(root)                               # its start-up reconcile parses every file
    helpers = set()
    try:
        helpers = _wait(lambda: _descendants(pid), 60, "the daemon's fork server and workers")
        time.sleep(0.5)
        helpers |= _descendants(pid)
        os.kill(pid, signal.SIGKILL)
        assert wait_gone(pid)
        _wait(lambda: not any(pid_alive(h) for h in helpers), 15, f"fork server and workers {sorted(helpers)} to exit")
    finally:
        _kill_all(helpers | {pid})


def test_a_daemon_stopped_during_its_first_reconcile_stops_without_finishing_it(big, tmp_path):
    """SIGTERM while the start-up reconcile indexes a whole workspace: the writer gives the update up
    (rolled back) instead of finishing it, so the daemon stops in moments; what is committed stays
    readable and a later `index` completes it to the clean graph. (Before: the signal only set a
    flag the writer read between batches, so the daemon finished the whole cold index first, or
    was cut off by shutdown's join timeout.)"""
    _, clean = big
    root = _write_workspace(tmp_path / "ws", FILES)
    pid = start_daemon(root)                               # its start-up reconcile parses every file
    try:
        _wait(lambda: _descendants(pid), 60, "the daemon's parse workers")
        os.kill(pid, signal.SIGTERM)
        stopped = wait_gone(pid, 60)
    finally:
        _kill_all({pid})
    text = (root / ".graphmind" / "daemon.log").read_text()
    assert stopped, f"the daemon did not stop:\n{text}"
    assert "reconciled the workspace" not in text, text
    assert "stopped during the " in text and "the next start resumes it" in text, text
    run_cli("index", cwd=root, check=True)
    assert_same_graph(index_path(root), index_path(clean))


def _tasks(pid: int) -> set[int]:
    return {int(t) for t in os.listdir(f"/proc/{pid}/task")}


def _blocks(pid: int, tid: int, sig: int) -> bool | None:
    """Whether a thread blocks a signal; None when it is gone."""
    try:
        with open(f"/proc/{pid}/task/{tid}/status") as fh:
            mask = next(int(line.split()[1], 16) for line in fh if line.startswith("SigBlk:"))
    except FileNotFoundError:
        return None
    return bool(mask & (1 << (sig - 1)))


def test_a_sigterm_the_kernel_gives_another_thread_still_stops_the_daemon(tmp_path):
    """A process-directed signal is delivered to any thread that does not block it; Python runs its
    handler in the main thread only when that thread next runs bytecode. Sent here to one of the
    daemon's other threads on purpose (tgkill): the daemon must still stop. (Before: its main thread
    slept in one wait of an hour, so such a SIGTERM was noticed an hour later.)"""
    tgkill = getattr(ctypes.CDLL(None, use_errno=True), "tgkill", None)
    if tgkill is None:
        pytest.skip("no tgkill in this C library")
    root = _write_workspace(tmp_path / "ws", 20)
    pid = start_daemon(root)
    try:
        wait_fresh(root)
        # a thread that lives on (writer, watcher), not a connection's, which may be exiting (a
        # thread-directed signal dies with its thread), and one that does not block SIGTERM
        seen = _tasks(pid)
        time.sleep(0.5)
        others = [t for t in sorted((seen & _tasks(pid)) - {pid}) if _blocks(pid, t, signal.SIGTERM) is False]
        assert others, "the daemon runs threads beside its main one"
        assert tgkill(pid, others[0], signal.SIGTERM) == 0, ctypes.get_errno()
        stopped = wait_gone(pid, 30)
    finally:
        _kill_all({pid})
    assert stopped, "the daemon did not stop on a SIGTERM delivered to another thread"


def test_daemon_stop_checkpoints_and_truncates_the_wal(tmp_path):
    root = _write_workspace(tmp_path / "ws", 60)
    pid = start_daemon(root)
    reader = None
    try:
        wait_fresh(root)
        for i in range(0, 60, 3):
            (root / f"m{i}.py").write_text((root / f"m{i}.py").read_text() + f"\n\ndef extra{i}():\n    return helper{i}(1)\n")
        wait_fresh(root)
        # an idle reader (an editor's query process, say): the last writer's close then cannot fold
        # the WAL back and delete it, as SQLite does when it is alone
        reader = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
        reader.execute("SELECT count(*) FROM files").fetchone()
    finally:
        stop_daemon(root, pid)
    try:
        wal = Path(str(index_path(root)) + "-wal")
        assert not wal.exists() or wal.stat().st_size == 0, wal.stat().st_size
    finally:
        reader.close()


def test_a_cold_index_killed_at_random_moments_resumes_to_the_clean_index(big, tmp_path):
    """kill -9 anywhere in a cold index — parse, resolution, writing, indexes — then `index` again:
    the result equals a clean index, table by table. The moments are drawn over the length of one
    whole run measured here (seeded, so a failure names its moment)."""
    import random
    _, clean = big
    probe = _write_workspace(tmp_path / "probe", FILES)
    started = time.monotonic()
    run_cli("index", ".", cwd=probe, check=True)
    whole = time.monotonic() - started
    rng = random.Random(18)
    for n, fraction in enumerate(sorted(rng.uniform(0.1, 1.0) for _ in range(3))):
        root = _write_workspace(tmp_path / f"ws{n}", FILES)
        proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", "."], cwd=root, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            time.sleep(whole * fraction)
            workers = _descendants(proc.pid)
            os.kill(proc.pid, signal.SIGKILL)
            proc.communicate(timeout=30)
            _wait(lambda: not any(pid_alive(w) for w in workers), 10, f"workers {sorted(workers)} to exit")
        finally:
            proc.kill()
            proc.wait()
        run_cli("index", ".", cwd=root, check=True)
        rows, clean_rows = graph_rows(index_path(root)), graph_rows(index_path(clean))
        for table in sorted(clean_rows):
            assert rows.get(table) == clean_rows[table], f"{table} after a kill at {fraction:.2f} of {whole:.1f} s"


def test_a_parse_batch_is_given_up_at_the_next_file_once_its_owner_stopped(tmp_path):
    """A worker's batches (64 files, several queued per worker) are parsed only while the owner runs:
    once it stopped (SIGTERM, Ctrl-C), the rest of a batch is not parsed and nothing is returned.
    (Before, a SIGTERM stopped a cold index of Django about 6 s late, parsing what was queued.)"""
    from graphmind.index import workspace
    from graphmind.index.filework import process_batch
    root = _write_workspace(tmp_path / "ws", 6)
    batch = [(info, None) for info in workspace.walk(root)]
    assert [r.info.path for r in process_batch(batch)] == [info.path for info, _ in batch]
    asked = []

    def stopped_after_two() -> bool:
        asked.append(True)
        return len(asked) > 2

    assert process_batch(batch, stopped_after_two) == [] and len(asked) == 3
