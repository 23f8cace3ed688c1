"""`graphmind mcp` (serve the code graph to an agent over stdio) and `graphmind mcp install` (register it
in a client's project config): arguments in, output out."""
from __future__ import annotations

from pathlib import Path
from typing import Optional


import typer

from graphmind.cli_options import JsonOpt, RootOpt, emit, root_or_cwd

TOOLS = ("blast_radius", "callers", "callees", "find_symbol", "search", "symbol_source", "change_impact",
         "repo_map", "index_status")

mcp_app = typer.Typer(invoke_without_command=True, help=(
    "Serve the code graph to a coding agent over MCP (stdio), read-only, every answer within a token budget: "
    + ", ".join(TOOLS) + ". Register it with `graphmind mcp install --client claude|cursor|vscode`, or as the "
    "command `graphmind mcp` in any MCP client. Tools, arguments and answers: docs/mcp.md."))


@mcp_app.callback()
def mcp_cmd(ctx: typer.Context, root: Optional[Path] = RootOpt,
            daemon: bool = typer.Option(True, "--daemon/--no-daemon", help=(
                "Keep the index fresh through the workspace's daemon: attach to a running one, else run one "
                "inside this server until it exits (default). --no-daemon: re-index changed files before each "
                "answer instead."))):
    """Serve the workspace (indexed on the first call if it has no index yet) until the client hangs up."""
    if ctx.invoked_subcommand is not None:
        return
    from graphmind.agent import server as mcp_server
    mcp_server.serve(root_or_cwd(root), daemon=daemon)


@mcp_app.command("install")
def mcp_install_cmd(client: str = typer.Option(..., "--client", metavar="claude|cursor|vscode", help=(
                        "The client whose project config gets the server: claude (.mcp.json), cursor "
                        "(.cursor/mcp.json), vscode (.vscode/mcp.json).")),
                    show: bool = typer.Option(False, "--print", help="Print the config it would write; write nothing."),
                    root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Register `graphmind mcp` in a client's config file in the workspace root, keeping every other server
    and setting in it.

    Examples: `graphmind mcp install --client claude`, `graphmind mcp install --client vscode --print`."""
    from graphmind.agent import install
    root = root_or_cwd(root)
    path, doc = install.merged_config(root, client)
    if not show:
        install.write_config(path, doc)
    if as_json:
        emit({"client": client, "file": str(path), "written": not show, "config": doc}, True)
    elif show:
        import json
        emit(f"# {path}\n" + json.dumps(doc, indent=2), False)
    else:
        emit(f"registered graphmind in {path} (restart {client} or reload its MCP servers to use it)", False)
