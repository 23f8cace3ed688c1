"""Helpers for the daemon tests: a real daemon process per test, and index comparison by content."""
from __future__ import annotations

import json
import os
import shutil
import signal
import time
from pathlib import Path

import apsw
import pytest

from conftest import run_cli
from graphmind.live import client

SKIP_TABLES = {"meta", "extractions"}          # bookkeeping, not the graph
SKIP_COLUMNS = {"indexed_at", "mtime_ns"}       # a touch (mtime only) is not a change to the graph


def pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_gone(pid: int, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while pid_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def start_daemon(root: Path) -> int:
    """`graphmind daemon start` as a real subprocess; the daemon's pid."""
    proc = run_cli("daemon", "start", "--json", cwd=root, check=True)
    return json.loads(proc.stdout)["pid"]


def stop_daemon(root: Path, pid: int) -> None:
    """Stop it with `graphmind daemon stop`; fail (after killing it) if it does not go."""
    run_cli("daemon", "stop", cwd=root)
    if not wait_gone(pid):
        os.kill(pid, signal.SIGKILL)
        pytest.fail(f"daemon {pid} did not stop")


def callers(root: Path, symbol: str, *extra: str) -> dict:
    """`graphmind callers SYMBOL --json --wait-fresh=20` (fails on a non-fresh answer)."""
    proc = run_cli("callers", symbol, "--json", "--wait-fresh=20", *extra, cwd=root, check=True)
    doc = json.loads(proc.stdout)
    assert doc["freshness"]["fresh"], doc["freshness"]
    return doc


def caller_names(root: Path, symbol: str) -> set[str]:
    return {c["symbol"] for c in callers(root, symbol)["callers"]}


def wait_fresh(root: Path, timeout: float = 30.0) -> dict:
    reply = client.wait_fresh(root, timeout)
    assert reply is not None and reply["fresh"], reply
    return reply


def graph_rows(db: Path) -> dict[str, list]:
    """Every graph table as a sorted list of rows, ids replaced by what they name (path, qualified name)."""
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    paths = dict(conn.execute("SELECT id, path FROM files"))
    syms = {i: (paths.get(f), q, b) for i, f, q, b in conn.execute("SELECT id, file_id, qualname, start_byte FROM symbols")}
    out = {}
    for (name,) in conn.execute("SELECT name FROM pragma_table_list WHERE type='table' AND schema='main'"
                                " AND name NOT LIKE 'sqlite_%'"):
        if name in SKIP_TABLES:
            continue
        cols = [c[1] for c in conn.execute(f"PRAGMA table_info({name})")]
        rows = []
        for row in conn.execute(f"SELECT * FROM {name}"):
            item = []
            for col, value in zip(cols, row):
                if col == "id" or col in SKIP_COLUMNS:
                    continue
                if col == "file_id":
                    value = paths.get(value)
                elif col.endswith("_id") and value is not None:
                    value = syms.get(value, ("?", value))
                item.append((col, value))
            rows.append(repr(item))
        out[name] = sorted(rows)
    conn.close()
    return out


def assert_equals_clean(root: Path, tmp_path: Path, context: str) -> None:
    """The index of `root` equals a clean index of a copy of its tree (`context` says how it got there)."""
    from graphmind.index.indexer import index_workspace
    from graphmind.store import index_path
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    try:
        assert_same_graph(index_path(root), index_path(clean))
    except AssertionError as exc:
        raise AssertionError(f"{context}\n{exc}") from None


def assert_same_graph(a: Path, b: Path) -> None:
    """Two index files hold the same graph, table by table (content, not row ids)."""
    ra, rb = graph_rows(a), graph_rows(b)
    assert sorted(ra) == sorted(rb)
    for table in ra:
        only_a = sorted(set(ra[table]) - set(rb[table]))[:5]
        only_b = sorted(set(rb[table]) - set(ra[table]))[:5]
        if ra[table] != rb[table]:
            from collections import Counter
            ca, cb = Counter(ra[table]), Counter(rb[table])
            only_a, only_b = sorted((ca - cb).elements())[:5], sorted((cb - ca).elements())[:5]
        assert ra[table] == rb[table], f"{table}: only in daemon's {only_a}; only in clean {only_b}"
