"""The daemon end to end: a real process, real files, real watchdog threads, a timeout on every wait."""
from __future__ import annotations

import json
import os
import signal
import socket
import stat
import time

import pytest

from conftest import run_cli
from daemonkit import caller_names, start_daemon, stop_daemon, wait_fresh, wait_gone
from graphmind.live import client, protocol
from graphmind.live.daemon import Daemon
from graphmind.errors import DaemonError

TARGET = "shop.payments.refund.process_refund"
CALLER = "from shop.payments.refund import process_refund\n\n\ndef {name}(order):\n    return process_refund(order, 2)\n"


@pytest.fixture
def daemon_shop(indexed_shop, no_leaks):
    """The shop fixture, indexed, with a daemon serving it (stopped, and checked gone, afterwards)."""
    pid = start_daemon(indexed_shop)
    yield indexed_shop
    stop_daemon(indexed_shop, pid)
    assert not client.daemon_files(indexed_shop).socket.exists()


def test_edit_and_create_are_seen_by_callers(daemon_shop):
    root = daemon_shop
    assert "shop.api.new_caller" not in caller_names(root, TARGET)
    with open(root / "shop" / "api.py", "a") as fh:                      # edit in place
        fh.write("\n\ndef new_caller(order):\n    return process_refund(order, 3)\n")
    assert "shop.api.new_caller" in caller_names(root, TARGET)
    (root / "shop" / "extra.py").write_text(CALLER.format(name="created"))  # a new file
    assert {"shop.api.new_caller", "shop.extra.created"} <= caller_names(root, TARGET)
    (root / "shop" / "extra.py").write_text(CALLER.format(name="renamed_fn"))
    doc = json.loads(run_cli("callers", TARGET, "--wait-fresh", "--json", cwd=root, check=True).stdout)  # bare flag
    assert doc["freshness"]["source"] == "daemon" and doc["freshness"]["fresh"]
    assert "shop.extra.renamed_fn" in {c["symbol"] for c in doc["callers"]}


def test_socket_queries_see_every_commit(daemon_shop):
    """Queries over the socket read through pooled connections: none may keep an old snapshot."""
    root = daemon_shop
    for i in range(3):
        assert not client.request(root, "symbols", pattern=f"pooled_{i}", limit=1)["result"]
        with pytest.raises(DaemonError, match="No symbol"):                      # an error in between
            client.request(root, "callers", symbol="no_such_symbol_anywhere")
        with open(root / "shop" / "api.py", "a") as fh:
            fh.write(f"\n\ndef pooled_{i}(order):\n    return process_refund(order, {i})\n")
        wait_fresh(root)
        assert client.request(root, "symbols", pattern=f"pooled_{i}", limit=1)["result"]
        walk = client.request(root, "callers", symbol=TARGET)["result"]
        assert f"shop.api.pooled_{i}" in {h["symbol"] for h in walk["callers"]}


def test_rename_and_delete_are_seen_by_callers(daemon_shop):
    root = daemon_shop
    (root / "shop" / "extra.py").write_text(CALLER.format(name="moving"))
    assert "shop.extra.moving" in caller_names(root, TARGET)
    os.rename(root / "shop" / "extra.py", root / "shop" / "moved.py")
    names = caller_names(root, TARGET)
    assert "shop.moved.moving" in names and "shop.extra.moving" not in names
    os.unlink(root / "shop" / "moved.py")
    assert not {n for n in caller_names(root, TARGET) if n.startswith("shop.moved")}


def test_atomic_save_and_backup_rename_save(daemon_shop):
    root = daemon_shop
    api = root / "shop" / "api.py"
    # an editor's atomic save: write a temp file beside it, rename it over the original
    tmp = root / "shop" / ".api.py.tmp1234"
    tmp.write_text(api.read_text().replace("return process_refund(order, 1)", "return None"))
    os.replace(tmp, api)
    assert "shop.api.Handler.quick" not in caller_names(root, TARGET)
    # vim's backup save: the original is renamed away (briefly missing), then written anew
    os.rename(api, root / "shop" / "api.py~")
    time.sleep(0.02)
    api.write_text((root / "shop" / "api.py~").read_text() + "\n\ndef again(order):\n    return process_refund(order, 4)\n")
    os.unlink(root / "shop" / "api.py~")
    names = caller_names(root, TARGET)
    assert "shop.api.again" in names
    symbols = json.loads(run_cli("symbols", "--file", "shop/api.py", "--json", cwd=root, check=True).stdout)["symbols"]
    assert {s["symbol"] for s in symbols} >= {"shop.api.again", "shop.api.handle"}     # never lost mid-save


def test_status_socket_mode_and_single_instance(daemon_shop):
    root = daemon_shop
    mode = stat.S_IMODE(os.stat(client.daemon_files(root).socket).st_mode)
    assert mode == 0o600
    st = json.loads(run_cli("daemon", "status", "--json", cwd=root, check=True).stdout)
    assert st["running"] and st["files_watched"] == 10 and st["pid"] == client.read_pid(root)
    for key in ("uptime_s", "pending", "last_update", "rss_bytes", "reuse"):
        assert key in st
    again = run_cli("daemon", "start", cwd=root)
    assert again.returncode == 1 and "already" in again.stderr
    text = run_cli("daemon", "status", cwd=root, check=True).stdout
    assert text.startswith("running: pid") and "files watched" in text


