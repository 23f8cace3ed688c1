"""The names a file holds as values, read once per query process for the steps of reach/ (they look a file up
for many symbols, over several rounds); keyed by the file's modification time like sources.tree_of."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from graphmind.query.selection.sources import mtime

_VALUE = re.compile(r"(?<!\w)([A-Za-z_]\w*)(?![\w.]|\s*\()")   # a name (or a member: `keys.hashkey`) not called


@lru_cache(maxsize=2048)
def _words(root: Path, rel: str, stamp: int) -> frozenset[str]:
    try:
        return frozenset(_VALUE.findall((root / rel).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return frozenset()


def values_of(root: Path, rel: str) -> frozenset[str]:
    """The names a file's text holds as values, alone or as a module's member, not called (`padfn = _padboth`,
    `func=cmd_bump`, `partial(utils.natsort_key)`), to skip walking files that never hold a function as a value."""
    return _words(root, rel, mtime(root, rel))
