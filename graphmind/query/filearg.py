"""A file or folder argument (`--file`, `file=`) in any spelling, as the workspace-relative path the index
keys on: `./x.py`, an absolute path inside the workspace, `x.py`, a module's dotted name (`shop.orders`),
or a glob. A spelling that matches nothing indexed is an error naming the closest indexed file."""
from __future__ import annotations

import difflib
from pathlib import Path

import apsw

from graphmind.errors import BadArgumentError, NotFoundError
from graphmind.paths import confine

GLOB = "*?["


def _is_file(conn: apsw.Connection, rel: str) -> bool:
    return conn.execute("SELECT 1 FROM files WHERE path = ?", (rel,)).fetchone() is not None


def _is_folder(conn: apsw.Connection, rel: str) -> bool:
    return conn.execute("SELECT 1 FROM files WHERE substr(path, 1, ?) = ? LIMIT 1",
                        (len(rel) + 1, rel + "/")).fetchone() is not None


def _module_file(conn: apsw.Connection, dotted: str) -> str | None:
    row = conn.execute("SELECT f.path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind = 'module'"
                       " AND s.qualname = ? ORDER BY length(f.path) LIMIT 1", (dotted,)).fetchone()
    return row[0] if row else None


def closest_file(conn: apsw.Connection, rel: str) -> str | None:
    """The indexed file whose path is most like `rel` (same file name first), or None."""
    base = rel.rsplit("/", 1)[-1]
    same = [p for (p,) in conn.execute("SELECT path FROM files WHERE path = ?1 OR path LIKE '%/' || ?1", (base,))]
    pool = same or [p for (p,) in conn.execute("SELECT path FROM files")]
    found = difflib.get_close_matches(rel, pool, n=1, cutoff=0.0 if same else 0.6)
    return found[0] if found else None


def file_filter(conn: apsw.Connection, root: Path, arg: str, folders: bool = True) -> str:
    """The workspace-relative path (or glob) `arg` names; `folders`: a folder is accepted (search), else
    only one file (symbols). Not indexed: a NotFoundError naming the closest indexed file."""
    text = arg.strip()
    if any(ch in text for ch in GLOB):
        if not folders:
            raise BadArgumentError(f"'{arg}' is a glob: --file takes one file here (search --file takes a glob)")
        return text.removeprefix("./")
    rel = confine(root, text)
    if _is_file(conn, rel) or (folders and _is_folder(conn, rel)):
        return rel
    if _is_folder(conn, rel):
        raise BadArgumentError(f"'{arg}' is a folder: --file takes one file (search --file takes a folder)")
    if "/" not in rel and "." in rel:
        module = _module_file(conn, rel.removesuffix(".py"))
        if module is not None:
            return module
    near = closest_file(conn, rel)
    raise NotFoundError(f"'{arg}' matches no indexed file (missing, ignored, or not a language graphmind reads)"
                        + (f"; the closest is {near}" if near else ""))
