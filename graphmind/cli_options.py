"""What every `graphmind` command shares: its common options, finding the workspace, printing."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import orjson
import typer

from graphmind.errors import NoIndexError
from graphmind.index.workspace import root_of
from graphmind.store import index_path

RootOpt = typer.Option(None, "--root", help="Workspace root (default: the nearest folder above the current one with an index).")
JsonOpt = typer.Option(False, "--json", help="Print JSON with stable field names (see docs/cli.md).")
WAIT_FRESH_DEFAULT = 5.0
WaitFreshOpt = typer.Option(None, "--wait-fresh", metavar="[=SECONDS]", help=(
    "With a running daemon: first wait until every file saved before this command is in the index "
    f"(bare flag: up to {WAIT_FRESH_DEFAULT:g}s). Without one, the index is refreshed anyway."))
NoRefreshOpt = typer.Option(False, "--no-refresh", help=(
    "Answer from the index as it is (no daemon: do not re-index changed files first); stale files are flagged."))


def find_root(root: Optional[Path]) -> Path:
    """The workspace a command works on: --root, else the nearest indexed folder at or above here."""
    if root is not None:
        return root_of(root)
    here = Path.cwd().resolve()
    for cand in (here, *here.parents):
        if index_path(cand).is_file():
            return cand
    raise NoIndexError()


def root_or_cwd(root: Optional[Path]) -> Path:
    """find_root, else the current folder's workspace (for commands that index it first)."""
    try:
        return find_root(root)
    except NoIndexError:
        return root_of(Path.cwd())


def emit(doc: dict | list | str, as_json: bool) -> None:
    """Print a command's answer: indented JSON, or the text as it is."""
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        typer.echo(doc)
