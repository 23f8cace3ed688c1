"""Where an editor's position is in the index: URIs as workspace paths, UTF-16 columns as byte columns,
and the lines of an unsaved buffer as the lines of the file the index was made from.

The index describes each file as saved; an editor asks about its buffer, which may hold unsaved edits.
A `LineMap` pairs the two versions' lines (a line diff, recomputed once per buffer version): a line
that exists in both maps both ways, a line typed since the save maps to nothing, so an answer never
points at a line that moved. This is what `Tree.edit()` does to a tree's points, done on lines alone,
which is all an answer's locations carry; it needs no parse and works with full and incremental sync.
"""
from __future__ import annotations

import difflib
import os
from pathlib import Path
from urllib.parse import quote, unquote, urlparse


def path_of(root: Path, uri: str) -> str | None:
    """The workspace-relative '/'-separated path of a `file:` URI, or None when it is outside."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    real = os.path.realpath(unquote(parsed.path))
    base = os.path.realpath(root)
    if not real.startswith(base.rstrip(os.sep) + os.sep):
        return None
    return os.path.relpath(real, base).replace(os.sep, "/")


def uri_of(root: Path, rel: str) -> str:
    """The `file:` URI of a workspace-relative path."""
    return "file://" + quote(str(Path(os.path.realpath(root)) / rel))


def units_of(text: str, index: int) -> int:
    """UTF-16 code units (LSP's default columns) before a character index of a line."""
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text[:index])


def index_of(text: str, units: int) -> int:
    """The character index of a line at an LSP column (UTF-16 code units)."""
    seen = 0
    for i, ch in enumerate(text):
        if seen >= units:
            return i
        seen += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


class LineMap:
    """Lines of a buffer (0-based) paired with lines of the saved file (1-based, as the index has them)."""

    def __init__(self, saved: list[str], buffer: list[str]):
        self.identity = saved == buffer
        self._to_saved: dict[int, int] = {}
        self._to_buffer: dict[int, int] = {}
        if self.identity:
            return
        matcher = difflib.SequenceMatcher(None, saved, buffer, autojunk=False)
        for tag, i1, i2, j1, _j2 in matcher.get_opcodes():
            if tag == "equal":
                for k in range(i2 - i1):
                    self._to_saved[j1 + k] = i1 + k + 1
                    self._to_buffer[i1 + k + 1] = j1 + k

    def saved_line(self, buffer_line: int) -> int | None:
        """The index's line (1-based) for a buffer line (0-based); None for a line typed since the save."""
        return buffer_line + 1 if self.identity else self._to_saved.get(buffer_line)

    def buffer_line(self, saved_line: int) -> int | None:
        """The buffer's line (0-based) for an index line (1-based); None for a line deleted since the save."""
        return saved_line - 1 if self.identity else self._to_buffer.get(saved_line)


def read_lines(path: Path) -> list[str]:
    """A saved file's lines as the index counted them (undecodable bytes replaced)."""
    try:
        return path.read_bytes().decode("utf-8", errors="replace").splitlines()
    except OSError:
        return []
