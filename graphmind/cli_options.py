"""What every `graphmind` command shares: its common options, finding the workspace, printing."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

from graphmind.cli_spec import App, Option, bind, run_typer
from graphmind.errors import DamagedIndexError, GraphmindError, NoIndexError
from graphmind.index import roots
from graphmind.store import index_path

CoverageOpt = Option(None, "--coverage", metavar="FILE", help=(
    "Per-test coverage.py data (pytest --cov-context=test; default: the workspace's .coverage if there is one), "
    "used for code unchanged since it was written; static paths for the rest."))
NoCoverageOpt = Option(False, "--no-coverage", help="Static paths only, even if the workspace has a .coverage file.")
RootOpt = Option(None, "--root", metavar="PATH", help=(
    "Workspace root, taken as it is (default: the nearest folder at or above the current one with a "
    ".graphmind/ index, else the git repository's root, else the current folder)."))
JsonOpt = Option(False, "--json", help="Print JSON with stable field names (see docs/cli.md).")
WAIT_FRESH_DEFAULT = 5.0
WaitFreshOpt = Option(None, "--wait-fresh", metavar="[=SECONDS]", help=(
    "With a running daemon: first wait until every file saved before this command is in the index "
    f"(bare flag: up to {WAIT_FRESH_DEFAULT:g}s). Without one, the index is refreshed anyway."))
NoRefreshOpt = Option(False, "--no-refresh", help=(
    "Answer from the index as it is (no daemon: do not re-index changed files first); stale files are flagged."))
FormatOpt = Option("text", "--format", metavar="FORMAT", help=(
    "text (default), or the answer as a graph: dot (Graphviz: `| dot -Tsvg`) or mermaid (a flowchart)."))
HtmlOpt = Option(None, "--html", metavar="FILE", help=(
    "Also write the answer as one self-contained interactive HTML page to FILE (opens offline, fetches nothing)."))


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
    from graphmind.store import DISK, disk_error, open_reader
    root = root_or_cwd(root) if index_first else find_root(root)
    fresh = freshness.current(root, wait_fresh, refresh)
    try:
        conn = open_reader(root)
        conn.execute("BEGIN")          # one read snapshot for the whole answer: a daemon may commit meanwhile
    except DISK as exc:                # a full disk: readers cannot grow the -shm file either
        raise disk_error(root / ".graphmind", exc) from None
    return root, conn, fresh


def check_index(root: Optional[Path]) -> str | None:
    """`status --check`: what SQLite's quick_check found (None: whole); a damaged index is moved aside and
    rebuilt (store/check.py)."""
    from graphmind.store import check
    workspace = find_root(root)
    found = check.check_and_set_aside(workspace)
    if found is not None:
        from graphmind.index import indexer
        indexer.index_workspace(workspace)
    return found


def not_fresh(fresh) -> str:
    """The line a text answer ends with when the index may miss changes ('' when it is fresh)."""
    if fresh.fresh:
        return ""
    return f"\nnot fresh: {fresh.note}" + (f" ({', '.join(fresh.stale[:5])})" if fresh.stale else "")


def width() -> int | None:
    """The terminal's width when stdout is one; None into a pipe (agents read every character)."""
    if not sys.stdout.isatty():
        return None
    import shutil
    return shutil.get_terminal_size().columns


def answer_walk(w, root: Path, conn, as_json: bool, fresh=None, fmt: str = "text", html: Optional[Path] = None) -> None:
    """Print a walk (blast-radius, callers, callees): a picture, JSON, a table on a terminal, compact text in a pipe."""
    from graphmind.query import render, status
    stale = status.stale_paths(conn, root, {h.file for h in w.hits} | {t.file for t in w.targets})
    for h in w.hits:
        h.stale = h.file in stale
    if drawn(w, fmt, html, as_json):
        return
    if as_json:
        doc = render.walk_json(w)
        doc["stale_files"] = sorted(stale)
        if fresh is not None:
            doc["freshness"] = fresh.as_json()
        emit(doc, True)
        return
    text = on_terminal("walk_table", w, root) or render.walk_compact(w)
    if stale:
        text += f"\nstale: {len(stale)} file(s) changed since indexing: run `graphmind index`"
    emit(text + (not_fresh(fresh) if fresh is not None else ""), False)


