"""What `status` says about the semantic index: the model, how many vectors, their size on disk."""
from __future__ import annotations

from pathlib import Path


def semantic_status(root: Path) -> dict:
    """The semantic index for `status`: the model, vectors and their size (none without the extra)."""
    from graphmind.semantic.model import MODEL_NAME, available
    from graphmind.store.vectors import count_vectors, vectors_path
    path = vectors_path(root)
    size = sum(f.stat().st_size for f in path.parent.glob(path.name + "*")) if path.is_file() else 0
    return {"available": available(), "model": MODEL_NAME if available() else None,
            "vectors": count_vectors(root), "bytes": size}


def semantic_line(st: dict) -> str:
    if not st["available"]:
        return "\nsemantic: off (pip install 'graphmind-code[embed]'; docs/semantic.md)"
    return (f"\nsemantic: {st['model']}, {st['vectors']} vectors, {st['bytes'] / 1e6:.1f} MB"
            + ("" if st["vectors"] else " (run `graphmind embed`)"))
