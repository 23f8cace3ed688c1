"""Names a type expression mentions: `Optional["pkg.Bar"]` -> Optional, pkg.Bar; `List<Foo>` -> List, Foo.

Type annotations, `isinstance`/`except` targets, generic arguments and casts are dependencies, not
calls: each dotted name in them becomes a `reference` site, resolved like a name and walked by
`blast-radius` (never listed as an unresolved call site).
"""
from __future__ import annotations

import re

from graphmind.models import CallRow

# a dotted or `::` path written as one node: taken whole, not descended into
_CHAINS = frozenset({"attribute", "nested_type_identifier", "scoped_type_identifier", "qualified_type", "user_type",
                     "qualified_identifier", "scoped_identifier", "member_expression", "scoped_type"})
_NAMES = frozenset({"identifier", "type_identifier"})
_SKIP = frozenset({"as_pattern_target", "predefined_type", "primitive_type", "comment"})
_STRINGS = frozenset({"string", "string_content"})
_PATH = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:\.|::)\s*[A-Za-z_$][\w$]*)*$")
_IN_STRING = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*")
_LAST = re.compile(r"[\w$]+$")
MAX_NAMES = 64                     # per type expression: a pathological annotation stays bounded


def type_names(node) -> list[tuple[str, int, int, int]]:
    """(dotted name, start byte, line, column) of every name a type expression mentions."""
    out: list[tuple[str, int, int, int]] = []
    stack = [node]
    while stack and len(out) < MAX_NAMES:
        n = stack.pop()
        kind = n.type
        if kind in _SKIP:
            continue
        if kind in _CHAINS or kind in _NAMES:
            text = n.text.decode("utf-8", "replace")
            if _PATH.match(text):
                out.append((re.sub(r"\s+", "", text), n.start_byte, n.start_point[0] + 1, n.start_point[1]))
                continue
        if kind == "string_content":
            text = n.text.decode("utf-8", "replace")
            for m in _IN_STRING.finditer(text):
                out.append((m.group(0), n.start_byte + m.start(), n.start_point[0] + 1, n.start_point[1] + m.start()))
            continue
        stack.extend(reversed(n.children))
    return out


def reference_rows(nodes: list, enclosing, kind: str) -> list[CallRow]:
    """One site row per name mentioned under the captured nodes (each name once, however nested)."""
    seen: set[int] = set()
    rows = []
    for node in nodes:
        scope = enclosing(node.start_byte, False)
        for text, start, line, col in type_names(node):
            if start in seen:
                continue
            seen.add(start)
            last = _LAST.search(text)
            rows.append(CallRow(scope, text, last.group(0) if last else text, line, col, kind=kind))
    return rows
