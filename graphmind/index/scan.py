"""Does the index still match the disk? One walk and one read of the files table, no writer, no parser;
and, file by file, what really changed: a size+mtime fast path, then SHA-256 of the content decides.

A query without a daemon asks this before every answer, so the answer "nothing changed" must cost
no more than the walk: the indexer (tree-sitter, the resolver, every language's hooks) is imported
only when something did change, and the walk it is given is the one made here.
"""
from __future__ import annotations

import hashlib

import apsw

from graphmind.errors import GraphmindError
from graphmind.models import FileInfo
from graphmind.store.connect import open_reader


def matches_index(root, files: list[FileInfo]) -> bool:
    """Whether the index holds exactly these files at these sizes and mtimes, with no call waiting for
    resolution (an interrupted run). No index, another version's or a damaged one: False."""
    try:
        conn = open_reader(root)
    except (GraphmindError, apsw.Error, OSError):
        return False
    try:
        with conn:                                       # one snapshot for both reads
            indexed = {p: (s, m) for p, s, m in conn.execute("SELECT path, size, mtime_ns FROM files")}
            pending = conn.execute("SELECT EXISTS (SELECT 1 FROM calls WHERE resolution='pending')").fetchone()[0]
    except apsw.Error:
        return False
    finally:
        conn.close()
    if pending or len(indexed) != len(files):
        return False
    return all(indexed.get(f.path) == (f.size, f.mtime_ns) for f in files)


def digest(data: bytes) -> str:
    """The SHA-256 of a file's content, as hex."""
    return hashlib.sha256(data).hexdigest()


def looks_unchanged(info: FileInfo, state: tuple | None) -> bool:
    """Whether size and mtime match the indexed row, so the file need not even be read."""
    return state is not None and state[1] == info.size and state[2] == info.mtime_ns
