"""The commands that run long or keep something running: `graphmind daemon start|stop|status`, `graphmind watch`,
`graphmind embed` (the semantic index, built in the background by the daemon once made; the embed extra),
`graphmind mcp` (serve the code graph to an agent over stdio) and `graphmind mcp install` (register it in a
client's project config): arguments in, output out."""
from __future__ import annotations

import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from graphmind.cli_options import JsonOpt, RootOpt, emit, open_fresh, phases, root_or_cwd
from graphmind.cli_spec import App, Option
from graphmind.errors import DaemonBusyError, DaemonError, DaemonNotRunningError, DaemonRunningError

if TYPE_CHECKING:                  # typer.Context, mcp's callback annotation: cli_spec resolves it with typer
    import typer

daemon_app = App(no_args_is_help=True, help=(
    "A background daemon per workspace that re-indexes files within moments of a save, so every query sees "
    "the code as it is on disk. Start it once per workspace; queries use it on their own."))


def _daemon_status_text(st: dict) -> str:
    last = st.get("last_update") or {}
    reuse = st.get("reuse") or {}
    lines = [f"running: pid {st['pid']}, up {st['uptime_s']:.0f}s, {st['files_watched']} files watched, "
             f"{st['pending']} change(s) pending, RSS {st['rss_bytes'] / 1e6:.0f} MB",
             f"updates: {st['updates']} ({st['reconciles']} full reconciles), {st['events']} events"]
    if last:
        lines.append(f"last update: {last['changed']} changed, {last['removed']} removed, "
                     f"{last.get('reopened', 0)} site(s) re-opened elsewhere in {last['ms']:.0f} ms "
                     f"({', '.join(last['paths'][:3]) or 'reconcile'})")
    writer, error = st.get("writer") or {}, st.get("last_error")
    if writer.get("state") not in (None, "idle"):
        lines.append(f"writer: {writer['state']} for {time.time() - writer['since']:.0f}s, {writer['detail']}")
    if error and error["failures"]:
        lines.append(f"update failed {error['failures']} time(s) in a row: {error['error']}"
                     f" ({', '.join(error['paths'][:3]) or 'reconcile'})")
    elif error:
        lines.append(f"last error {time.time() - error['at']:.0f}s ago (recovered since): {error['error']}")
    failing = st.get("failing_files") or {}
    if failing.get("total"):
        shown = ", ".join(f"{f['file']} ({f['status']}: {f['error']})" for f in failing["files"][:3])
        more = failing["total"] - min(3, len(failing["files"]))
        lines.append(f"files not indexed whole: {failing['total']}: {shown}" + (f" … {more} more" if more > 0 else ""))
    if reuse.get("share") is not None:
        lines.append(f"reused extractions: {reuse['reused']} of {reuse['reused'] + reuse['parsed']} "
                     f"({reuse['share']:.0%}); incremental parses: {reuse['incremental_parses']}")
    return "\n".join(lines)


@daemon_app.command("start")
def daemon_start_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Start the workspace's daemon in the background (one per workspace); it indexes what changed first.

    Examples: `graphmind daemon start`, `graphmind daemon start --root ../other-repo --json`."""
    from graphmind.live import client
    root = root_or_cwd(root)
    if client.running(root):
        raise DaemonRunningError(f"{root} (pid {client.read_pid(root)})")
    ping = client.start(root)
    emit(ping if as_json else f"daemon started: pid {ping['pid']}, watching {root}", as_json)


@daemon_app.command("stop")
def daemon_stop_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Stop the workspace's daemon (it finishes the update in progress first).

    Example: `graphmind daemon stop`."""
    from graphmind.live import client
    root = root_or_cwd(root)
    pid = client.stop(root)
    emit({"stopped": pid is not None, "pid": pid} if as_json
         else f"daemon stopped (pid {pid})" if pid else "no daemon was running", as_json)