def _raw(root, payload: bytes) -> list[dict]:
    """Send bytes on a fresh connection, read replies until the daemon closes it or stays silent."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(str(client.daemon_files(root).socket))
    sock.sendall(payload)
    sock.shutdown(socket.SHUT_WR)
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    sock.close()
    return [json.loads(line) for line in data.splitlines()]


def test_malformed_and_oversized_requests_get_error_replies(daemon_shop):
    root = daemon_shop
    replies = _raw(root, b"nonsense\n[1,2]\n{\"op\": \"fly\"}\n{\"op\": \"wait_fresh\", \"timeout\": \"soon\"}\n"
                         b"{\"op\": \"ping\", \"extra\": 1}\n{\"op\": \"callers\"}\n{\"op\": \"wait_fresh\", \"timeout\": 1e9}\n"
                         b"{\"op\": \"callers\", \"symbol\": \"no_such_symbol_here\"}\n{\"op\": \"ping\", \"id\": 7}\n")
    assert [r["ok"] for r in replies] == [False] * 8 + [True]
    assert "not JSON" in replies[0]["error"] and "unknown op" in replies[2]["error"]
    assert "timeout" in replies[3]["error"] and "unknown field" in replies[4]["error"]
    assert "missing field 'symbol'" in replies[5]["error"] and "between" in replies[6]["error"]
    assert replies[7]["kind"] == "UnknownSymbolError" and replies[8]["id"] == 7
    big = _raw(root, b"{\"op\": \"ping\", \"pad\": \"" + b"x" * (protocol.MAX_REQUEST_BYTES + 10))
    assert len(big) == 1 and not big[0]["ok"] and "larger than" in big[0]["error"]
    binary = _raw(root, bytes(range(256)) * 10 + b"\n")             # 11 lines of bytes: 11 error replies
    assert len(binary) == 11 and not any(r["ok"] for r in binary)
    assert client.request(root, "ping")["ok"]                           # and the daemon still serves
    result = client.request(root, "callers", symbol=TARGET)["result"]
    assert {c["symbol"] for c in result["callers"]} >= {"shop.api.Handler.quick"}


def test_sigterm_stops_cleanly(indexed_shop, no_leaks):
    pid = start_daemon(indexed_shop)
    files = client.daemon_files(indexed_shop)
    os.kill(pid, signal.SIGTERM)
    assert wait_gone(pid)
    assert not files.socket.exists() and not files.pid.exists() and not client.lock_held(indexed_shop)
    assert "not running" in run_cli("daemon", "status", cwd=indexed_shop).stdout


def test_kill9_mid_burst_then_restart_repairs(indexed_shop, no_leaks, tmp_path):
    from daemonkit import assert_same_graph
    from graphmind.index.indexer import index_workspace
    from graphmind.store import index_path, open_reader
    root = indexed_shop
    pid = start_daemon(root)
    burst = root / "shop" / "burst"
    burst.mkdir()
    killed = False
    for i in range(120):
        (burst / f"m{i}.py").write_text(CALLER.format(name=f"f{i}"))
        (root / "shop" / "api.py").write_text((root / "shop" / "api.py").read_text() + f"\n# save {i}\n")
        if i == 60:
            os.kill(pid, signal.SIGKILL)
            killed = True
    assert killed and wait_gone(pid)
    conn = open_reader(root)                                             # the last committed state reads
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT count(*) FROM files").fetchone()[0] >= 10
    conn.close()
    status = run_cli("daemon", "status", cwd=root)
    assert status.returncode == 3 and "did not stop cleanly" in status.stdout
    pid = start_daemon(root)                                             # stale lock/pid/socket recovered
    try:
        wait_fresh(root)
        assert "shop.burst.m119.f119" in caller_names(root, TARGET)
    finally:
        stop_daemon(root, pid)
    clean = tmp_path / "clean"
    import shutil
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert_same_graph(index_path(root), index_path(clean))


def test_without_a_daemon_queries_refresh_or_say_so(indexed_shop):
    root = indexed_shop
    with open(root / "shop" / "api.py", "a") as fh:
        fh.write("\n\ndef late(order):\n    return process_refund(order, 5)\n")
    proc = run_cli("callers", TARGET, "--no-refresh", cwd=root, check=True)
    assert "shop/api.py" in proc.stdout and "late" not in proc.stdout and "not fresh" in proc.stdout
    doc = json.loads(run_cli("callers", TARGET, "--json", cwd=root, check=True).stdout)
    assert doc["freshness"]["source"] == "refreshed" and doc["freshness"]["changed"] == 1
    assert "shop.api.late" in {c["symbol"] for c in doc["callers"]} and doc["stale_files"] == []


def test_in_process_daemon_stops_every_thread(indexed_shop, no_leaks):
    d = Daemon(indexed_shop)
    d.start()
    try:
        (indexed_shop / "shop" / "extra.py").write_text(CALLER.format(name="inproc"))
        assert d.wait_fresh(20)["fresh"]
        reply = d.handle(b'{"op": "callers", "symbol": "process_refund"}')
        assert "shop.extra.inproc" in {c["symbol"] for c in reply["result"]["callers"]}
        assert d.handle(b'{"op": "status"}')["reuse"]["parsed"] >= 1
    finally:
        d.shutdown()
    assert not client.daemon_files(indexed_shop).socket.exists() and not client.lock_held(indexed_shop)
