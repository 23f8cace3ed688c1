"""Where a caller calls: the calling lines of walk rows, with their source text (`13 → validate_order(order)`)."""
from __future__ import annotations

from pathlib import Path


def source_lines(root: Path, wanted: dict[str, set[int]]) -> dict[tuple[str, int], str]:
    """The stripped source text of the wanted lines, by (file, line); files that cannot be read are left out."""
    out = {}
    for file, lines in wanted.items():
        if not lines:
            continue
        try:
            with open(root / file, encoding="utf-8", errors="replace") as fh:
                for n, text in enumerate(fh, 1):
                    if n in lines:
                        out[(file, n)] = text.strip()[:160]
                    if n >= max(lines):
                        break
        except OSError:
            continue
    return out


def calling_texts(root: Path, w, most: int = 2) -> dict[tuple[str, int], str]:
    """The text of the first `most` calling lines of every row of an upward walk (empty for callees)."""
    if w is None or w.direction != "up":
        return {}
    wanted: dict[str, set[int]] = {}
    for h in w.hits:
        wanted.setdefault(h.file, set()).update(h.call_lines[:most])
    return source_lines(root, wanted)


def calling(hit, texts: dict[tuple[str, int], str], most: int = 2) -> str:
    """`16 → refund(order)`: the lines where a row calls the nearer symbol, with their text (the first `most`)."""
    parts = [f"{n} → {texts.get((hit.file, n), '')}".rstrip(" →") for n in hit.call_lines[:most]]
    more = len(hit.call_lines) - most
    return "; ".join(parts) + (f" (+{more} more)" if more > 0 else "")
