"""C++ export macros between `class` and the class's name (`class TLSH_API Tlsh {`, `class Q_CORE_EXPORT
QObject : …`), blanked at the same length before parsing: the grammar, which expands no macro, reads
them as a class `TLSH_API` and the rest as a function `Tlsh`, so the class and its members are lost.
Bytes in, bytes out: offsets, lines and columns hold."""
from __future__ import annotations

import re

# an all-caps word (a macro by convention) between `class`/`struct` and a name followed by `{`, `:` or
# `final`, on its line or the next (TinyXML-2's `class TINYXML2_LIB StrPair` then `{`; JsonCpp's `class JSON_API`
# then `StyledWriter : public Writer {`; a definition, not
# `struct STAT buf;` or an elaborated type)
_EXPORT = re.compile(rb"\b(?:class|struct)[ \t]+([A-Z_][A-Z0-9_]*[A-Z0-9])[ \t]*\r?\n?[ \t]+(?=[A-Za-z_]\w*\s*(?:final\b\s*)?[{:]"
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


# attribute macros the grammar reads as a type or a stray word, blanked in a C++ file it rejects only
# (parse_recovering keeps the result when it has fewer errors): before a declaration, an all-caps word
# followed by a type and a name with its `(` (`JSONCPP_NORETURN void throwLogicError(…)`, not
# `BOOL ok(…)` nor a macro's call `JSON_ASSERT(x)`); between the type and the name (`String JSON_API valueToString(…)`); after a function's parameters and its qualifiers,
# before `;` or `{` (`T as() const JSONCPP_TEMPLATE_DELETE;`, `void f() OVERRIDE {}`); a macro's call alone on
# the line above a declaration (`JSONCPP_DEPRECATED("…")`)
_NAME = rb"(?:operator(?:\(\)|[^\s(]+)|~?[A-Za-z_][\w:]*)[ \t]*\("
_LEADING = re.compile(rb"(?m)^[ \t]*([A-Z_][A-Z0-9_]*[A-Z0-9])[ \t]+(?=[A-Za-z_][^;{}()\n=]*?[\w>*&][ \t*&]+" + _NAME + rb")")
_BEFORE_NAME = re.compile(rb"(?<=[\w>*&][ \t])([A-Z_][A-Z0-9_]*[A-Z0-9])[ \t]+(?=" + _NAME + rb")")
_OWN_LINE = re.compile(rb"(?m)^[ \t]*([A-Z_][A-Z0-9_]*[A-Z0-9][ \t]*\((?:[^()\n]|\([^()\n]*\))*\))[ \t]*\n(?=[ \t]*[A-Za-z_~])")
# `#` making a string of a parameter in a macro's body (`return #FixtureType "/" #name; }   \`), on a line
# continued with `\` that is not a directive: the grammar reads it as one and rejects the whole file
_CONTINUED = re.compile(rb"(?m)^(?![ \t]*#)[^\n]*\\\r?$")
_STRINGIZED = re.compile(rb"(?<=[ \t(,])#(?=[A-Za-z_])")
_TRAILING = re.compile(rb"\)[ \t]*(?:(?:const|noexcept|override|final)\b[ \t]*)*([A-Z_][A-Z0-9_]*[A-Z0-9])(?=\s*[;{])")


def blank_attributes(language: str, source: bytes) -> tuple[bytes, list[int]]:
    """The C++ source with attribute macros blanked, and the lines where they were (none: the same bytes)."""
    if language != "cpp":
        return source, []
    spans = [m.span(1) for pattern in (_LEADING, _BEFORE_NAME, _OWN_LINE, _TRAILING) for m in pattern.finditer(source)]
    spans = sorted(spans + [(line.start() + m.start(), line.start() + m.end()) for line in _CONTINUED.finditer(source)
                            if b"#" in line.group() for m in _STRINGIZED.finditer(line.group())])
    if not spans:
        return source, []
    out = bytearray(source)
    for start, end in spans:
        out[start:end] = b" " * (end - start)
    return bytes(out), sorted({source.count(b"\n", 0, start) + 1 for start, _ in spans})
