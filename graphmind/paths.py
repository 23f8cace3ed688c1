"""Path arguments from agents and users, confined to the workspace: no `..`, no outside absolute path, no symlink escape."""
from __future__ import annotations

import os
import re
from pathlib import Path

from graphmind.arguments import line_number
from graphmind.errors import BadArgumentError, PathOutsideWorkspaceError

_FILE_LINE = re.compile(r"^(?P<file>.+):(?P<start>\d+)(?:-(?P<end>\d+))?$")


def confine(root: Path, arg: str) -> str:
    """The workspace-relative '/'-separated path an argument names; raises when it leaves the workspace.

    Accepted: a relative path without `..` (`./` allowed), or an absolute path inside the workspace.
    Whatever the path's existing part resolves to through symlinks must stay inside the workspace too.
    """
    if not isinstance(arg, str) or not arg.strip():
        raise PathOutsideWorkspaceError("(empty path)")
    text = arg.strip()
    if "\x00" in text:
        raise PathOutsideWorkspaceError(repr(arg))
    root_real = os.path.realpath(root)
    if os.path.isabs(text):
        real = os.path.realpath(text)
        if not _inside(real, root_real):
            raise PathOutsideWorkspaceError(f"'{arg}' is outside {root}")
        rel = os.path.relpath(os.path.normpath(text), os.path.normpath(os.path.abspath(root)))
        if rel.startswith(".."):            # absolute, inside by realpath, but spelled through a link
            rel = os.path.relpath(real, root_real)
    else:
        rel = text
    parts = [p for p in rel.replace(os.sep, "/").split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise PathOutsideWorkspaceError(f"'{arg}' uses '..'")
    if not parts:
        raise PathOutsideWorkspaceError(f"'{arg}' names the workspace itself, not a file in it")
    rel = "/".join(parts)
    if not _inside(os.path.realpath(os.path.join(root_real, rel)), root_real):
        raise PathOutsideWorkspaceError(f"'{arg}' leads outside the workspace through a symlink")
    return rel


def _inside(path: str, root_real: str) -> bool:
    return path == root_real or path.startswith(root_real.rstrip(os.sep) + os.sep)


def split_file_line(arg: str) -> tuple[str, int, int] | None:
    """`FILE:LINE` or `FILE:START-END` as (file, start, end); None when the argument has no line part."""
    m = _FILE_LINE.match(arg.strip())
    if not m:
        return None
    start = line_number(m["start"])
    end = line_number(m["end"]) if m["end"] else start
    return m["file"], start, end


def confine_symbol(root: Path, symbol: str) -> str:
    """A SYMBOL argument with a file path, or the file part of `FILE:LINE`, confined; names pass through."""
    if not isinstance(symbol, str) or not symbol.strip():
        raise BadArgumentError("symbol is empty: give a name, a qualified name, Cls.method or FILE:LINE")
    found = split_file_line(symbol)
    if found is None:       # a file path names its module: confined like any other path
        return confine(root, symbol) if "/" in symbol or "\\" in symbol else symbol.strip()
    file, line, end = found
    if end != line:
        raise BadArgumentError(f"'{symbol}': a symbol is FILE:LINE (one line), not a range")
    return f"{confine(root, file)}:{line}"
