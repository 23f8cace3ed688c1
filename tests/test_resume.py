"""A cold index cut short (kill -9, Ctrl-C) halfway is resumed as a cold index: the files it committed
are kept, the rest parsed, every call resolved in one cold pass (issue 35: the resume used to take the
incremental path for every file, 2-6x a clean index's time). The result equals a clean index."""
from __future__ import annotations

import random
import signal
import subprocess
import sys

import apsw
import pytest

from conftest import run_cli
from daemonkit import assert_same_graph, graph_rows
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path
from test_faults_kill import FILES, _kill_all, _wait, _write_workspace
from conftest import _descendants


def _committed_files(root) -> int:
    try:
        conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    except apsw.Error:
        return 0
    try:
        return conn.execute("SELECT count(*) FROM files").fetchone()[0]
    except apsw.Error:
        return 0
    finally:
        conn.close()


def _filling(root):
    conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'filling'").fetchone()
        return None if row is None else row[0]
    finally:
        conn.close()


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    root = _write_workspace(tmp_path_factory.mktemp("resume") / "clean", FILES)
    index_workspace(root)
    return root


def _cut_short(root, sig) -> tuple[subprocess.Popen, str]:
    """A cold index of root, sent `sig` once its first batch of files is committed."""
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", "."], cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    workers = set()
    try:
        _wait(lambda: _committed_files(root) >= 256, 120, "a first batch of files committed")
        workers = _descendants(proc.pid)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
    finally:
        _kill_all(workers | {proc.pid})
        proc.kill()
        proc.wait()
    return proc, err


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_a_cold_index_cut_short_halfway_resumes_cold_and_equals_clean(clean, tmp_path, sig):
    # On a busy machine the signal can come after the last file, or after the whole run (the poll saw the
    # first commit late): such a run resumes nothing, so the cut is tried again on a fresh copy, at most
    # three times.
    for attempt in range(3):
        root = _write_workspace(tmp_path / f"ws{attempt}", FILES)
        proc, err = _cut_short(root, sig)
        if proc.returncode != 0 and _committed_files(root) < FILES:   # 0: the index ended before the signal
            break
    if sig == signal.SIGINT:
        assert proc.returncode == 130 and "the next run resumes" in err, err[-500:]
    kept = _committed_files(root)
    assert 0 < kept < FILES, "cut short after the whole load: nothing left to resume"
    assert _filling(root) == "load"
    resumed = run_cli("index", ".", "--json", cwd=root, check=True)
    assert "resuming an interrupted index" in resumed.stderr, resumed.stderr
    assert f"{FILES - kept} file(s) left to parse" in resumed.stderr
    assert _filling(root) is None
    assert graph_rows(index_path(root))["files"] == graph_rows(index_path(clean))["files"]
    assert_same_graph(index_path(root), index_path(clean))
    again = run_cli("index", ".", cwd=root, check=True)            # done: a no-op run resumes nothing
    assert "resuming" not in again.stderr


def test_a_file_changed_before_the_resume_is_read_again(clean, tmp_path):
    """Cut short while loading, then a committed file edited and another deleted: the resume (cold)
    writes them over, and with the edit undone and the file back the index equals a clean one."""
    root = _write_workspace(tmp_path / "ws", FILES)
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", "."], cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _wait(lambda: _committed_files(root) >= 256, 120, "a first batch of files committed")
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    edited, gone = root / "m1.py", root / "m2.py"
    text, gone_text = edited.read_text(), gone.read_text()
    edited.write_text(text + "\n\ndef extra():\n    return helper1(1)\n")
    gone.unlink()
    run_cli("index", ".", cwd=root, check=True)
    edited.write_text(text)
    gone.write_text(gone_text)
    run_cli("index", ".", cwd=root, check=True)
    assert_same_graph(index_path(root), index_path(clean))


def test_a_cold_index_killed_while_resolving_resumes_the_pass(clean, tmp_path):
    """Killed once every file is written and the resolve pass runs: the resume parses nothing, keeps
    the chunks already resolved, resolves the rest cold, builds the indexes, and equals a clean index."""
    root = _write_workspace(tmp_path / "ws", FILES)
    proc = subprocess.Popen([sys.executable, "-m", "graphmind", "index", "."], cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    workers = set()
    try:
        _wait(lambda: _committed_files(root) == FILES and _filling(root) == "resolve", 180, "the resolve pass")
        workers = _descendants(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
    finally:
        _kill_all(workers | {proc.pid})
        proc.kill()
        proc.wait()
    if _filling(root) is None:
        pytest.skip("the pass ended before the kill")
    resumed = run_cli("index", ".", cwd=root, check=True)
    assert "resuming an interrupted index: 0 file(s) left to parse" in resumed.stderr, resumed.stderr
    assert _filling(root) is None
    assert_same_graph(index_path(root), index_path(clean))


def _cuts() -> list[tuple[str, int]]:
    """Random stopping points: after N files of the load (never a multiple of 256, the old commit size),
    and at the start of the resolve pass."""
    rng = random.Random(35)
    loads = [n for n in range(64, FILES, 64) if n % 256]
    return [("parse", n) for n in rng.sample(loads, 3)] + [("resolve", 0)]


@pytest.mark.parametrize("phase,at", _cuts(), ids=lambda v: str(v))
def test_a_cold_index_stopped_at_a_random_point_keeps_every_file_written_and_resumes_to_clean(clean, tmp_path,
                                                                                              phase, at):
    """Stopped (Ctrl-C) once `at` files are parsed, or as the pass starts: every file parsed before the stop
    is committed (64 a transaction: with 256 up to 255 parsed files were lost and parsed again), the
    resume parses only the rest, and the index equals a clean one."""
    root = _write_workspace(tmp_path / "ws", FILES)

    def stop(step, done, total):
        if step == phase and done >= at:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        index_workspace(root, jobs=1, progress=stop)
    kept = _committed_files(root)
    assert kept == (at if phase == "parse" else FILES)
    assert _filling(root) == ("load" if phase == "parse" else "resolve")
    summary = index_workspace(root, jobs=1)
    assert summary.changed == FILES - kept
    assert _filling(root) is None
    assert_same_graph(index_path(root), index_path(clean))
