"""The names a file holds as values, read once per query process for the steps of reach/ (they look a file up
for many symbols, over several rounds); keyed by the file's modification time like sources.tree_of."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from graphmind.query.selection.sources import mtime

_VALUE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?![\w.]|\s*\()")   # a name neither called nor an attribute


@lru_cache(maxsize=2048)
def _words(root: Path, rel: str, stamp: int) -> frozenset[str]:
    try:
        return frozenset(_VALUE.findall((root / rel).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return frozenset()


def values_of(root: Path, rel: str) -> frozenset[str]:
    """The names a file's text holds neither called nor read as an attribute (`padfn = _padboth`,
    `func=cmd_bump`), to skip walking files that never hold a function as a value."""
    return _words(root, rel, mtime(root, rel))
