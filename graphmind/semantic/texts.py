"""What a definition is embedded from: its name in words and its docstring or leading comment; without
one, its kind, name, owner, signature and a bounded slice of its body. Keyed by a hash of that text, so
a vector is reused wherever the same text appears again (another save, branch or worktree).

Only definitions that hold code are embedded (functions, methods, classes and their kin in other
languages): variables and constants are leaves whose text is mostly a value, and modules are files
whose every definition is already embedded."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from graphmind.index.docstrings import comment_above, python_docstring
from graphmind.store.searchindex import split_words

TEXTS_VERSION = "2"         # bumped when describe() changes: every workspace's vectors are made again
SKIPPED_KINDS = ("module", "variable", "constant", "field", "property", "import", "namespace", "package")
BODY_CHARS = 600            # characters of the body after the docstring (the token cap cuts further)
HEADER_LINES = 12           # a Python header (decorators, long parameter lists) ends within this many lines
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Definition:
    """One embeddable definition as the index holds it."""
    id: int
    kind: str
    name: str
    qualname: str
    signature: str
    start_byte: int
    end_byte: int


def _python_body(source: bytes, start: int, end: int) -> int:
    """Where a Python definition's body starts: after the first header line ending with ':'."""
    pos = start
    for _ in range(HEADER_LINES):
        nl = source.find(b"\n", pos, end)
        if nl < 0:
            return end
        line = source[pos:nl].split(b"#", 1)[0].rstrip()
        pos = nl + 1
        if line.endswith(b":"):
            return pos
    return start


def describe(d: Definition, language: str, source: bytes) -> str:
    """The text embedded for a definition: `name words. doc` when it has a docstring or leading
    comment, else `kind name words of owner. signature. body`. A docstring says what the code does in
    the words a question uses; code and signature only add noise to it (chosen on the tuning queries:
    benchmarks/search_tuning/, docs/semantic.md)."""
    doc, body_start = "", d.start_byte
    if language == "python":
        body_start = _python_body(source, d.start_byte, d.end_byte)
        if body_start > d.start_byte:
            doc = python_docstring(source, body_start)
    if not doc:
        doc = comment_above(source, d.start_byte)
    words = split_words(d.name).replace("_", " ").strip().lower()
    if doc:
        return f"{words}. {doc}"
    body = source[body_start:min(d.end_byte, body_start + 4 * BODY_CHARS)].decode("utf-8", "replace")
    body = _SPACE.sub(" ", body).strip()[:BODY_CHARS]
    owner = d.qualname.rsplit(".", 2)[-2] if d.qualname.count(".") >= 1 else ""
    head = f"{d.kind} {words}" + (f" of {split_words(owner).replace('_', ' ').lower()}" if owner else "")
    return ". ".join(p for p in (head, _SPACE.sub(" ", d.signature).strip(), body) if p)


def text_key(text: str, model: str, max_tokens: int) -> bytes:
    """The vector's key: the text, the model and the token cap, hashed (16 bytes)."""
    data = f"{model}\x1f{max_tokens}\x1f{text}".encode("utf-8", "replace")
    return hashlib.blake2b(data, digest_size=16).digest()
