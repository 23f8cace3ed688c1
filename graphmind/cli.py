"""The `graphmind` command: parses arguments, calls the library, prints. No logic of its own."""
from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Optional

import orjson
import typer

from graphmind import config, export, graph, indexer, lookup, render, status
from graphmind.errors import GraphmindError, NoIndexError
from graphmind.store import index_path, open_reader

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="graphmind: a code graph of your workspace for coding agents. Index once, then ask who "
                       "calls what, across files, in milliseconds.")

RootOpt = typer.Option(None, "--root", help="Workspace root (default: the nearest folder above the current one with an index).")
JsonOpt = typer.Option(False, "--json", help="Print JSON with stable field names (see docs/cli.md).")


def _find_root(root: Optional[Path]) -> Path:
    if root is not None:
        return indexer.root_of(root)
    here = Path.cwd().resolve()
    for cand in (here, *here.parents):
        if index_path(cand).is_file():
            return cand
    raise NoIndexError()


def _emit(doc: dict | list | str, as_json: bool) -> None:
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        typer.echo(doc)


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\rindexing {done}/{total} files")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


@app.command("index")
def index_cmd(path: Path = typer.Argument(Path("."), help="Workspace to index (default: current folder)."),
              jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Parser processes (default: one per core)."),
              as_json: bool = JsonOpt):
    """Index a workspace (or bring its index up to date): only new or changed files are parsed."""
    summary = indexer.index_workspace(path, jobs=jobs, progress=_progress if sys.stderr.isatty() else None)
    _emit({k: getattr(summary, k) for k in summary.__dataclass_fields__} if as_json else summary.line(), as_json)


def _answer(w: graph.Walk, root: Path, conn, as_json: bool) -> None:
    stale = status.stale_paths(conn, root, {h.file for h in w.hits} | {t.file for t in w.targets})
    for h in w.hits:
        h.stale = h.file in stale
    if as_json:
        doc = render.walk_json(w)
        doc["stale_files"] = sorted(stale)
        _emit(doc, True)
        return
    text = render.walk_table(w) if sys.stdout.isatty() else render.walk_compact(w)
    if stale:
        text += f"\nstale: {len(stale)} file(s) changed since indexing: run `graphmind index`"
    _emit(text, False)


def _walk(symbol: str, direction: str, depth: int, limit: int, take_all: bool, root: Optional[Path], as_json: bool):
    root = _find_root(root)
    conn = open_reader(root)
    targets = graph.resolve_targets(conn, symbol, take_all)
    _answer(graph.walk(conn, targets, direction, depth, limit), root, conn, as_json)


@app.command("blast-radius")
def blast_radius_cmd(symbol: str = typer.Argument(..., help="Qualified name, short name, Cls.method, or FILE:LINE."),
                     depth: int = typer.Option(config.DEFAULT_DEPTH, "--depth", "-d", help="How many hops upward."),
                     limit: int = typer.Option(config.DEFAULT_LIMIT, "--limit", help="At most this many callers, nearest first."),
                     take_all: bool = typer.Option(False, "--all", help="Take every symbol the name matches."),
                     root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """Every upstream caller of a symbol within N hops, nearest first: what a change to it can break."""
    _walk(symbol, "up", depth, limit, take_all, root, as_json)


@app.command("callers")
def callers_cmd(symbol: str = typer.Argument(..., help="Qualified name, short name, Cls.method, or FILE:LINE."),
                limit: int = typer.Option(config.DEFAULT_LIMIT, "--limit"),
                take_all: bool = typer.Option(False, "--all", help="Take every symbol the name matches."),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """The direct callers of a symbol (blast radius at depth 1), with possible and unresolved call sites."""
    _walk(symbol, "up", 1, limit, take_all, root, as_json)


@app.command("callees")
def callees_cmd(symbol: str = typer.Argument(..., help="Qualified name, short name, Cls.method, or FILE:LINE."),
                depth: int = typer.Option(1, "--depth", "-d", help="How many hops downward."),
                limit: int = typer.Option(config.DEFAULT_LIMIT, "--limit"),
                take_all: bool = typer.Option(False, "--all", help="Take every symbol the name matches."),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """What a symbol calls, within N hops, and which calls leave the workspace."""
    _walk(symbol, "down", depth, limit, take_all, root, as_json)


@app.command("symbols")
def symbols_cmd(pattern: Optional[str] = typer.Argument(None, help="Substring of the qualified name, or a glob with *."),
                file: Optional[str] = typer.Option(None, "--file", help="Only symbols in this file (relative path)."),
                kind: Optional[str] = typer.Option(None, "--kind", help="function, method, class, module, ..."),
                limit: int = typer.Option(200, "--limit"),
                root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """List definitions by name, file or kind, with location and signature."""
    conn = open_reader(_find_root(root))
    refs = lookup.list_symbols(conn, pattern, file, kind, limit)
    _emit([render.ref_json(r) for r in refs] if as_json else render.symbols_text(refs), as_json)


@app.command("status")
def status_cmd(root: Optional[Path] = RootOpt, as_json: bool = JsonOpt):
    """What is indexed: files, symbols, edges by resolution, languages, failing files, index age and size."""
    root = _find_root(root)
    st = status.index_status(open_reader(root), root)
    _emit(st if as_json else render.status_text(st), as_json)


@app.command("export")
def export_cmd(fmt: str = typer.Option("json", "--format", help="Only json for now."),
               root: Optional[Path] = RootOpt):
    """Every symbol and the resolved call graph {caller: [callees]} as one JSON document."""
    if fmt != "json":
        raise GraphmindError(f"unknown format '{fmt}' (only json)")
    _emit(export.export_document(open_reader(_find_root(root))), True)


def main() -> None:
    """Entry point: run the app, turning graphmind errors into `error: …` and exit status 1."""
    logging.basicConfig(level=logging.WARNING, format="graphmind: %(message)s")
    try:
        app()
    except GraphmindError as exc:
        sys.stderr.write(f"error: {exc.message}\n")
        sys.exit(1)


if __name__ == "__main__":
    main()
