"""The `graphmind` command: parses arguments, calls the library, prints. No logic of its own.

Shared options, the workspace, freshness and the error contract: cli_options.py; the declarations and
their two readers (bound without typer, or built into typer): cli_spec.py; the daemon commands, `mcp`
and `mcp install`: cli_daemon.py."""
from __future__ import annotations

import logging
import signal
import sys
from pathlib import Path
from typing import Optional

from graphmind import config, resources
from graphmind.arguments import bounded_int
from graphmind.cli_daemon import ModeOpt, daemon_app, embed_cmd, mcp_app, watch_cmd
from graphmind.cli_options import (WAIT_FRESH_DEFAULT, JsonOpt, NoRefreshOpt, RootOpt, WaitFreshOpt, emit, not_fresh,
                                   open_fresh, phases, root_or_cwd, run, width)
from graphmind.cli_spec import App, Argument, Option
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS, parse_kinds
from graphmind.query import graph, lookup, render, status
from graphmind.errors import BadArgumentError, StoppedError
from graphmind.logs import LineFormatter
from graphmind.store import DAMAGED

app = App(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="graphmind: a code graph of your workspace for coding agents. Index once, then ask who "
                       "calls what, across files, in milliseconds.")


def _print_version(value: bool) -> None:
    if value:
        emit(f"graphmind {resources.version()} ({resources.DISTRIBUTION})", False)
        raise SystemExit(0)


@app.callback
def _main(_version: bool = Option(False, "--version", "-V", callback=_print_version, is_eager=True,
                                        help="Print graphmind's version and exit.")) -> None:
    """graphmind: a code graph of your workspace for coding agents. Index once, then ask who calls what,
    across files, in milliseconds."""


@app.command("index")
def index_cmd(path: Optional[Path] = Argument(None, help=(
                  "A folder in the workspace to index (default: the current one); the workspace is its nearest "
                  "enclosing index, else its git repository's root, else the folder itself.")),
              root: Optional[Path] = RootOpt,
              jobs: Optional[int] = Option(None, "--jobs", "-j", help="Parser processes (default: one per core)."),
              rebuild: bool = Option(False, "--rebuild", help=(
                  "Throw the index away and build it afresh (it is derived data: nothing else is lost).")),
              as_json: bool = JsonOpt):
    """Index a workspace (or bring its index up to date): only new or changed files are parsed.

    Examples: `graphmind index` (anywhere in the repository), `graphmind index --rebuild`,
    `graphmind index --root vendor/lib` (a separate index for a subfolder, on purpose)."""
    from graphmind.index import indexer        # tree-sitter and the resolver: only for commands that write
    signal.signal(signal.SIGTERM, _stop)
    try:
        summary = indexer.index_workspace(root_or_cwd(root, path), jobs=jobs, progress=phases.show if sys.stderr.isatty() else None, rebuild=rebuild)
    except KeyboardInterrupt:
        sys.exit(sys.stderr.write("\nerror: interrupted: what was indexed is kept; the next `graphmind index` resumes from there\n") and 130)
    phases.end()
    emit({k: getattr(summary, k) for k in summary.__dataclass_fields__} if as_json else summary.line(), as_json)


def _answer(w: graph.Walk, root: Path, conn, as_json: bool, fresh=None) -> None:
    stale = status.stale_paths(conn, root, {h.file for h in w.hits} | {t.file for t in w.targets})
    for h in w.hits:
        h.stale = h.file in stale
    if as_json:
        doc = render.walk_json(w)
        doc["stale_files"] = sorted(stale)
        if fresh is not None:
            doc["freshness"] = fresh.as_json()
        emit(doc, True)
        return
    text = render.walk_table(w, width()) if sys.stdout.isatty() else render.walk_compact(w)
    if stale:
        text += f"\nstale: {len(stale)} file(s) changed since indexing: run `graphmind index`"
    emit(text + (not_fresh(fresh) if fresh is not None else ""), False)


