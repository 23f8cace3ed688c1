"""`graphmind mcp` keeps its workspace fresh through a daemon nobody started: it runs one in its own
process (or attaches to the user's), answers through it, reports a first index as MCP progress, and
leaves nothing running when the agent hangs up. A real MCP client over stdio, real processes."""
from __future__ import annotations

import json

import anyio

from conftest import run_cli
from daemonkit import pid_alive, start_daemon, stop_daemon, wait_gone
from test_mcp import mcp_session


def _daemon_status(root) -> dict:
    return json.loads(run_cli("daemon", "status", "--json", cwd=root).stdout)


def test_the_server_runs_the_daemon_answers_through_it_and_stops_it(shop, tmp_path):
    orders = shop / "shop" / "orders.py"

    async def scenario():
        async with mcp_session(shop, tmp_path / "server.log") as session:
            first = await session.call_tool("callers", {"symbol": "shop.orders.check_items"})
            during = await anyio.to_thread.run_sync(_daemon_status, shop)
            orders.write_text(orders.read_text() + "\n\ndef recheck(order):\n    return check_items(order)\n")
            after = await session.call_tool("callers", {"symbol": "shop.orders.check_items"})
            return first, during, after
    first, during, after = anyio.run(scenario)
    assert not first.is_error and not after.is_error
    assert during["running"] is True and during["files_watched"] > 0       # the server's own daemon
    assert "shop.orders.recheck" in {c["symbol"] for c in after.structured_content["callers"]}
    assert _daemon_status(shop)["running"] is False                          # gone with the server
    assert wait_gone(during["pid"], 1.0)


def test_the_first_call_on_an_unindexed_workspace_reports_progress_then_answers(tmp_path):
    root = tmp_path / "big"
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(600):
        calls = "\n".join(f"    helper_{j}()" for j in range(max(0, i - 3), i))
        pkg.joinpath(f"m{i}.py").write_text(
            "".join(f"from pkg.m{j} import helper_{j}\n" for j in range(max(0, i - 3), i))
            + f"\n\ndef helper_{i}():\n{calls or '    pass'}\n")
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress, total, message):
        seen.append((progress, total, message))

    async def scenario():
        async with mcp_session(root, tmp_path / "server.log") as session:
            return await session.call_tool("callers", {"symbol": "pkg.m10.helper_10"}, progress_callback=on_progress)
    result = anyio.run(scenario)
    assert not result.is_error, result.content
    assert {c["symbol"] for c in result.structured_content["callers"]} >= {"pkg.m11.helper_11", "pkg.m13.helper_13"}
    assert seen, "no progress notification during the first index"
    values = [p for p, _, _ in seen]
    assert values == sorted(values) and len(set(values)) == len(values)     # only grows
    assert all(m and m.startswith("indexing the workspace") for _, _, m in seen)


def test_a_daemon_the_user_started_is_used_and_left_running(indexed_shop, tmp_path):
    pid = start_daemon(indexed_shop)
    try:
        async def scenario():
            async with mcp_session(indexed_shop, tmp_path / "server.log") as session:
                res = await session.call_tool("callers", {"symbol": "shop.orders.check_items"})
                st = await anyio.to_thread.run_sync(_daemon_status, indexed_shop)
                return res, st
        result, during = anyio.run(scenario)
        assert not result.is_error
        assert during["pid"] == pid                     # attached, not a second daemon
        assert pid_alive(pid) and _daemon_status(indexed_shop)["pid"] == pid
    finally:
        stop_daemon(indexed_shop, pid)
