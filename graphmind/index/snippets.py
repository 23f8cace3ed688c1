"""Short texts cut from the source: whitespace folded, bounded, reading only as much as they show."""
from __future__ import annotations

import re
from bisect import bisect_left
from itertools import islice

MAX_VALUE = 200         # characters of an expression kept in a flow fact
MAX_TYPE = 2000         # of a type alias's value (`type RouteOptions<…> = BaseRouteOptions<…15 arguments> & …`: each part whole)
DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*$")     # `a.b.c`, nothing else
_HEAD = re.compile(r"[A-Za-z_]\w*")
HEAD_BYTES = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")   # head_name's identifier, on ASCII bytes (non-ASCII after it: decide on the text)


class Spliced(bytes):
    """A file's bytes whose spans read as names in the texts cut from them (`folded`): Python's unnamed
    lambdas (graphmind/index/python/lambdas.py). `spans`: (start, end, name), sorted."""

    def __new__(cls, source: bytes, spans: list[tuple[int, int, str]]):
        out = super().__new__(cls, source)
        out.spans, out.starts = spans, [s for s, _, _ in spans]
        return out


def folded(source: bytes, start: int, end: int, limit: int) -> str:
    """source[start:end] as text, whitespace folded to single spaces and stripped; when it is longer
    than `limit` characters only a prefix is read (more than `limit + 1` characters are returned, for
    the caller to cut), so the cost stays linear where spans nest (`a.b.c…` of 20,000 links)."""
    if type(source) is Spliced:
        first = bisect_left(source.starts, start)
        if first < len(source.starts) and source.starts[first] < end:
            return _spliced(source, first, start, end, limit)
        end = min(end, start + _budget(limit))     # no lambda starts inside: as much as _spliced reads
    span = 4 * limit + 64
    while True:
        stop = min(end, start + span)
        text = " ".join(source[start:stop].decode("utf-8", "replace").split())   # str.split: the same whitespace as \s
        if stop >= end or len(text) > limit + 1:
            return text
        span *= 4


def _budget(limit: int) -> int:
    """The bytes of source text a Spliced text reads at most (besides its names)."""
    return 16 * limit + 256


def _spliced(source: Spliced, first: int, start: int, end: int, limit: int) -> str:
    """`folded` where the spans inside [start, end) read as their names (those nested in one are gone);
    `first`: the index of the first span starting at or after `start`."""
    budget, pos, parts = _budget(limit), start, []
    for s, e, name in islice(source.spans, first, None):
        if s >= end or budget <= 0:
            break
        if s >= pos and e <= end:
            parts.append(source[pos:min(s, pos + budget)].decode("utf-8", "replace"))
            budget -= s - pos
            parts.append(name)
            pos = e
    parts.append(source[pos:min(end, pos + max(budget, 0))].decode("utf-8", "replace"))
    return " ".join("".join(parts).split())


def node_text(source: bytes, node, limit: int = MAX_VALUE) -> str:
    """A node's text, folded and cut at `limit` characters (a long node is not read whole); a longer
    text first has its calls' arguments left out (`Client(host=…, …)` -> `Client()`), so that it still
    reads as the expression it is."""
    text = folded(source, node.start_byte, node.end_byte, limit)
    return text if len(text) <= limit else without_arguments(text)[:limit]


def without_arguments(text: str) -> str:
    """`text` with the arguments of its calls left out and the brackets a cut left open closed
    (strings are skipped whole; literal brackets and subscripts are kept)."""
    out, closers, skip, i, n = [], [], 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            if not skip:
                out.append(text[i:j + 1])
            i = j + 1
            continue
        if ch in "([{":
            call = ch == "(" and not skip and out and (out[-1][-1:].isalnum() or out[-1][-1:] in "_)]")
            closers.append(")" if ch == "(" else "]" if ch == "[" else "}")
            if not skip:
                out.append(ch)
            skip += 1 if call or skip else 0
        elif ch in ")]}" and closers:
            closers.pop()
            skip = max(skip - 1, 0) if skip else 0
            if not skip:
                out.append(ch)
        elif not skip:
            out.append(ch)
        i += 1
    return "".join(out) + "".join(reversed(closers))


def head_name(text: str) -> str:
    """The identifier an expression starts with (`a` of `a.b(c)`), or ''."""
    match = _HEAD.match(text)
    return match.group(0) if match else ""


def first_line(head: str, name_line: int = 0) -> str:
    """The first line of a definition without a body (through `name_line`, the line its name is on:
    `@Override` above `boolean accept(File file);`), continued to the line that closes a parameter
    list it opens (`double StringToDouble(const char* buffer,` … `int length) const;`)."""
    cut = -1
    for _ in range(name_line + 1):
        cut = head.find("\n", cut + 1)
        if cut < 0:
            break
    first = head if cut < 0 else head[:cut]
    if first.count("(") <= first.count(")"):
        return first
    depth = 0
    for i, ch in enumerate(head):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return head[:i + 1] + head[i + 1:].split("\n", 1)[0]
    return first


MAX_CHAIN = 640         # characters of a call text kept when its earlier calls' arguments read as `_`
_BRACKETS = {"(": ")", "[": "]", "{": "}"}


def call_text(source: bytes, start: int, end: int, limit: int, chains: bool) -> str:
    """A call's text as written, folded and cut at `limit`; a longer one in a language that picks
    overloads by count (`chains`: a builder chain, jsoup's `new Safelist().addTags(…)….addProtocols`)
    keeps up to MAX_CHAIN characters with each earlier call's arguments read as `_` (their count kept)."""
    text = folded(source, start, end, limit)
    if len(text) <= limit:
        return text
    if chains:
        text = _elided(folded(source, start, end, 8 * MAX_CHAIN))
        if len(text) <= MAX_CHAIN:
            return text
    return text[: limit - 1] + "…"


def _elided(text: str) -> str:
    """`a.b(x, y).c(z)` -> `a.b(_, _).c(_)`; the text as it was where a bracket does not close."""
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch != "(":
            out.append(ch)
            i += 1
            continue
        stack, count, j, quote = [")"], 0, i + 1, ""
        while j < n and stack:
            c = text[j]
            if quote:
                quote = "" if c == quote and text[j - 1] != "\\" else quote
            elif c in "\"'":
                quote = c
            elif c in _BRACKETS:
                stack.append(_BRACKETS[c])
            elif c == stack[-1]:
                stack.pop()
            elif c == "," and len(stack) == 1:
                count += 1
            count += not count and not c.isspace() and len(stack) == 1
            j += 1
        if stack:
            return text
        out.append("(" + ", ".join("_" * (count > 0) for _ in range(count)) + ")")
        i = j
    return "".join(out)
