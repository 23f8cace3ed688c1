"""Hundreds of random edits on a real project (Flask), through the CLI and through the daemon, and its
files arriving in a random order: each ends equal to a clean index of the final tree, table by table.

Needs the pinned Flask corpus (python scripts/fetch_corpora.py flask); skipped without it, failed in CI.
The edits (tests/editkit.py) are the ones that move edges.
"""
from __future__ import annotations

import importlib.util
import os
import random
import shutil
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from daemonkit import assert_equals_clean, pid_alive, start_daemon, stop_daemon, wait_fresh, wait_gone
from editkit import hub_edit, random_edits

from graphmind.errors import DaemonError
from graphmind.index.indexer import index_workspace
from graphmind.live import client

REPO = Path(__file__).resolve().parent.parent


def _flask() -> Path:
    spec = importlib.util.spec_from_file_location("graphmind_fetch_corpora", REPO / "scripts" / "fetch_corpora.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    path = module.corpus_path("flask")
    if not (path / ".fetched").exists():
        message = "the Flask corpus is not fetched: run python scripts/fetch_corpora.py flask"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


def _copy(tmp_path: Path, name: str) -> Path:
    work = tmp_path / name
    shutil.copytree(_flask(), work, ignore=shutil.ignore_patterns(".graphmind", ".fetched"))
    return work


def _assert_clean(work: Path, tmp_path: Path, ops: list[str]) -> None:
    assert_equals_clean(work, tmp_path, f"after {len(ops)} edits, the last ones {ops[-8:]}:")


@pytest.mark.timeout(900)
def test_cli_after_hundreds_of_edits_equals_clean(tmp_path):
    work = _copy(tmp_path, "work")
    index_workspace(work)
    ops = random_edits(work, random.Random(18), 300, lambda: index_workspace(work), every=10)
    _assert_clean(work, tmp_path, ops)


def _query_load(root: Path, stop: threading.Event, errors: list, answers: list) -> None:
    """One client asking callers, callees and blast radius over its own connection until stopped."""
    symbols = ["flask.app.Flask.wsgi_app", "flask.helpers.url_for", "flask.sansio.scaffold.Scaffold.route"]
    with client.Connection(root, timeout=60) as conn:
        while not stop.is_set():
            for op in ("callers", "callees", "blast_radius"):
                try:
                    conn.request(op, symbol=random.choice(symbols))
                    answers.append(op)
                except DaemonError as exc:
                    if "No symbol by that name" not in str(exc) and "matches several" not in str(exc):
                        errors.append(f"{op}: {exc}")


@pytest.mark.timeout(900)
def test_daemon_after_hundreds_of_edits_equals_clean(tmp_path, no_leaks):
    """300 edits in bursts while four clients query without pause: every query answered, and the
    index ends equal to a clean one."""
    work = _copy(tmp_path, "work")
    index_workspace(work)
    pid = start_daemon(work)
    stop, errors, answers = threading.Event(), [], []
    clients = [threading.Thread(target=_query_load, args=(work, stop, errors, answers)) for _ in range(4)]
    try:
        for t in clients:
            t.start()
        ops = random_edits(work, random.Random(81), 300, lambda: None, every=50, pause=True)
        wait_fresh(work, timeout=120)
    finally:
        stop.set()
        for t in clients:
            t.join(timeout=60)
        stop_daemon(work, pid)
    assert not errors, errors[:5]
    assert len(answers) >= 12
    _assert_clean(work, tmp_path, ops)


@pytest.mark.timeout(900)
def test_files_arriving_in_random_order_equal_clean(tmp_path):
    """The tree copied in five random batches (an index started while a copy is being written),
    indexed after each: the last index equals a clean one."""
    source = _copy(tmp_path, "source")
    work = tmp_path / "work"
    work.mkdir()
    files = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    random.Random(5).shuffle(files)
    for i in range(5):
        for rel in files[i::5]:
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / rel, work / rel)
        index_workspace(work)
    _assert_clean(work, tmp_path, [f"batch {i}" for i in range(5)])


@pytest.mark.timeout(900)
def test_daemon_killed_in_a_burst_then_restarted_equals_clean(tmp_path, no_leaks):
    """kill -9 while the daemon commits a burst of edits, more edits while none runs, a new daemon:
    its start-up reconcile ends equal to a clean index."""
    work = _copy(tmp_path, "work")
    index_workspace(work)
    pid = start_daemon(work)
    try:
        ops = random_edits(work, random.Random(7), 60, lambda: None, every=1000)
        time.sleep(random.Random(7).uniform(0.05, 0.5))          # mid-update
        os.kill(pid, signal.SIGKILL)
        assert wait_gone(pid)
        ops += random_edits(work, random.Random(70), 20, lambda: None, every=1000)
    finally:
        if pid_alive(pid):
            os.kill(pid, signal.SIGKILL)
    pid = start_daemon(work)
    try:
        wait_fresh(work, timeout=120)
    finally:
        stop_daemon(work, pid)
    _assert_clean(work, tmp_path, ops)


def _most_imported(work: Path, n: int) -> list[Path]:
    import apsw
    from graphmind.store import index_path
    conn = apsw.Connection(str(index_path(work)), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        rows = conn.execute(
            "SELECT f.path, count(DISTINCT i.file_id) AS n FROM files f JOIN imports i ON i.file_id != f.id AND"
            " (i.resolved = f.module OR i.resolved || '.' || i.symbol = f.module) WHERE f.language = 'python'"
            " GROUP BY f.id ORDER BY n DESC, f.path LIMIT ?", (n,)).fetchall()
    finally:
        conn.close()
    return [work / p for p, _ in rows]


@pytest.mark.timeout(900)
def test_hub_edits_through_the_cli_and_the_daemon_equal_clean(tmp_path, no_leaks):
    """Imports, definitions and bases of Flask's most imported modules edited (issue 35): saved one at a
    time and indexed after each, then a burst under the daemon; each ends equal to a clean index."""
    work = _copy(tmp_path, "work")
    index_workspace(work)
    hubs, rnd, ops = _most_imported(work, 6), random.Random(35), []
    for step in range(40):
        path = rnd.choice(hubs)
        text, op = hub_edit(path.read_text(), rnd, step)
        path.write_text(text)
        ops.append(f"{op} {path.name}")
        index_workspace(work)
    _assert_clean(work, tmp_path / "cli", ops)
    pid = start_daemon(work)
    try:
        for step in range(40, 80):
            path = rnd.choice(hubs)
            text, op = hub_edit(path.read_text(), rnd, step)
            path.write_text(text)
            ops.append(f"{op} {path.name}")
            if rnd.random() < 0.5:
                wait_fresh(work, timeout=120)
        wait_fresh(work, timeout=120)
    finally:
        stop_daemon(work, pid)
    _assert_clean(work, tmp_path / "daemon", ops)
