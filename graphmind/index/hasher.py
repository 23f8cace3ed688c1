"""What really changed: a size+mtime fast path, then SHA-256 of the content decides."""
from __future__ import annotations

import hashlib

from graphmind.models import FileInfo


def digest(data: bytes) -> str:
    """The SHA-256 of a file's content, as hex."""
    return hashlib.sha256(data).hexdigest()


def looks_unchanged(info: FileInfo, state: tuple | None) -> bool:
    """Whether size and mtime match the indexed row, so the file need not even be read."""
    return state is not None and state[1] == info.size and state[2] == info.mtime_ns