def _walk(symbol: str, direction: str, depth: int, limit: int, take_all: bool, root: Optional[Path], as_json: bool,
          wait_fresh: Optional[float] = None, refresh: bool = True, kinds: tuple[str, ...] = CALL_KINDS):
    root, conn, fresh = open_fresh(root, wait_fresh, refresh)
    targets = graph.resolve_targets(conn, symbol, take_all)
    _answer(graph.walk(conn, targets, direction, depth, limit, kinds=kinds), root, conn, as_json, fresh)


@app.command("blast-radius")
def blast_radius_cmd(symbol: str = Argument(..., help="Qualified name, short name, Cls.method, or FILE:LINE."),
                     depth: int = Option(config.DEFAULT_DEPTH, "--depth", "-d", help="How many hops upward."),
                     limit: int = Option(config.DEFAULT_LIMIT, "--limit", help="At most this many callers, nearest first."),
                     take_all: bool = Option(False, "--all", help="Take every symbol the name matches."),
                     kinds: Optional[str] = Option(None, "--kinds", help=(
                         "Only edges of these kinds, comma-separated (default: all): " + ", ".join(ALL_KINDS))),
                     root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
                     wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """Everything that depends on a symbol within N hops, nearest first: what a change to it can break
    (callers, instantiations, subclasses, overrides, type references, importers).

    Examples: `graphmind blast-radius process_refund`, `graphmind blast-radius shop.orders.Order --depth 1
    --kinds inherit,instantiate`, `graphmind blast-radius shop/api.py:42 --json`."""
    _walk(symbol, "up", depth, limit, take_all, root, as_json, wait_fresh, not no_refresh, parse_kinds(kinds))


@app.command("callers")
def callers_cmd(symbol: str = Argument(..., help="Qualified name, short name, Cls.method, or FILE:LINE."),
                limit: int = Option(config.DEFAULT_LIMIT, "--limit"),
                take_all: bool = Option(False, "--all", help="Take every symbol the name matches."),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
                wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """The direct callers of a symbol (calls only: call, constructor, instantiate, decorator, property,
    implicit, dispatch), with possible and unresolved call sites; blast-radius adds the other dependencies.

    Examples: `graphmind callers validate --all`, `graphmind callers RefundService.refund_one --wait-fresh 2`."""
    _walk(symbol, "up", 1, limit, take_all, root, as_json, wait_fresh, not no_refresh)


@app.command("callees")
def callees_cmd(symbol: str = Argument(..., help="Qualified name, short name, Cls.method, or FILE:LINE."),
                depth: int = Option(1, "--depth", "-d", help="How many hops downward."),
                limit: int = Option(config.DEFAULT_LIMIT, "--limit"),
                take_all: bool = Option(False, "--all", help="Take every symbol the name matches."),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
                wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """What a symbol calls (calls only, as for callers), within N hops, and which calls leave the workspace.

    Examples: `graphmind callees process_refund --depth 2`, `graphmind callees shop/api.py:17 --json`."""
    _walk(symbol, "down", depth, limit, take_all, root, as_json, wait_fresh, not no_refresh)


@app.command("symbols")
def symbols_cmd(pattern: Optional[str] = Argument(None, help="Substring of the qualified name, or a glob with *."),
                file: Optional[str] = Option(None, "--file", metavar="FILE", help=(
                    "Only symbols in this file (path relative to the workspace root).")),
                kind: Optional[str] = Option(None, "--kind", metavar="KIND", help=(
                    "Only this kind: function, method, class, module, ... (an unknown kind lists the known ones).")),
                limit: int = Option(200, "--limit", metavar="N", help="At most N rows; the total is always given."),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
                wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """List definitions by name, file or kind, with location and signature.

    Examples: `graphmind symbols refund --kind method`, `graphmind symbols --file shop/orders.py`,
    `graphmind symbols 'shop.*.validate'`."""
    root, conn, fresh = open_fresh(root, wait_fresh, not no_refresh)
    lookup.check_filters(conn, file, kind)
    refs = lookup.list_symbols(conn, pattern, file, kind, limit)
    total = lookup.count_symbols(conn, pattern, file, kind)
    if as_json:
        emit({"symbols": [render.ref_json(r) for r in refs], "total": total, "truncated": total > len(refs),
              "freshness": fresh.as_json()}, True)
        return
    emit(render.symbols_text(refs, total, width()) + not_fresh(fresh), False)


@app.command("status")
def status_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
               wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """What is indexed: files, symbols, edges by resolution, languages, failing files, what was skipped and
    why, index age and size.

    Examples: `graphmind status`, `graphmind status --json --no-refresh`."""
    root, conn, fresh = open_fresh(root, wait_fresh, not no_refresh)
    from graphmind.semantic.report import semantic_line, semantic_status
    st = status.index_status(conn, root) | {"semantic": semantic_status(root)}
    emit({**st, "freshness": fresh.as_json()} if as_json else render.status_text(st) + semantic_line(st["semantic"]) + not_fresh(fresh), as_json)


@app.command("export")
def export_cmd(fmt: str = Option("json", "--format", metavar="FORMAT", help="json (the only format)."),
               root: Optional[Path] = RootOpt, as_json: bool = Option(True, "--json", help=(
                   "The output is JSON in any case (accepted for the same flags on every command).")),
               wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """Every symbol and the resolved call graph {caller: [callees]} as one JSON document.

    Example: `graphmind export > graph.json`."""
    if fmt != "json":
        raise BadArgumentError(f"unknown --format '{fmt}': the only format is json")
    from graphmind.query import export
    root, conn, fresh = open_fresh(root, wait_fresh, not no_refresh)
    emit({**export.export_document(conn), "freshness": fresh.as_json()}, True)


@app.command("impact")
def impact_cmd(ranges: Optional[list[str]] = Argument(None, metavar="FILE:LINE", help=(
                   "Changed lines instead of git: FILE:LINE or FILE:START-END (workspace-relative).")),
               staged: bool = Option(False, "--staged", help="Only the staged changes."),
               base: Optional[str] = Option(None, "--base", help="Everything changed since this git ref."),
               depth: int = Option(config.DEFAULT_DEPTH, "--depth", "-d", metavar="N", help=(
                   "How many caller hops to follow.")),
               root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
               wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """What a change can break: the definitions touched by uncommitted changes (default), staged changes,
    changes since a ref, or FILE:LINE ranges; their callers within N hops; the tests that reach them, as
    runnable test IDs (tests/test_x.py::test_y).

    Examples: `graphmind impact`, `graphmind impact --base main`, `graphmind impact shop/orders.py:5-9`."""
    from graphmind.agent import answers
    from graphmind.query import impact
    if sum([staged, base is not None, bool(ranges)]) > 1:
        raise BadArgumentError("give at most one of --staged, --base REF, FILE:LINE ranges")
    root, conn, fresh = open_fresh(root, WAIT_FRESH_DEFAULT if wait_fresh is None else wait_fresh, not no_refresh,
                                   index_first=True)
    if ranges:
        changes, deleted, source = impact.range_changes(root, ranges), [], "the given ranges"
    else:
        changes, deleted, source = impact.git_changes(root, staged=staged, base=base)
    imp = impact.change_impact(conn, changes, source, depth, deleted=deleted)
    stale = answers.mark_stale(conn, root, imp.walk, set(fresh.stale)) if imp.walk else set()
    page, doc = answers.impact_page(imp, stale, None)
    emit({**doc, "freshness": fresh.as_json()} if as_json else page.text + not_fresh(fresh), as_json)


@app.command("search")
def search_cmd(query: str = Argument(..., help=(
                   "A name (process_refund, processRefund, Class.method), part of one, or words describing "
                   "the code (\"retry with backoff\").")),
               kind: Optional[str] = Option(None, "--kind", help="Only this kind: function, method, class, module, ..."),
               file: Optional[str] = Option(None, "--file", help="Only in this file or folder (relative path, or a glob with *)."),
               limit: int = Option(20, "--limit", help="At most this many results."), mode: Optional[str] = ModeOpt,
               root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
               wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """Find definitions by name or by words, best first: exact names, then names starting with the query,
    then matches in names, docstrings, comments, signatures and paths, ranked with how much code depends
    on them. One line each: kind, qualified name, file:line, signature. Use it when you do not know the
    exact name; give the qualified name it prints to blast-radius, callers or callees.

    Examples: `graphmind search "retry with backoff"`, `graphmind search refund --kind method --file shop/`."""
    from graphmind.live import remote
    from graphmind.query import search
    from graphmind.semantic.fusion import choose_mode, search_modes
    root, conn, fresh = open_fresh(root, wait_fresh, not no_refresh)
    lookup.check_filters(conn, None, kind)
    asked = {"mode": mode, "kind": kind, "file": file, "limit": bounded_int("limit", limit) + 1}
    got = remote.search(root, query, **asked, stale=set(fresh.stale)) if choose_mode(root, mode) != "lexical" else None
    mode, results = got or search_modes(conn, root, query, **asked, stale_known=set(fresh.stale))
    more, results = len(results) > limit, results[:limit]
    if as_json:
        emit({"query": query, "mode": mode, "results": [search.result_json(r) for r in results], "truncated": more,
              "freshness": fresh.as_json()}, True)
        return
    text = search.results_text(query, results)
    emit(text + (f"\n… more match: the best {limit} are shown (raise --limit)" if more else "") + not_fresh(fresh), False)


@app.command("map")
def map_cmd(tokens: int = Option(1024, "--tokens", help="Token budget of the map (met within 15%)."),
            focus: Optional[list[str]] = Option(None, "--focus", help=(
                "A file you are working on (repeatable): what it references ranks higher; its own "
                "definitions are left out (you have it open).")),
            mention: Optional[list[str]] = Option(None, "--mention", help=(
                "An identifier or file path you care about (repeatable): its definitions rank higher.")),
            max_context: Optional[int] = Option(None, "--max-context", help=(
                "Your model's context window in tokens: with no --focus the map may grow to 8x --tokens, "
                "staying 4096 below it.")),
            line_numbers: bool = Option(False, "--line-numbers", help="Prefix each definition with its line."),
            root: Optional[Path] = RootOpt, as_json: bool = JsonOpt,
            wait_fresh: Optional[float] = WaitFreshOpt, no_refresh: bool = NoRefreshOpt):
    """A map of the workspace for getting oriented: its most important definitions (PageRank over who
    references what), as signature lines grouped by file and class, fitted to a token budget and tilted
    toward --focus files and --mention names. No bodies: use symbols/callers/callees to go deeper.

    Examples: `graphmind map --tokens 2048`, `graphmind map --focus shop/api.py --mention process_refund`."""
    from graphmind.query import repomap
    root, _conn, fresh = open_fresh(root, wait_fresh, not no_refresh)
    result = repomap.build_map(root, tokens=tokens, focus=focus or [], mentions=mention or [],
                               max_context=max_context, line_numbers=line_numbers)
    if as_json:
        emit({**result.as_json(), "freshness": fresh.as_json()}, True)
        return
    sys.stdout.write(result.text or f"(empty map: nothing indexed fits in {result.budget} tokens)\n")
    sys.stdout.write(not_fresh(fresh).lstrip("\n") + "\n" if not fresh.fresh else "")


app.add_group("daemon", lambda: daemon_app)
app.add_group("mcp", lambda: mcp_app)
app.command("watch")(watch_cmd)
app.command("embed")(embed_cmd)


def main() -> None:
    """Entry point: run the app under the commands' one contract (cli_options.run): errors as `error: …`
    or, under --json, a JSON object with a stable code; distinct exit statuses."""
    handler = logging.StreamHandler()
    handler.setFormatter(LineFormatter("graphmind: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    run(app, DAMAGED)


def _stop(signum, _frame) -> None:
    """SIGTERM while indexing: unwind like Ctrl-C (the open transaction rolls back, the parser
    workers are stopped, the write lock is released), then say so in one line."""
    raise StoppedError(f"({signal.Signals(signum).name})")


if __name__ == "__main__":
    main()
