"""Does the index still match the disk? One walk and one read of the files table, no writer, no parser;
and, file by file, what really changed: a size+mtime fast path, then SHA-256 of the content decides.

A query without a daemon asks this before every answer, so the answer "nothing changed" must cost
no more than the walk: the indexer (tree-sitter, the resolver, every language's hooks) is imported
only when something did change, and the walk it is given is the one made here.

A match is remembered in `.graphmind/match.stamp`: a digest of the walk that matched and the index
files' identity, size and mtime at that moment. While the index files have not moved (no commit, no
checkpoint, no rebuild) and the walk digests the same, the index still matches without being read.
A stamp is kept only when the index files were last written over two seconds before (a commit in the
same clock tick could leave an mtime as it was).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import time
from array import array

import apsw

from graphmind import __version__, config, private
from graphmind.errors import GraphmindError, UnsafeFolderError
from graphmind.models import FileInfo
from graphmind.store.connect import open_reader

STAMP = "match.stamp"
RACY_NS = 2_000_000_000


def _index_state(root) -> tuple | None:
    """(inode, size, mtime) of the index file and of its WAL (None when absent); None without an index."""
    base = os.path.join(root, config.INDEX_DIR, config.INDEX_FILE)
    out = []
    for path in (base, base + "-wal"):
        try:
            st = os.lstat(path)
        except OSError:
            if path == base:
                return None
            out.append(None)
            continue
        out.append((st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


def _walk_digest(files: list[FileInfo]) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    h.update("\0".join([f.path for f in files]).encode("utf-8", "surrogateescape"))
    h.update(array("q", [f.size for f in files]).tobytes())
    h.update(array("q", [f.mtime_ns for f in files]).tobytes())
    return h.digest()


def _stamped(path: str) -> tuple | None:
    raw = private.read_own(path)
    try:
        return None if raw is None else marshal.loads(raw)
    except (EOFError, ValueError, TypeError):
        return None


def matches_index(root, files: list[FileInfo]) -> bool:
    """Whether the index holds exactly these files at these sizes and mtimes, with no call waiting for
    resolution (an interrupted run). No index, another version's or a damaged one: False."""
    state = _index_state(root)
    if state is None:
        return False
    stamp_path = os.path.join(root, config.INDEX_DIR, STAMP)
    key = (__version__, state, _walk_digest(files))
    if _stamped(stamp_path) == key:
        return True
    if not _read_matches(root, files):
        return False
    if _index_state(root) == state and all(s is None or s[2] < time.time_ns() - RACY_NS for s in state):
        try:                                            # a hint: without it the next check reads the index
            private.replace_own(os.path.dirname(stamp_path), STAMP, marshal.dumps(key), private.modes_for(root)[1])
        except (OSError, UnsafeFolderError):
            pass
    return True


def _read_matches(root, files: list[FileInfo]) -> bool:
    try:
        conn = open_reader(root)
    except (GraphmindError, apsw.Error, OSError):
        return False
    try:
        with conn:                                       # one snapshot for both reads
            indexed = {p: (s, m) for p, s, m in conn.execute("SELECT path, size, mtime_ns FROM files")}
            pending = conn.execute("SELECT EXISTS (SELECT 1 FROM calls WHERE resolution='pending')").fetchone()[0]
            made_by = conn.execute("SELECT value FROM meta WHERE key = 'made_by'").fetchone()
    except apsw.Error:
        return False
    finally:
        conn.close()
    # another release's rows (index/reuse.made_here rebuilds them; edited code alone: `graphmind index`)
    if pending or made_by is None or made_by[0].split()[0] != __version__ or len(indexed) != len(files):
        return False
    return all(indexed.get(f.path) == (f.size, f.mtime_ns) for f in files)


def digest(data: bytes) -> str:
    """The SHA-256 of a file's content, as hex."""
    return hashlib.sha256(data).hexdigest()


def looks_unchanged(info: FileInfo, state: tuple | None) -> bool:
    """Whether size and mtime match the indexed row, so the file need not even be read."""
    return state is not None and state[1] == info.size and state[2] == info.mtime_ns
