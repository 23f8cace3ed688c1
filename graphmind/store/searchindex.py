"""The write side of the lexical index: the FTS5 and trigram rows of a file's symbols.

Called only by the store (graphmind/store/files.py), inside the transaction that writes or deletes
the same file's symbols, so the lexical index never disagrees with the graph. Every text is split
into words here, in Python (camelCase, snake_case, kebab-case, dots and slashes), so one FTS5
tokenizer serves every column.
"""
from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence

import apsw
import orjson

from graphmind.models import SymbolRow

# Column order of search_text, and the BM25 weight of each (search.py passes them to bm25()).
COLUMNS = ("name", "words", "qualname", "signature", "doc", "path")
WEIGHTS = (3.0, 3.0, 1.0, 1.0, 2.0, 0.3)
LEXICAL_TABLES = ("search_text", "search_names", "search_paths")
# The tokenizer of search_text, as declared in schema.sql (search.py tokenizes queries with it).
TOKENIZER = ("porter", ["unicode61", "remove_diacritics", "2"])

# a word starts at a capital after a lower-case letter or digit, or at the last capital of a run that
# a lower-case letter follows (HTTPResponse -> HTTP Response); the capital is tested first, as most
# positions are not one (a third less time than the two lookbehinds tried at every position)
_CAMEL = re.compile(r"(?=[A-Z])(?:(?<=[a-z0-9])|(?<=[A-Z])(?=[A-Z][a-z]))")
_NOT_WORD = re.compile(r"[\W_]+")


def lexical_enabled() -> bool:
    """Whether the lexical index is built (GRAPHMIND_NO_LEXICAL=1 turns it off, for benchmark peer runs)."""
    return os.environ.get("GRAPHMIND_NO_LEXICAL", "") in ("", "0")


def split_words(text: str) -> str:
    """Identifiers in a text split into words: parseHttpRequest -> parse Http Request (the tokenizer
    splits at '_', '-', '.', '/' and lowercases)."""
    return text if text.islower() or not text else _CAMEL.sub(" ", text)     # fast path: no capitals


def fold_name(name: str) -> str:
    """A name as one lowercase token, the same for every naming convention: parse_http_request,
    parseHttpRequest, ParseHTTPRequest and parse-http-request all give parsehttprequest."""
    return _NOT_WORD.sub("", name).lower()


def text_hash(path: str, sym: SymbolRow) -> int:
    """A fingerprint of the texts a symbol's lexical rows are made of (stored in symbols.text_hash):
    a save rewrites only the rows whose texts changed."""
    data = "\x1f".join((path, sym.name, sym.qualname, sym.signature, sym.doc)).encode("utf-8", "replace")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big", signed=True)


def add_files(conn: apsw.Connection, files: Sequence[tuple[int, str, Sequence[int], Sequence[SymbolRow], set[int]]]) -> None:
    """Write the lexical rows of files whose symbols were just inserted: (file id, path, symbol ids,
    symbols, ids whose rows were kept), and of their paths, one statement per table for them all.

    Called once per transaction, after every other row of its files: a statement that may abort
    opens a savepoint, and each savepoint makes FTS5 flush the terms it holds in memory into a
    segment of its own (Django: 2,864 flushes and their merges, ~1 s, when written file by file)."""
    if not lexical_enabled():
        return
    rows = [(i, s, path) for _, path, ids, symbols, skip in files for i, s in zip(ids, symbols) if i not in skip]
    words = {path: split_words(path) for _, path, _, symbols, _ in files if symbols}
    conn.executemany(
        "INSERT INTO search_text(rowid, name, words, qualname, signature, doc, path) VALUES (?,?,?,?,?,?,?)",
        [(i, fold_name(s.name), split_words(s.name), split_words(s.qualname), split_words(s.signature),
          split_words(s.doc), words[path]) for i, s, path in rows])
    conn.executemany("INSERT INTO search_names(rowid, name) VALUES (?,?)", [(i, s.name) for i, s, _ in rows])
    conn.executemany("INSERT INTO search_paths(rowid, path) VALUES (?,?)",
                     [(file_id, path) for file_id, path, _, symbols, _ in files if symbols])


def delete_file(conn: apsw.Connection, file_id: int, keep: set[int] | None = None, keep_all: bool = False) -> None:
    """Delete the lexical rows of a file (call before its symbols rows are deleted), but those of
    the symbols in `keep` (`keep_all`: every symbol of the file is in it)."""
    conn.execute("DELETE FROM search_paths WHERE rowid=?", (file_id,))
    if keep_all:
        return
    if not keep:
        ids, args = "SELECT id FROM symbols WHERE file_id=?", (file_id,)
    else:
        ids = "SELECT id FROM symbols WHERE file_id=? AND id NOT IN (SELECT value FROM json_each(?))"
        args = (file_id, orjson.dumps(sorted(keep)).decode())
    conn.execute(f"DELETE FROM search_text WHERE rowid IN ({ids})", args)
    conn.execute(f"DELETE FROM search_names WHERE rowid IN ({ids})", args)


def optimize(conn: apsw.Connection) -> None:
    """Merge each lexical table into one b-tree after a cold load (smaller file, faster queries)."""
    if not lexical_enabled():
        return
    for table in LEXICAL_TABLES:
        conn.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")
