"""The `graphmind daemon start|stop|status` commands and `graphmind watch`: arguments in, output out."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from graphmind.cli_options import JsonOpt, RootOpt, emit, root_or_cwd
from graphmind.errors import DaemonError, DaemonNotRunningError, GraphmindError

daemon_app = typer.Typer(no_args_is_help=True, help=(
    "A background daemon per workspace that re-indexes files within moments of a save, so every query sees "
    "the code as it is on disk. Start it once per workspace; queries use it on their own."))


def _daemon_status_text(st: dict) -> str:
    last = st.get("last_update") or {}
    reuse = st.get("reuse") or {}
    lines = [f"running: pid {st['pid']}, up {st['uptime_s']:.0f}s, {st['files_watched']} files watched, "
             f"{st['pending']} change(s) pending, RSS {st['rss_bytes'] / 1e6:.0f} MB",
             f"updates: {st['updates']} ({st['reconciles']} full reconciles), {st['events']} events"]
    if last:
        lines.append(f"last update: {last['changed']} changed, {last['removed']} removed in {last['ms']:.0f} ms "
                     f"({', '.join(last['paths'][:3]) or 'reconcile'})")
    if reuse.get("share") is not None:
        lines.append(f"reused extractions: {reuse['reused']} of {reuse['reused'] + reuse['parsed']} "
                     f"({reuse['share']:.0%}); incremental parses: {reuse['incremental_parses']}")
    return "\n".join(lines)


@daemon_app.command("start")
def daemon_start_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Start the workspace's daemon in the background (one per workspace); it indexes what changed first."""
    from graphmind.live import client
    root = root_or_cwd(root)
    if client.running(root):
        raise GraphmindError(f"a daemon already serves {root} (pid {client.read_pid(root)})")
    ping = client.start(root)
    emit(ping if as_json else f"daemon started: pid {ping['pid']}, watching {root}", as_json)


@daemon_app.command("stop")
def daemon_stop_cmd(root: Optional[Path] = RootOpt):
    """Stop the workspace's daemon (it finishes the update in progress first)."""
    from graphmind.live import client
    root = root_or_cwd(root)
    pid = client.stop(root)
    typer.echo(f"daemon stopped (pid {pid})" if pid else "no daemon was running")


@daemon_app.command("status")
def daemon_status_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Whether a daemon serves this workspace: pid, uptime, files watched, pending changes, last update, RSS."""
    from graphmind.live import client
    root = root_or_cwd(root)
    try:
        st = client.request(root, "status")
    except (DaemonNotRunningError, DaemonError):
        pid = client.read_pid(root)
        stale = pid is not None and not client.lock_held(root)
        st = {"running": False, "stale_pid": pid if stale else None}
        emit(st if as_json else "not running" + (f" (pid {pid} did not stop cleanly; the next start recovers)"
                                                 if stale else ""), as_json)
        raise typer.Exit(3)
    st.pop("ok", None)
    emit({"running": True, **st} if as_json else _daemon_status_text(st), as_json)


def watch_cmd(root: Optional[Path] = RootOpt,
              background: bool = typer.Option(False, "--background", hidden=True, help="Log to .graphmind/daemon.log.")):
    """Run the daemon in the foreground: watch the workspace and re-index on every save, one log line per
    update, until Ctrl-C. `graphmind daemon start` runs the same in the background."""
    from graphmind.live import client, daemon
    root = root_or_cwd(root)
    daemon.serve(root, log_file=client.daemon_files(root).log if background else None)
