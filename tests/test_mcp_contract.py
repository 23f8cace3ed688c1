"""The MCP server's contract with agents (a real stdio client): an outputSchema for every tool that the
answers satisfy, argument errors worded for an agent, every tool documented, and `graphmind mcp install`."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from jsonschema import Draft202012Validator
from test_impact import repo  # noqa: F401  (the committed shop fixture)
from test_mcp import run, text

from conftest import run_cli
from graphmind.agent import schemas

DOCS = Path(__file__).resolve().parent.parent / "docs"
CALLS = [("blast_radius", {"symbol": "shop.orders.validate"}), ("callers", {"symbol": "process_refund"}),
         ("callees", {"symbol": "process_refund", "depth": 2}), ("find_symbol", {"query": "validate"}),
         ("symbol_source", {"symbol": "shop.orders.validate"}), ("change_impact", {"ranges": ["shop/orders.py:2"]}),
         ("index_status", {}), ("search", {"query": "refund"}), ("repo_map", {"max_tokens": 256})]


def test_every_tool_declares_an_output_schema_its_answers_meet(shop, tmp_path):
    async def scenario(call, session):
        tools = {t.name: t for t in (await session.list_tools()).tools}
        return tools, {name: await call(name, **args) for name, args in CALLS}
    tools, results = run(shop, tmp_path, scenario)
    assert set(tools) == set(schemas.TOOLS) == {name for name, _ in CALLS}
    for name, tool in tools.items():
        assert tool.output_schema == schemas.outline(schemas.TOOLS[name]), name       # the full one is named
        assert tool.output_schema["description"].endswith(f"docs/schemas/{schemas.TOOLS[name]}.schema.json")
        result = results[name]
        assert not result.is_error, text(result)
        full = schemas.schema(schemas.TOOLS[name])
        assert not list(Draft202012Validator(full).iter_errors(result.structured_content)), name


def test_argument_errors_read_as_advice_without_links_or_flags(shop, tmp_path):
    async def scenario(call, session):
        return [await call("blast_radius", symbol="x", depth=99), await call("find_symbol", query="x", kind="bogus"),
                await call("blast_radius"), await call("blast_radius", symbol="validate"),
                await call("change_impact")]
    results = run(shop, tmp_path, scenario)
    messages = [text(r) for r in results]
    assert all(r.is_error for r in results)
    for message in messages:
        assert "http" not in message and "pydantic" not in message.lower() and "Arguments\n" not in message
        assert " --" not in message, message
    assert messages[0].startswith("blast_radius was called with invalid arguments: depth: Input should be less "
                                  "than or equal to 10 (given: 99)")
    assert "symbol: Field required" in messages[2]
    assert "all_matches=true" in messages[3]
    assert 'pass ranges=["FILE:LINE"] instead' in messages[4]


def test_help_and_docs_list_every_tool(tmp_path):
    help_text = " ".join(run_cli("mcp", "--help", cwd=tmp_path, check=True).stdout.split())
    doc = (DOCS / "mcp.md").read_text()
    for name in schemas.TOOLS:
        assert name in help_text, name
        assert f"### `{name}(" in doc, name


def test_install_writes_each_client_config_and_keeps_other_entries(shop):
    (shop / ".cursor").mkdir()
    (shop / ".cursor" / "mcp.json").write_text(json.dumps({"mcpServers": {"other": {"command": "x"}}, "keep": 1}))
    sub = shop / "shop" / "payments"
    for client, path, key in [("claude", ".mcp.json", "mcpServers"), ("cursor", ".cursor/mcp.json", "mcpServers"),
                              ("vscode", ".vscode/mcp.json", "servers")]:
        shown = run_cli("mcp", "install", "--client", client, "--print", "--root", str(shop), cwd=sub, check=True)
        entry = json.loads(shown.stdout.split("\n", 1)[1])[key]["graphmind"]
        assert Path(entry["command"]).is_absolute() and Path(entry["command"]).is_file(), entry   # found from anywhere
        done = run_cli("mcp", "install", "--client", client, "--root", str(shop), cwd=sub, check=True)
        assert f"registered graphmind in {shop / path}" in done.stdout                          # which file changed
        written = json.loads((shop / path).read_text())
        args = written[key]["graphmind"]["args"]
        assert "mcp" in args
        before_mcp = args[:args.index("mcp")]                 # [] for the script, [-m, graphmind] for the interpreter
        version = subprocess.run([written[key]["graphmind"]["command"], *before_mcp, "--version"], capture_output=True,
                                 text=True, timeout=60, cwd="/", env={"PATH": "/usr/bin:/bin"})
        assert version.returncode == 0 and version.stdout.startswith("graphmind "), version.stderr
    cursor = json.loads((shop / ".cursor" / "mcp.json").read_text())
    assert cursor["mcpServers"]["other"] == {"command": "x"} and cursor["keep"] == 1
    assert json.loads((shop / ".vscode" / "mcp.json").read_text())["servers"]["graphmind"]["type"] == "stdio"


def test_install_prints_without_writing_and_refuses_a_broken_file(shop):
    run_cli("mcp", "install", "--client", "claude", "--print", "--root", str(shop), cwd=shop, check=True)
    assert not (shop / ".mcp.json").exists()
    (shop / ".mcp.json").write_text("{not json")
    proc = run_cli("mcp", "install", "--client", "claude", "--root", str(shop), cwd=shop)
    assert proc.returncode == 1 and ".mcp.json is not readable JSON" in proc.stderr
    assert (shop / ".mcp.json").read_text() == "{not json"
    bad = run_cli("mcp", "install", "--client", "emacs", "--root", str(shop), cwd=shop)
    assert bad.returncode == 1 and "unknown client 'emacs'" in bad.stderr


def test_started_in_a_subfolder_it_serves_the_repository(repo):  # noqa: F811
    import os
    import sys

    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    async def main():
        params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp"],
                                       env={"PYTHONUTF8": "1", "PATH": os.environ.get("PATH", "")},
                                       cwd=str(repo / "shop" / "payments"))
        with open(os.devnull, "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=120) as session:
                    await session.initialize()
                    return await session.call_tool("index_status", {})
    result = anyio.run(main)
    assert result.structured_content["root"] == str(repo) and result.structured_content["files"] > 5
    assert sorted(str(p.parent.relative_to(repo)) for p in repo.rglob(".graphmind")) == ["."]
