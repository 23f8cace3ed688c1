"""What a definition says about itself: its docstring, or the comment block just above it.

Text-based on purpose (no tree walk): it runs in the parser workers for every definition, and one
rule per comment style covers every language graphmind reads.
"""
from __future__ import annotations

import re

from graphmind.store.searchindex import lexical_enabled

MAX_DOC = 600                      # characters kept: enough for the summary and first paragraph
_SPACE = re.compile(r"\s+")
# A Python string literal at the start of a body: optional prefix, then triple or single quotes.
_PY_STRING = re.compile(r"""[rRuUbBfF]{0,2}("""
                        r'''"""(?P<d3>.*?)"""|'''
                        r"""'''(?P<s3>.*?)'''|"""
                        r'''"(?P<d1>(?:[^"\\\n]|\\.)*)"|'''
                        r"""'(?P<s1>(?:[^'\\\n]|\\.)*)')""", re.S)
_PY_PREAMBLE = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*")    # blank and comment lines
_COMMENT_LINE = re.compile(r"^\s*(?:///?|#|--|;+|\*|/\*+|\*/)")
_COMMENT_MARKS = re.compile(r"^\s*(?:/\*+|\*/|///?|!|#+|--|;+|\*+)\s?|\s*\*+/\s*$")
_PREFIX_LINE = re.compile(rb"^\s*(?:@|#\[|\[)")            # decorators, Rust/C# attributes


def _clean(text: str) -> str:
    text = _SPACE.sub(" ", text).strip()
    return text if len(text) <= MAX_DOC else text[:MAX_DOC]


def python_docstring(source: bytes, body_start: int) -> str:
    """The docstring of a Python body starting at body_start (the first string statement), or ''."""
    head = source[body_start:body_start + 8 * MAX_DOC].decode("utf-8", "replace")
    m = _PY_STRING.match(head, _PY_PREAMBLE.match(head).end())
    if not m:
        return ""
    return _clean(next(g for g in m.group("d3", "s3", "d1", "s1") if g is not None))


def comment_above(source: bytes, start_byte: int) -> str:
    """The comment block directly above a definition (decorator/attribute lines skipped), or ''."""
    line_start = source.rfind(b"\n", 0, start_byte) + 1
    lines: list[str] = []
    pos = line_start
    while pos > 0 and len(lines) < 40:
        prev = source.rfind(b"\n", 0, pos - 1) + 1
        raw = source[prev:pos - 1]
        if not lines and _PREFIX_LINE.match(raw):
            pos = prev
            continue
        text = raw.decode("utf-8", "replace")
        if not text.strip() or not _COMMENT_LINE.match(text):
            break
        lines.append(_COMMENT_MARKS.sub("", text))
        pos = prev
    return _clean(" ".join(reversed(lines)))


def leading_doc(language: str, source: bytes, start_byte: int, body_start: int) -> str:
    """A definition's docstring (Python) or else the comment block just above it."""
    if language == "python" and body_start > start_byte:
        doc = python_docstring(source, body_start)
        if doc:
            return doc
    return comment_above(source, start_byte)


def module_doc(language: str, source: bytes) -> str:
    """A file's module docstring (Python), or the comment block at its top (other languages)."""
    if language == "python":
        return python_docstring(source, 0)
    head = source[:8 * MAX_DOC].decode("utf-8", "replace").lstrip("\ufeff")
    lines = []
    for line in head.splitlines():
        if line.startswith("#!") and not lines:
            continue
        if not line.strip():
            break
        if not _COMMENT_LINE.match(line):
            return ""                   # the block sits on a definition: it is that definition's comment
        lines.append(_COMMENT_MARKS.sub("", line))
    return _clean(" ".join(lines))


def attach_docs(language: str, source: bytes, symbols: list, spans: list[tuple[int, int, int]]) -> None:
    """Fill SymbolRow.doc: the module's from the file head, each (symbol index, start, body start)'s own."""
    if not lexical_enabled() or not symbols:
        return
    symbols[0].doc = module_doc(language, source)
    for index, start, body_start in spans:
        symbols[index].doc = leading_doc(language, source, start, body_start)
