"""Short texts cut from the source: whitespace folded, bounded, reading only as much as they show."""
from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")


def folded(source: bytes, start: int, end: int, limit: int) -> str:
    """source[start:end] as text, whitespace folded to single spaces and stripped; when it is longer
    than `limit` characters only a prefix is read (more than `limit + 1` characters are returned, for
    the caller to cut), so the cost stays linear where spans nest (`a.b.c…` of 20,000 links)."""
    span = 4 * limit + 64
    while True:
        stop = min(end, start + span)
        text = _SPACE.sub(" ", source[start:stop].decode("utf-8", "replace")).strip()
        if stop >= end or len(text) > limit + 1:
            return text
        span *= 4
