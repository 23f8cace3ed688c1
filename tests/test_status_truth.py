"""A status that tells the truth: a busy daemon is not "not running", a failing or waiting writer says
why, an MCP tool that fails says why. Real daemon processes, a real MCP client over stdio."""
from __future__ import annotations

import fcntl
import json
import os
import resource
import socket
import time
from pathlib import Path

import anyio
import apsw
import pytest

from conftest import run_cli
from daemonkit import start_daemon, stop_daemon, wait_fresh
from graphmind.live import client, server
from test_mcp import mcp_session, text


@pytest.fixture
def daemon_shop(indexed_shop, no_leaks):
    pid = start_daemon(indexed_shop)
    yield indexed_shop
    stop_daemon(indexed_shop, pid)


def status(root: Path) -> dict:
    return json.loads(run_cli("daemon", "status", "--json", cwd=root, check=True).stdout)


def wait_status(root: Path, ok, timeout: float = 30.0) -> dict:
    """Poll `daemon status --json` until ok(status) holds."""
    deadline = time.monotonic() + timeout
    while True:
        st = status(root)
        if ok(st):
            return st
        if time.monotonic() > deadline:
            pytest.fail(f"status never matched: {st}")
        time.sleep(0.2)


def edit(root: Path, name: str) -> None:
    with open(root / "shop" / "orders.py", "a") as fh:
        fh.write(f"\n\ndef {name}(order):\n    return order\n")


def test_a_daemon_with_every_connection_in_use_is_busy_not_gone(daemon_shop):
    root = daemon_shop
    pid = client.read_pid(root)
    idle = []
    try:
        for _ in range(server.MAX_CONNECTIONS):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(5)
            sock.connect(str(client.daemon_files(root).socket))
            sock.sendall(b'{"op": "ping"}\n')
            assert b'"ok":true' in sock.recv(4096)          # served: its connection thread is running
            idle.append(sock)
        proc = run_cli("daemon", "status", cwd=root)
        assert proc.returncode == 0, (proc.stdout, proc.stderr)
        assert "not running" not in proc.stdout and "busy" in proc.stdout and str(pid) in proc.stdout
        doc = json.loads(run_cli("daemon", "status", "--json", cwd=root).stdout)
        assert doc["running"] is True and doc["busy"] is True and doc["pid"] == pid
        again = run_cli("daemon", "start", cwd=root)
        assert again.returncode == 1 and "already" in again.stderr and "Traceback" not in again.stderr
    finally:
        for sock in idle:
            sock.close()
    assert wait_status(root, lambda st: "busy" not in st)["pid"] == pid


def test_a_failing_update_shows_its_error(daemon_shop):
    root = daemon_shop
    wait_fresh(root)                                    # the start-up reconcile is committed
    other = apsw.Connection(str(root / ".graphmind" / "index.db"))
    other.set_busy_timeout(20_000)                      # an idle checkpoint may hold the lock a moment
    other.execute("BEGIN IMMEDIATE")                  # another program holds the index's write lock
    try:
        edit(root, "while_locked")
        st = wait_status(root, lambda st: st.get("last_error"))
        assert "locked" in st["last_error"]["error"] and st["last_error"]["failures"] >= 1
        assert st["writer"]["state"] in ("updating", "retrying", "reconciling")
        assert st["pending"] > 0
        text_out = run_cli("daemon", "status", cwd=root, check=True).stdout
        assert "failed" in text_out and "locked" in text_out
    finally:
        other.execute("ROLLBACK")
        other.close()
    wait_fresh(root)
    st = wait_status(root, lambda st: st["writer"]["state"] == "idle" and not st["last_error"]["failures"])
    assert "locked" in st["last_error"]["error"]               # still told, as past
    assert "recovered" in run_cli("daemon", "status", cwd=root, check=True).stdout


def test_a_writer_waiting_for_another_index_run_says_so(daemon_shop):
    root = daemon_shop
    fd = os.open(root / ".graphmind" / "write.lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)                  # as a `graphmind index` run would
        edit(root, "while_indexing")
        st = wait_status(root, lambda st: st["writer"]["state"] == "waiting")
        assert "write.lock" in st["writer"]["detail"]
        assert "waiting" in run_cli("daemon", "status", cwd=root, check=True).stdout
    finally:
        os.close(fd)
    wait_fresh(root)
    wait_status(root, lambda st: st["writer"]["state"] == "idle")


def _server_pid(root: Path) -> int:
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
            ppid = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        if ppid == me and b"mcp" in cmd and os.fsencode(root) in cmd:
            return int(entry)
    raise AssertionError("no MCP server process found")


def test_an_mcp_tool_that_fails_internally_says_why(indexed_shop, tmp_path):
    """The server runs out of file descriptors mid-session (a real limit, set on the real process)."""
    async def main():
        async with mcp_session(indexed_shop, tmp_path / "server.log") as session:
            first = await session.call_tool("callers", {"symbol": "process_refund"})
            assert not first.is_error, text(first)
            pid = _server_pid(indexed_shop)
            held = {int(fd) for fd in os.listdir(f"/proc/{pid}/fd")}
            lowest_free = min(set(range(max(held) + 2)) - held)
            soft, hard = resource.prlimit(pid, resource.RLIMIT_NOFILE)
            resource.prlimit(pid, resource.RLIMIT_NOFILE, (lowest_free, hard))
            try:
                return await session.call_tool("callers", {"symbol": "process_refund"})
            finally:
                resource.prlimit(pid, resource.RLIMIT_NOFILE, (soft, hard))
    result = anyio.run(main)
    assert result.is_error
    message = text(result)
    assert message.strip() != "Error executing tool callers"
    assert "open files" in message or "unable to open" in message, message


def test_a_file_the_daemon_could_not_index_whole_is_named(daemon_shop):
    """A pathological file saved while the daemon runs: recorded and skipped, the rest kept, and
    `daemon status` names it with the reason (before, only `graphmind status` did)."""
    root = daemon_shop
    wait_fresh(root)
    before = status(root)["failing_files"]["total"]           # the fixture's own broken files
    (root / "shop" / "deep.py").write_text("s = " + " + ".join(f'"x{i}"' for i in range(1000)) + "\n")
    edit(root, "after_deep")
    wait_fresh(root)
    st = status(root)
    failing = st["failing_files"]
    deep = [f for f in failing["files"] if f["file"] == "shop/deep.py"]
    assert failing["total"] == before + 1 and deep and "nested too deeply" in deep[0]["error"]
    assert st["writer"]["state"] == "idle" and not (st["last_error"] or {}).get("failures")
    out = run_cli("daemon", "status", cwd=root, check=True).stdout
    assert "shop/deep.py" in out and "nested too deeply" in out
    assert "shop.orders.after_deep" in run_cli("symbols", "after_deep", cwd=root, check=True).stdout
