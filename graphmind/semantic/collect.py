"""The definitions of a workspace to embed, read from the index and their files: each with its text
and key. A file whose content no longer matches the index is left for the next pass (the index will
be brought up to date first), and an unreadable one is skipped."""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import apsw

from graphmind.semantic.texts import SKIPPED_KINDS, Definition, describe, text_key

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Item:
    """A definition to embed: its symbol id, its text, the text's key, and its file's content hash."""
    id: int
    text: str
    key: bytes
    file_sha: str


def indexed_files(conn: apsw.Connection) -> dict[str, tuple[int, str, str]]:
    """path -> (file id, language, sha256) of every indexed file."""
    return {p: (i, lang, sha) for i, p, lang, sha in conn.execute("SELECT id, path, language, sha256 FROM files")}


def file_definitions(conn: apsw.Connection, file_id: int) -> list[Definition]:
    """The embeddable definitions of one file, in source order."""
    marks = ",".join("?" * len(SKIPPED_KINDS))
    return [Definition(*r) for r in conn.execute(
        "SELECT id, kind, name, qualname, signature, start_byte, end_byte FROM symbols"
        f" WHERE file_id = ? AND kind NOT IN ({marks}) ORDER BY start_byte, id", (file_id, *SKIPPED_KINDS))]


def file_items(conn: apsw.Connection, root: Path, path: str, file_id: int, language: str, sha: str,
               model: str, max_tokens: int) -> list[Item] | None:
    """A file's items, or None when the file cannot be read or differs from what was indexed."""
    defs = file_definitions(conn, file_id)
    if not defs:
        return []
    try:
        source = (root / path).read_bytes()
    except OSError as exc:
        log.info("not embedding %s: %s", path, exc)
        return None
    if hashlib.sha256(source).hexdigest() != sha:
        return None
    out = []
    for d in defs:
        text = describe(d, language, source)
        out.append(Item(d.id, text, text_key(text, model, max_tokens), sha))
    return out


def workspace_items(conn: apsw.Connection, root: Path, model: str, max_tokens: int,
                    skip: dict[str, str] | None = None) -> Iterator[tuple[str, list[Item] | None]]:
    """(path, items) for every indexed file but those in `skip` (path -> sha256 already embedded)."""
    skip = skip or {}
    for path, (file_id, language, sha) in sorted(indexed_files(conn).items()):
        if skip.get(path) == sha:
            continue
        yield path, file_items(conn, root, path, file_id, language, sha, model, max_tokens)