def on_terminal(table: str, *args) -> str | None:
    """A views/tables.py table (by name) fitted to the terminal; None when stdout is not one (compact text then)."""
    if not sys.stdout.isatty():
        return None
    from graphmind.views import tables
    return getattr(tables, table)(*args, width())


def drawn(answer, fmt: str, html: Optional[Path], as_json: bool) -> bool:
    """Write a walk's or an impact's picture: --html FILE (said on stderr), --format dot|mermaid on stdout.
    True when the picture is the answer (the text answer is not printed)."""
    from graphmind.errors import BadArgumentError
    if fmt not in ("text", "dot", "mermaid"):
        raise BadArgumentError(f"unknown --format '{fmt}': text, dot or mermaid")
    if fmt != "text" and as_json:
        raise BadArgumentError(f"give --json or --format {fmt}, not both")
    if fmt == "text" and html is None:
        return False
    from graphmind import views
    picture = views.picture_of(answer)
    if html is not None:
        html.write_text(views.to_html(picture), encoding="utf-8")
        sys.stderr.write(f"wrote {html} ({len(picture.nodes)} symbols, {len(picture.edges)} edges)\n")
    if fmt != "text":
        emit(views.to_dot(picture) if fmt == "dot" else views.to_mermaid(picture), False)
    return fmt != "text"


def emit(doc: dict | list | str, as_json: bool) -> None:
    """Print a command's answer: indented JSON, or the text as it is."""
    if as_json:
        import orjson                     # only for JSON answers: its own imports cost a text answer ~15 ms
        sys.stdout.buffer.write(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        sys.stdout.write(f"{doc}\n")
        sys.stdout.flush()


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


def run(app: App, damaged: tuple[type[BaseException], ...]) -> None:
    """Run the app as the `graphmind` command under one error contract for every command: a plain command
    line of a top-level command is bound here (cli_spec.bind: no typer, no click), any other goes through
    typer (cli_spec.run_typer)."""
    args = _argv(sys.argv[1:])
    as_json = "--json" in args
    bound = None if "_GRAPHMIND_COMPLETE" in os.environ else bind(app, args)     # shell completion: click's
    try:
        if bound is None:
            status = run_typer(app, args, as_json, emit)
        else:
            status = _call(*bound)
    except GraphmindError as exc:
        fail(exc, as_json)
    except damaged as exc:                     # found damaged while reading (pages overwritten)
        fail(DamagedIndexError(f"({exc})"), as_json)
    sys.exit(status if isinstance(status, int) else 0)


def _call(func, kwargs: dict):
    """Call a bound command as click would: Ctrl-C is `error: interrupted` (130); a closed pipe exits 1 quietly."""
    try:
        return func(**kwargs)
    except KeyboardInterrupt:
        sys.stderr.write("\nerror: interrupted: what was committed is kept; the next run resumes from there\n")
        sys.exit(130)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nothing more to flush at exit
        sys.exit(1)


class _Phases:
    """Progress of `index` and `embed` on a terminal: one line per phase, rewritten in place as its count
    moves, with a bar, the rate and the time left: `parsing 120/2823 files [###.......] 350/s 0:08 left`."""
    TEXT = {"parse": "parsing {done}/{total} files", "resolve": "resolving {done}/{total} call sites",
            "indexes": "building the indexes", "embed": "embedding {done}/{total} definitions"}
    BAR = 20

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.started = 0.0

    def show(self, phase: str, done: int, total: int) -> None:
        import time
        if self.shown and self.shown[-1] != phase:
            sys.stderr.write("\n")
        if not self.shown or self.shown[-1] != phase:
            self.shown.append(phase)
            self.started = time.monotonic()
        line = self.TEXT[phase].format(done=done, total=total)
        if done == total:
            line += "  done"
        elif total and "{total}" in self.TEXT[phase]:
            filled = self.BAR * done // total
            rate = done / max(time.monotonic() - self.started, 1e-6)
            left = f"{int((total - done) / rate) // 60}:{int((total - done) / rate) % 60:02d} left" if done else "…"
            line += f" [{'#' * filled}{'.' * (self.BAR - filled)}] {rate:,.0f}/s {left}"
        sys.stderr.write("\r" + line + "\x1b[K")
        sys.stderr.flush()

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


phases = _Phases()
