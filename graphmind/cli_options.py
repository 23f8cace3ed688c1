"""What every `graphmind` command shares: its common options, finding the workspace, printing."""
from __future__ import annotations

import copy
import shutil
import sys
from pathlib import Path
from typing import Optional

import orjson
import typer
from typer.core import TyperArgument, TyperOption

try:                                          # typer >= 0.20 carries its own copy of click
    from typer._click.exceptions import UsageError
except ImportError:                           # pragma: no cover - older typer, on click
    from click.exceptions import UsageError

from graphmind.errors import EXIT_USAGE, DamagedIndexError, GraphmindError, NoIndexError
from graphmind.index import roots
from graphmind.store import index_path

RootOpt = typer.Option(None, "--root", metavar="PATH", help=(
    "Workspace root, taken as it is (default: the nearest folder at or above the current one with a "
    ".graphmind/ index, else the git repository's root, else the current folder)."))
JsonOpt = typer.Option(False, "--json", help="Print JSON with stable field names (see docs/cli.md).")
WAIT_FRESH_DEFAULT = 5.0
WaitFreshOpt = typer.Option(None, "--wait-fresh", metavar="[=SECONDS]", help=(
    "With a running daemon: first wait until every file saved before this command is in the index "
    f"(bare flag: up to {WAIT_FRESH_DEFAULT:g}s). Without one, the index is refreshed anyway."))
NoRefreshOpt = typer.Option(False, "--no-refresh", help=(
    "Answer from the index as it is (no daemon: do not re-index changed files first); stale files are flagged."))


def find_root(root: Optional[Path]) -> Path:
    """The indexed workspace a query reads: --root exactly, else the nearest enclosing index."""
    if root is not None:
        return roots.folder(root)
    found = roots.enclosing_index(Path.cwd().resolve())
    if found is None or not index_path(found).is_file():
        raise NoIndexError()
    return found


def root_or_cwd(root: Optional[Path], start: Optional[Path] = None) -> Path:
    """The workspace a command that may index works on: --root exactly, else the nearest enclosing
    index, else the repository root, else the folder it started in (`start`, default: here)."""
    return roots.folder(root) if root is not None else roots.workspace_of(start or Path.cwd())


def open_fresh(root: Optional[Path], wait_fresh: Optional[float], refresh: bool, index_first: bool = False):
    """(root, read-only connection, Freshness) for a query: the index brought up to date first (by the
    daemon when one runs, else in-process), unless `refresh` is False; `index_first`: a workspace
    without an index yet is indexed (else NoIndexError)."""
    from graphmind.live import freshness
    from graphmind.store import open_reader
    root = root_or_cwd(root) if index_first else find_root(root)
    fresh = freshness.current(root, wait_fresh, refresh)
    conn = open_reader(root)
    conn.execute("BEGIN")              # one read snapshot for the whole answer: a daemon may commit meanwhile
    return root, conn, fresh


def not_fresh(fresh) -> str:
    """The line a text answer ends with when the index may miss changes ('' when it is fresh)."""
    if fresh.fresh:
        return ""
    return f"\nnot fresh: {fresh.note}" + (f" ({', '.join(fresh.stale[:5])})" if fresh.stale else "")


def width() -> int | None:
    """The terminal's width when stdout is one; None into a pipe (agents read every character)."""
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else None


def emit(doc: dict | list | str, as_json: bool) -> None:
    """Print a command's answer: indented JSON, or the text as it is."""
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        typer.echo(doc)


def _argv(args: list[str]) -> list[str]:
    """`--wait-fresh 2` as `--wait-fresh=2`, a bare `--wait-fresh` as its default (click options
    cannot take an optional value)."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a == "--wait-fresh":
            nxt = args[i + 1] if i + 1 < len(args) else ""
            try:
                float(nxt)
            except ValueError:
                a = f"--wait-fresh={WAIT_FRESH_DEFAULT}"
            else:
                a, i = f"--wait-fresh={nxt}", i + 1
        out.append(a)
        i += 1
    return out


def fail(exc: GraphmindError, as_json: bool) -> None:
    """Report an error: a JSON object on stdout under --json, else `error: …` on stderr; then exit with
    its status (1 error, 2 bad usage, 3 not found, 4 ambiguous)."""
    if as_json:
        emit(exc.as_json(), True)
    else:
        sys.stderr.write(f"error: {exc.message}\n")
    sys.exit(exc.exit_status)


def _tidy_help(command) -> None:
    """Help that reads like a manual: `--limit N`, `SYMBOL`, never typer's `<int>`, `<list[str]>`, `<bool>`."""
    for param in command.params:
        if isinstance(param, TyperArgument):
            param.metavar = param.metavar or param.name.upper()
            param.display_type_rich = lambda ctx: None        # the metavar says it; no `<str>` after it
            usage = param.metavar if param.required else f"[{param.metavar}]"
            param.get_usage_pieces = lambda ctx, u=usage + ("..." if param.nargs != 1 else ""): [u]
        elif isinstance(param, TyperOption) and not param.is_flag and param.metavar is None:
            kind = getattr(getattr(param, "type", None), "name", None) or param.bare_type()
            param.metavar = {"int": "N", "float": "SECONDS", "path": "PATH", "Path": "PATH"}.get(kind, param.name.upper())
    for sub in getattr(command, "commands", {}).values():
        _tidy_help(sub)


def _named_only(app: typer.Typer, args: list[str]) -> typer.Typer:
    """The app with only the command the arguments name: typer turns every command's signature into
    click parameters on each run (about a third of a query process's own time), and one is run. The
    whole app when no command is named or the name is none of its (click then suggests one)."""
    name = next((a for a in args if not a.startswith("-")), None)
    commands = [c for c in app.registered_commands if c.name == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not commands and not groups:
        return app
    only = copy.copy(app)
    only.registered_commands, only.registered_groups = commands, groups
    return only


def run(app: typer.Typer, damaged: tuple[type[BaseException], ...]) -> None:
    """Run the app as the `graphmind` command under one error contract for every command."""
    args = _argv(sys.argv[1:])
    as_json = "--json" in args
    command = typer.main.get_command(_named_only(app, args))
    _tidy_help(command)
    try:
        status = command.main(args=args, prog_name="graphmind", standalone_mode=False)
    except UsageError as exc:
        if not as_json:
            exc.show()
            sys.exit(EXIT_USAGE)
        emit({"error": "usage", "message": exc.format_message()}, True)
        sys.exit(EXIT_USAGE)
    except typer.Abort:
        sys.stderr.write("error: interrupted\n")
        sys.exit(130)
    except GraphmindError as exc:
        fail(exc, as_json)
    except damaged as exc:                     # found damaged while reading (pages overwritten)
        fail(DamagedIndexError(f"({exc})"), as_json)
    sys.exit(status if isinstance(status, int) else 0)


class _Phases:
    """`graphmind index`'s progress on a terminal: one line per phase, rewritten in place as its count moves."""
    TEXT = {"parse": "parsing {done}/{total} files", "resolve": "resolving {done}/{total} call sites",
            "indexes": "building the indexes", "embed": "embedding {done}/{total} definitions"}

    def __init__(self) -> None:
        self.shown: list[str] = []

    def show(self, phase: str, done: int, total: int) -> None:
        if self.shown and self.shown[-1] != phase:
            sys.stderr.write("\n")
        if not self.shown or self.shown[-1] != phase:
            self.shown.append(phase)
        sys.stderr.write("\r" + self.TEXT[phase].format(done=done, total=total) + ("  done" if done == total else ""))
        sys.stderr.flush()

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


phases = _Phases()
