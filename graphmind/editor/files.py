"""The workspace's files as an answer sees them: saved lines (what the index was made from) and the
editor's open buffers, with positions carried between the two (`positions.LineMap`)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lsprotocol import types as lsp

from graphmind.editor.positions import LineMap, index_of, path_of, read_lines, units_of, uri_of

# uri -> (version, lines) of an open buffer, or None when the editor has no buffer for it
Buffers = Callable[[str], "tuple[int, list[str]] | None"]


class Files:
    """Saved lines read once per answer, and each open buffer's map to them, kept per buffer version."""

    def __init__(self, root: Path, buffers: Buffers, maps: dict | None = None):
        self.root = root
        self._buffers = buffers
        self._saved: dict[str, list[str]] = {}
        self._open: dict[str, tuple] = {}                      # rel -> (LineMap, lines), this answer's
        self._maps = maps if maps is not None else {}         # uri -> (version, saved lines, LineMap)

    def uri(self, rel: str) -> str:
        return uri_of(self.root, rel)

    def path(self, uri: str) -> str | None:
        return path_of(self.root, uri)

    def saved_lines(self, rel: str) -> list[str]:
        if rel not in self._saved:
            self._saved[rel] = read_lines(self.root / rel)
        return self._saved[rel]

    def saved_text(self, rel: str, line: int) -> str:
        """A saved line (1-based) of a file, '' past its end."""
        lines = self.saved_lines(rel)
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def _map(self, rel: str) -> tuple[LineMap | None, list[str] | None]:
        """The open buffer's line map and lines, or (None, None) when no buffer is open for the file
        (asked once per answer: a buffer's text is split only once)."""
        if rel not in self._open:
            self._open[rel] = self._buffer_map(rel)
        return self._open[rel]

    def _buffer_map(self, rel: str) -> tuple[LineMap | None, list[str] | None]:
        uri = self.uri(rel)
        buf = self._buffers(uri)
        if buf is None:
            return None, None
        version, lines = buf
        saved = self.saved_lines(rel)
        kept = self._maps.get(uri)
        if kept is None or kept[0] != version or kept[1] != saved:
            kept = (version, saved, LineMap(saved, lines))
            self._maps[uri] = kept
        return kept[2], lines

    def buffer_line(self, rel: str, line: int) -> int | None:
        """The 0-based line an editor shows for a saved line (None: deleted since the save)."""
        lmap, _ = self._map(rel)
        return line - 1 if lmap is None else lmap.buffer_line(line)

    def range(self, rel: str, line: int, start: int, end: int) -> lsp.Range | None:
        """A span of character indices on a saved line, in the buffer's coordinates (UTF-16)."""
        at = self.buffer_line(rel, line)
        if at is None:
            return None
        text = self.saved_text(rel, line)
        return lsp.Range(start=lsp.Position(line=at, character=units_of(text, start)),
                         end=lsp.Position(line=at, character=units_of(text, end)))

    def span(self, rel: str, first: int, last: int) -> lsp.Range | None:
        """Saved lines first..last (a definition) in the buffer, shrunk to the lines that still exist."""
        top = next((b for b in (self.buffer_line(rel, n) for n in range(first, last + 1)) if b is not None), None)
        bottom = next((b for b in (self.buffer_line(rel, n) for n in range(last, first - 1, -1)) if b is not None), None)
        if top is None or bottom is None:
            return None
        last_text = self.saved_text(rel, last)
        return lsp.Range(start=lsp.Position(line=top, character=0),
                         end=lsp.Position(line=bottom, character=units_of(last_text, len(last_text))))

    def to_saved(self, uri: str, position: lsp.Position) -> tuple[str, int, int] | None:
        """(file, saved line, character index) of an editor position; None outside the workspace, past
        the end of the file, or on a line typed since the save."""
        rel = self.path(uri)
        if rel is None:
            return None
        lmap, lines = self._map(rel)
        if lmap is None:
            line = position.line + 1
            text = self.saved_text(rel, line)
            if line > len(self.saved_lines(rel)):
                return None
        else:
            saved = lmap.saved_line(position.line)
            if saved is None:
                return None
            line, text = saved, lines[position.line]
        return rel, line, index_of(text, position.character)

