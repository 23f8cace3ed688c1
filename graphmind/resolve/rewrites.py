"""What a language's `prepare` hook changed in the tables (Go imports and receivers, Rust `use` paths
and impl blocks, C++ out-of-line members), written down so it can be undone.

A long-lived writer (the daemon, graphmind/resolve/session.py) keeps the tables between updates: it
undoes the last pass's rewrites, which leaves the tables exactly as loaded from the rows, updates the
changed files' rows, and the next pass's `prepare` rewrites them again. Without the record such a
workspace would reload its tables whole for every save.
"""
from __future__ import annotations

from collections.abc import Callable

_ABSENT = object()


class Rewrites:
    """The undo record of one pass's rewrites, and which classes received another's bases."""

    def __init__(self) -> None:
        self._undo: list[Callable[[], None]] = []
        self.merged: dict[int, int] = {}     # a block merged into its type (Rust impl) -> that type

    def __len__(self) -> int:
        return len(self._undo)

    def set(self, table: dict, key, value) -> None:
        """table[key] = value."""
        old = table.get(key, _ABSENT)
        self._undo.append(lambda: _put(table, key, old))
        table[key] = value

    def delete(self, table: dict, key) -> None:
        """del table[key] (nothing when absent)."""
        if key in table:
            old = table.pop(key)
            self._undo.append(lambda: _put(table, key, old))

    def entry(self, table: dict, key):
        """table[key] of a defaultdict, made when missing (and removed again on undo when left empty)."""
        if key not in table:
            self._undo.append(lambda: table.pop(key) if not table.get(key) else None)
        return table[key]

    def attr(self, obj, name: str, value) -> None:
        """obj.name = value."""
        old = getattr(obj, name)
        self._undo.append(lambda: setattr(obj, name, old))
        setattr(obj, name, value)

    def extend(self, items: list, more: list) -> None:
        """items.extend(more)."""
        size = len(items)
        self._undo.append(lambda: items.__delitem__(slice(size, None)))
        items.extend(more)

    def undo(self) -> None:
        """Put back everything recorded, last change first; the record is empty afterwards."""
        while self._undo:
            self._undo.pop()()
        self.merged.clear()


def _put(table: dict, key, old) -> None:
    if old is _ABSENT:
        table.pop(key, None)
    else:
        table[key] = old
