"""The last parse trees of recently changed files, so the next save of one is parsed incrementally.

A bounded LRU (by count and by source bytes: memory stays flat whatever the workspace size). The
edit between the old and new bytes is derived from their common prefix and suffix, applied with
`Tree.edit()`, and the edited tree is handed to `parser.parse(lang, source, old_tree)`.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

MAX_TREES = 32
MAX_SOURCE_BYTES = 4_000_000
_CHUNK = 4096


@dataclass(frozen=True)
class Edit:
    """One contiguous replacement: bytes [start, old_end) of the old text became [start, new_end)."""
    start_byte: int
    old_end_byte: int
    new_end_byte: int
    start_point: tuple[int, int]
    old_end_point: tuple[int, int]
    new_end_point: tuple[int, int]


def common_prefix(a: bytes, b: bytes) -> int:
    """How many leading bytes a and b share (compared a chunk at a time)."""
    n = min(len(a), len(b))
    i = 0
    while i + _CHUNK <= n and a[i:i + _CHUNK] == b[i:i + _CHUNK]:
        i += _CHUNK
    while i < n and a[i] == b[i]:
        i += 1
    return i


def common_suffix(a: bytes, b: bytes, limit: int) -> int:
    """How many trailing bytes a and b share, at most `limit`."""
    i = 0
    la, lb = len(a), len(b)
    while i + _CHUNK <= limit and a[la - i - _CHUNK:la - i] == b[lb - i - _CHUNK:lb - i]:
        i += _CHUNK
    while i < limit and a[la - i - 1] == b[lb - i - 1]:
        i += 1
    return i


def _point(data: bytes, offset: int) -> tuple[int, int]:
    """(row, column in bytes) of a byte offset, as tree-sitter counts them."""
    row = data.count(b"\n", 0, offset)
    return row, offset - (data.rfind(b"\n", 0, offset) + 1)


def derive_edit(old: bytes, new: bytes) -> Edit | None:
    """The single edit turning old into new (None when they are equal)."""
    if old == new:
        return None
    start = common_prefix(old, new)
    tail = common_suffix(old, new, min(len(old), len(new)) - start)
    old_end, new_end = len(old) - tail, len(new) - tail
    return Edit(start, old_end, new_end, _point(old, start), _point(old, old_end), _point(new, new_end))


class TreeCache:
    """path -> (language, source bytes, tree) for the most recently parsed files."""

    def __init__(self, max_trees: int = MAX_TREES, max_bytes: int = MAX_SOURCE_BYTES):
        self.max_trees, self.max_bytes = max_trees, max_bytes
        self._items: OrderedDict[str, tuple[str, bytes, object]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    @property
    def source_bytes(self) -> int:
        return self._bytes

    def put(self, path: str, language: str, data: bytes, tree) -> None:
        """Keep a file's tree (evicting the least recently used beyond the bounds)."""
        with self._lock:
            self._drop(path)
            if tree is None or len(data) > self.max_bytes // 4:
                return
            self._items[path] = (language, data, tree)
            self._bytes += len(data)
            while len(self._items) > self.max_trees or self._bytes > self.max_bytes:
                self._drop(next(iter(self._items)))

    def forget(self, path: str) -> None:
        """Drop a file's tree (it was deleted, or its content came from elsewhere)."""
        with self._lock:
            self._drop(path)

    def _drop(self, path: str) -> None:
        item = self._items.pop(path, None)
        if item is not None:
            self._bytes -= len(item[1])

    def edited_tree(self, path: str, language: str, new: bytes):
        """The file's last tree with the edit to `new` applied (to reparse with), or None.

        The cached tree is taken out: once edited it describes the new bytes only.
        """
        with self._lock:
            item = self._items.get(path)
            if item is None or item[0] != language:
                return None
            self._drop(path)
        _, old, tree = item
        edit = derive_edit(old, new)
        if edit is not None:
            tree.edit(edit.start_byte, edit.old_end_byte, edit.new_end_byte,
                      edit.start_point, edit.old_end_point, edit.new_end_point)
        return tree
