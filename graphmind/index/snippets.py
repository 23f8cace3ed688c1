"""Short texts cut from the source: whitespace folded, bounded, reading only as much as they show."""
from __future__ import annotations

import re

MAX_VALUE = 200         # characters of an expression kept in a flow fact
DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*$")     # `a.b.c`, nothing else
_HEAD = re.compile(r"[A-Za-z_]\w*")


def folded(source: bytes, start: int, end: int, limit: int) -> str:
    """source[start:end] as text, whitespace folded to single spaces and stripped; when it is longer
    than `limit` characters only a prefix is read (more than `limit + 1` characters are returned, for
    the caller to cut), so the cost stays linear where spans nest (`a.b.c…` of 20,000 links)."""
    span = 4 * limit + 64
    while True:
        stop = min(end, start + span)
        text = " ".join(source[start:stop].decode("utf-8", "replace").split())   # str.split: the same whitespace as \s
        if stop >= end or len(text) > limit + 1:
            return text
        span *= 4


def node_text(source: bytes, node) -> str:
    """A node's text, folded and cut at MAX_VALUE characters (a long node is not read whole)."""
    return folded(source, node.start_byte, node.end_byte, MAX_VALUE)[:MAX_VALUE]


def head_name(text: str) -> str:
    """The identifier an expression starts with (`a` of `a.b(c)`), or ''."""
    match = _HEAD.match(text)
    return match.group(0) if match else ""