@daemon_app.command("status")
def daemon_status_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Whether a daemon serves this workspace: pid, uptime, files watched, pending changes, last update, RSS,
    the writer's state and files not indexed whole.

    Examples: `graphmind daemon status`, `graphmind daemon status --json`."""
    from graphmind.live import client
    root = root_or_cwd(root)
    try:
        st = client.request(root, "status")
    except DaemonBusyError as exc:          # it serves: every connection is taken (idle clients, a burst)
        pid = client.read_pid(root)
        emit({"running": True, "busy": True, "pid": pid, "error": exc.message} if as_json
             else f"running: pid {pid}, busy: {exc.detail}; no status until a connection frees up", as_json)
        return
    except (DaemonNotRunningError, DaemonError) as exc:
        pid = client.read_pid(root)
        if client.lock_held(root):          # alive (it holds the daemon lock) but not answering
            emit({"running": True, "answering": False, "pid": pid, "error": exc.message} if as_json
                 else f"running: pid {pid}, not answering: {exc.message}", as_json)
            sys.exit(4)
        stale = pid is not None and not client.lock_held(root)
        st = {"running": False, "stale_pid": pid if stale else None}
        emit(st if as_json else "not running" + (f" (pid {pid} did not stop cleanly; the next start recovers)"
                                                 if stale else ""), as_json)
        sys.exit(3)
    st.pop("ok", None)
    emit({"running": True, **st} if as_json else _daemon_status_text(st), as_json)


def watch_cmd(root: Optional[Path] = RootOpt,
              background: bool = Option(False, "--background", hidden=True, help="Log to .graphmind/daemon.log.")):
    """Run the daemon in the foreground: watch the workspace and re-index on every save, one log line per
    update, until Ctrl-C. `graphmind daemon start` runs the same in the background.

    Example: `graphmind watch` (in the repository, in a terminal of its own)."""
    from graphmind.live import client, daemon
    root = root_or_cwd(root)
    daemon.serve(root, log_file=client.daemon_files(root).log if background else None)


_STOP: list[bool] = []

ModeOpt = Option(None, "--mode", metavar="MODE", help=(
    "lexical (names and words), semantic (by meaning: the embed extra and `graphmind embed`) or hybrid "
    "(both fused; the default when the workspace has vectors, else lexical)."))


def embed_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Embed every function, method and class of the workspace (its signature, docstring and the start of
    its body) with a local model, for search by meaning: the index is brought up to date first; only what
    changed since the last run is embedded again; stopping keeps what was done. Needs the embed extra.
    A running daemon then keeps the vectors up to date in its idle time.

    Example: `graphmind embed`, then `graphmind search "send the request again after a failure"`."""
    from graphmind.errors import SemanticUnavailableError
    from graphmind.semantic.model import available
    if not available():
        raise SemanticUnavailableError()
    from graphmind.semantic.embedder import embed_workspace
    root, conn, _fresh = open_fresh(root, None, True, index_first=True)
    conn.execute("COMMIT")             # a long pass: read each file's rows as they are now, not one old snapshot
    signal.signal(signal.SIGTERM, lambda *_: _STOP.append(True))
    report = embed_workspace(conn, root, should_stop=lambda: bool(_STOP),
                             progress=(lambda d, t: phases.show("embed", d, t)) if sys.stderr.isatty() else None)
    phases.end()
    doc = report.as_json()
    emit(doc if as_json else (f"{report.encoded} definitions embedded, {report.reused} reused, {report.files} files"
                              f" in {doc['seconds']}s" + ("" if report.done else "; stopped: run again to finish")),
         as_json)


TOOLS = ("blast_radius", "callers", "callees", "find_symbol", "search", "symbol_source", "change_impact",
         "repo_map", "index_status")

mcp_app = App(invoke_without_command=True, help=(
    "Serve the code graph to a coding agent over MCP (stdio), read-only, every answer within a token budget: "
    + ", ".join(TOOLS) + ". Register it with `graphmind mcp install --client claude|cursor|vscode`, or as the "
    "command `graphmind mcp` in any MCP client. Tools, arguments and answers: docs/mcp.md."))


@mcp_app.callback
def mcp_cmd(ctx: typer.Context, root: Optional[Path] = RootOpt,
            daemon: bool = Option(True, "--daemon/--no-daemon", help=(
                "Keep the index fresh through the workspace's daemon: attach to a running one, else run one "
                "inside this server until it exits (default). --no-daemon: re-index changed files before each "
                "answer instead."))):
    """Serve the workspace (indexed on the first call if it has no index yet) until the client hangs up."""
    if ctx.invoked_subcommand is not None:
        return
    from graphmind.agent import server as mcp_server
    mcp_server.serve(root_or_cwd(root), daemon=daemon)


def lsp_cmd(root: Optional[Path] = RootOpt,
            daemon: bool = Option(True, "--daemon/--no-daemon", help=(
                "Keep the index fresh through the workspace's daemon: attach to a running one, else run one "
                "inside this server until it exits (default). --no-daemon: re-index changed files before each "
                "answer instead.")),
            stdio: bool = Option(True, "--stdio", help="Talk LSP over stdin/stdout (the only transport; "
                                                        "accepted because editors pass it).")):
    """Serve the code graph to an editor as a language server over stdio: call hierarchy, references,
    definition, document and workspace symbols, hover and code lenses, for every indexed language.
    The workspace is --root, else the one enclosing the editor's root folder. Setup per editor: docs/editors.md.

    Example: `graphmind lsp` (started by the editor, not by hand)."""
    from graphmind.editor import server as lsp_server
    lsp_server.serve(lambda folder: root_or_cwd(root, folder), daemon=daemon)     # --root, else the folder's workspace


@mcp_app.command("install")
def mcp_install_cmd(client: str = Option(..., "--client", metavar="claude|cursor|vscode", help=(
                        "The client whose project config gets the server: claude (.mcp.json), cursor "
                        "(.cursor/mcp.json), vscode (.vscode/mcp.json).")),
                    show: bool = Option(False, "--print", help="Print the config it would write; write nothing."),
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
