"""C++ export macros between `class` and the class's name (`class TLSH_API Tlsh {`, `class Q_CORE_EXPORT
QObject : …`), blanked at the same length before parsing: the grammar, which expands no macro, reads
them as a class `TLSH_API` and the rest as a function `Tlsh`, so the class and its members are lost.
Bytes in, bytes out: offsets, lines and columns hold."""
from __future__ import annotations

import re

# an all-caps word (a macro by convention) between `class`/`struct` and a name followed by `{`, `:` or
# `final`, on its line or the next (TinyXML-2's `class TINYXML2_LIB StrPair` then `{`; a definition, not
# `struct STAT buf;` or an elaborated type)
_EXPORT = re.compile(rb"\b(?:class|struct)[ \t]+([A-Z_][A-Z0-9_]*[A-Z0-9])[ \t]+(?=[A-Za-z_]\w*\s*(?:final\b\s*)?[{:]"
                     rb"(?!:))")


def blank_exports(language: str, source: bytes) -> tuple[bytes, list[int]]:
    """The C++ source with export macros blanked, and the lines where they were (none: the same bytes)."""
    if language != "cpp" or b"class" not in source and b"struct" not in source:
        return source, []
    lines: list[int] = []

    def blank(m: re.Match) -> bytes:
        lines.append(source.count(b"\n", 0, m.start(1)) + 1)
        return m.group(0)[: m.start(1) - m.start(0)] + b" " * (m.end(1) - m.start(1)) + m.group(0)[m.end(1) - m.start(0):]
    out = _EXPORT.sub(blank, source)
    return out, lines
