"""What a definition is embedded from: its name in words and its docstring or leading comment (a Python
one followed by its parameters' names in words); without one, its kind, name, owner, signature and a
bounded slice of its body. Keyed by a hash of that text, so
a vector is reused wherever the same text appears again (another save, branch or worktree).

Only definitions that hold code are embedded (functions, methods, classes and their kin in other
languages): variables and constants are leaves whose text is mostly a value, and modules are files
whose every definition is already embedded."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from graphmind.index.docstrings import comment_above, python_docstring
from graphmind.resolve.pyexpr import match_bracket, split_top
from graphmind.store.searchindex import split_words

TEXTS_VERSION = "3"         # bumped when describe() changes: every workspace's vectors are made again
SKIPPED_KINDS = ("module", "variable", "constant", "field", "property", "import", "namespace", "package")
BODY_CHARS = 600            # characters of the body after the docstring (the token cap cuts further)
HEADER_LINES = 12           # a Python header (decorators, long parameter lists) ends within this many lines
_SPACE = re.compile(r"\s+")
_UNNAMED = ("self", "cls", "/")
_TOKEN = re.compile(r"\b[A-Za-z][A-Za-z0-9_]*[A-Za-z0-9]\b")
_JOINED = re.compile(r"[A-Za-z0-9]_+[A-Za-z0-9]|[a-z0-9][A-Z]|[A-Z][A-Z][a-z]{2}")     # snake, camel, HTTPServer


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


def parameter_names(signature: str) -> list[str]:
    """A Python signature's parameter names, in order: not self, cls, *args or **kwargs (`def f(self, a:
    int = 1, *rest, b=None) -> X` gives a, b)."""
    lo = signature.find("(")
    hi = match_bracket(signature, lo) if lo >= 0 else -1
    if hi < 0:
        return []
    names = (p.split(":", 1)[0].split("=", 1)[0].strip() for p in split_top(signature[lo + 1:hi], ","))
    return [n for n in names if n and not n.startswith("*") and n not in _UNNAMED]


def describe(d: Definition, language: str, source: bytes) -> str:
    """The text embedded for a definition: `name words. doc` when it has a docstring or leading
    comment (`. takes a, b` after a Python function's, its parameters in words), else `kind name words of
    owner. signature. body`. A docstring says what the code does in the words a question uses; code
    and signature only add noise to it, the parameters' names a little of what it works on (chosen on
    the tuning queries: benchmarks/search_tuning/, docs/semantic.md)."""
    doc, body_start = "", d.start_byte
    if language == "python":
        body_start = _python_body(source, d.start_byte, d.end_byte)
        if body_start > d.start_byte:
            doc = python_docstring(source, body_start)
    if not doc:
        doc = comment_above(source, d.start_byte)
    words = name_words(d.name)
    if doc:
        params = parameter_names(_SPACE.sub(" ", d.signature)) if language == "python" and d.kind != "class" else []
        if params:
            return f"{words}. {doc}".rstrip(". ") + ". takes " + ", ".join(name_words(n) for n in params)
        return f"{words}. {doc}"
    body = source[body_start:min(d.end_byte, body_start + 4 * BODY_CHARS)].decode("utf-8", "replace")
    body = _SPACE.sub(" ", body).strip()[:BODY_CHARS]
    owner = d.qualname.rsplit(".", 2)[-2] if d.qualname.count(".") >= 1 else ""
    head = f"{d.kind} {words}" + (f" of {split_words(owner).replace('_', ' ').lower()}" if owner else "")
    return ". ".join(p for p in (head, _SPACE.sub(" ", d.signature).strip(), body) if p)


def name_words(name: str) -> str:
    """An identifier in lowercase words, as definitions' names are embedded: parseHttpRequest and
    parse_http_request both give `parse http request`."""
    return split_words(name).replace("_", " ").strip().lower()


def query_text(query: str) -> str:
    """The text a query is embedded by: identifiers in it (snake_case, camelCase, PascalCase with two
    humps) split into words the way definitions' names are, the rest as written."""
    return _TOKEN.sub(lambda m: name_words(m.group()) if _JOINED.search(m.group()) else m.group(), query)


def text_key(text: str, model: str, max_tokens: int) -> bytes:
    """The vector's key: the text, the model and the token cap, hashed (16 bytes)."""
    data = f"{model}\x1f{max_tokens}\x1f{text}".encode("utf-8", "replace")
    return hashlib.blake2b(data, digest_size=16).digest()
