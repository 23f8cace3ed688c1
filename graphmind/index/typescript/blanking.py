"""TypeScript sources rewritten at the same length where the grammar rejects them, so that offsets, lines and
columns hold (docs/languages.md#files-the-grammar-cannot-fully-parse). Bytes in, bytes out: no parse here."""
from __future__ import annotations

import re

# TypeScript the grammar rejects (to its newest release) rewritten at the same length, so
# offsets, lines and columns hold (docs/languages.md#files-the-grammar-cannot-fully-parse): variance
# annotations blanked before the first parse (always rejected); escaped backticks (rejected in template
# literal types) and call signatures starting a line (a `;` in the indentation) only for a file still
# rejected, taken when the tree then has fewer syntax errors. The file's row says what was blanked.
# `in`, `out` or `in out` before a type parameter's name, just after `<` or `,` of a parameter list
# (comments between them: `/** @ts-ignore Cast variance */ out Shape`)
_VARIANCE = re.compile(rb"(?<=[<,])((?:\s|/\*(?:[^*]|\*(?!/))*\*/|//[^\n]*\n)*)((?:in\s+out|in|out)\s+)"
                       rb"(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))")
# a type member starting a line that the grammar reads as the previous member's continuation: a call or
# construct signature (`  (n: number): A`, `  <A>(a: A): B`), a property named `in` (`  in: "query"`)
_SIGNATURE_LINE = re.compile(rb"(?m)^([ \t]+)(?=<\s*(?:$|const\s|[A-Za-z_$][\w$]*\s*(?:extends\b|[,>=]))|\(|in\??:)")
_ENDS_TYPE = re.compile(rb"(?:[\w$\])}\"']|[^=]>)\s*$")
_ENDS_OPERATOR = re.compile(rb"\b(?:extends|keyof|typeof|infer|is|as|in|of|new|return|await|yield|readonly|unique|asserts"
                            rb"|satisfies|else|case|throw|delete|instanceof)\s*$")
_COMMENT_LINE = re.compile(rb"^\s*(?:$|\*|/\*|//)|\*/\s*$")
_ESCAPED_TICK = re.compile(rb"\\`")
_LANGUAGES = frozenset({"typescript", "tsx"})


def blank_rejected(language: str, source: bytes) -> tuple[bytes, dict[str, list[int]]]:
    """The source with every rewrite made, and the lines of each kind (empty when nothing was)."""
    out, blanked = blank_variance(language, source)
    more, also = blank_more(language, out)
    return more, {**blanked, **also}


def blank_variance(language: str, source: bytes) -> tuple[bytes, dict[str, list[int]]]:
    """Variance annotations blanked: the grammar rejects every one, so it need not see them first."""
    lines: list[int] = []

    def blank(m: re.Match) -> bytes:
        lines.append(source.count(b"\n", 0, m.start(2)) + 1)
        return m.group(1) + re.sub(rb"\S", b" ", m.group(2))
    out = _VARIANCE.sub(blank, source) if language in _LANGUAGES else source
    return out, ({"variance annotations": lines} if lines else {})


def blank_more(language: str, source: bytes) -> tuple[bytes, dict[str, list[int]]]:
    """Escaped backticks blanked and call signatures ended (each may be fine where it stands)."""
    if language not in _LANGUAGES:
        return source, {}
    blanked = {}
    ticks = [source.count(b"\n", 0, m.start()) + 1 for m in _ESCAPED_TICK.finditer(source)]
    if ticks:                          # the grammar rejects them in template literal types only; spaces
        source = _ESCAPED_TICK.sub(b"  ", source)    # keep any template literal, string, regex or comment whole
        blanked["escaped backticks"] = sorted(set(ticks))
    source, ends = _end_members(source)
    if ends:
        blanked["type members ended at a line break"] = ends
    return source, blanked


def _end_members(source: bytes) -> tuple[bytes, list[int]]:
    """`;` written into the indentation of a call signature that starts a line after a type: TypeScript
    ends a type member at a line break, the grammar reads `A\n  (x: X): B` as one type."""
    lines = source.split(b"\n")
    ends = []
    for m in _SIGNATURE_LINE.finditer(source):
        row = source.count(b"\n", 0, m.start())
        prev = row - 1
        while prev >= 0 and _COMMENT_LINE.search(lines[prev]):
            prev -= 1
        if prev >= 0 and _ENDS_TYPE.search(lines[prev]) and not _ENDS_OPERATOR.search(lines[prev]):
            ends.append(row + 1)
    if not ends:
        return source, ends
    for row in ends:
        line = lines[row - 1]
        lines[row - 1] = line[:len(line) - len(line.lstrip())][:-1] + b";" + line.lstrip()
    return b"\n".join(lines), ends


def note(blanked: dict[str, list[int]]) -> str:
    """What was blanked, for the file's row: `blanked to parse: variance annotations (3, lines 5, 9, 12)`."""
    parts = []
    for kind, lines in blanked.items():
        rows = sorted(set(lines))
        shown = ", ".join(map(str, rows[:5])) + (", …" if len(rows) > 5 else "")
        parts.append(f"{kind} ({len(lines)}, line{'s' if len(rows) > 1 else ''} {shown})")
    return "blanked to parse: " + "; ".join(parts)
