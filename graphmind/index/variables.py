"""Module- and class-level variables and constants: leaf definitions (never scopes), so that a read of
one (`read` edges, graphmind/resolve/reads.py) has a definition to reach.

What counts is written in each language's tags.scm as `@definition.variable` / `@definition.constant`:
Python's module-level and class-body assignments and annotated names (also inside a module-level
`if`/`try`), never locals or `self.x`. A leaf's parent is the innermost module or class around it;
a name that also names a function or class there, or was already defined there, is not added again
(a JavaScript/TypeScript object literal's member names nothing in the scope it is written in).
"""
from __future__ import annotations

import re
from bisect import bisect_right

from graphmind.index.snippets import folded
from graphmind.languages import PACKAGE_SCOPED, family
from graphmind.models import MEMBER_READ, CallRow, SymbolRow

LEAF_KINDS = frozenset({"variable", "constant"})
MAX_VARIABLE_SIGNATURE = 160
_CONTAINERS = frozenset({"module", "class", "struct", "interface", "enum", "trait", "namespace"})
_SCOPES = frozenset({"module", "namespace", "function", "method", "constructor"})
_UPPER = re.compile(r"^_*[A-Z][A-Z0-9_]*$")


def leaf_kind(language: str, captured: str, name: str, node) -> str:
    """`constant` or `variable`. Python has no constants, so an UPPER_CASE name (PEP 8) is one;
    elsewhere the declaration says: `const` (JavaScript/TypeScript), `readonly`, `final` (Java)."""
    if language == "python":
        return "constant" if _UPPER.match(name) else "variable"
    if captured == "variable":
        holder = node.parent if node.type == "variable_declarator" else node
        words = {c.type for c in holder.children} if holder is not None else set()
        mods = next((c for c in holder.children if c.type == "modifiers"), None) if holder is not None else None
        if mods is not None:
            words |= {c.type for c in mods.children}
        if words & {"const", "readonly", "final"}:
            return "constant"
    return captured


def signature(source: bytes, node) -> str:
    """The definition's text folded onto one line and cut: `NAME = <value>` or `NAME: T`."""
    text = folded(source, node.start_byte, node.end_byte, MAX_VARIABLE_SIGNATURE)
    return text if len(text) <= MAX_VARIABLE_SIGNATURE else text[: MAX_VARIABLE_SIGNATURE - 1] + "…"


def variable_rows(language: str, source: bytes, leaves: list, symbols: list[SymbolRow], enclosing) -> list[SymbolRow]:
    """One symbol row per (scope, name) captured as a leaf definition, in file order; `symbols` are
    the file's scopes so far (indexes are what `enclosing(pos, False)` returns)."""
    literal = family(language) == "ecmascript"      # a method outside a class: an object literal's member,
    taken = {(s.parent, s.name) for s in symbols     # no name of the scope it is written in
             if not (literal and s.kind == "method" and s.parent is not None and symbols[s.parent].kind in _SCOPES)}
    out: list[SymbolRow] = []
    for node, name_node, kind in sorted(leaves, key=lambda leaf: leaf[0].start_byte):
        parent = enclosing(node.start_byte, node.type.endswith("_parameter"))   # a parameter property: the class
        if symbols[parent].kind not in _CONTAINERS:
            continue
        name = name_node.text.decode("utf-8", "replace")
        if not name or (name.startswith("__") and name.endswith("__")) or (parent, name) in taken:
            continue                           # `__all__`, `__slots__`: read by Python, not by the code
        taken.add((parent, name))
        out.append(SymbolRow(f"{symbols[parent].qualname}.{name}", name, leaf_kind(language, kind, name, node),
                             node.start_point[0] + 1, node.end_point[0] + 1, node.start_byte, node.end_byte,
                             signature(source, node), parent))
    return out


class Capitalized(set):
    """Names typed in a file, and any capitalised name: outside Python a member read through a class
    of the same package (`Config.MAX`, `Color.RED`) needs no import to name it."""
    def __contains__(self, name) -> bool:
        return name[:1].isupper() or set.__contains__(self, name)


def within(ranges: list[tuple[int, int]], pos: int) -> bool:
    """Whether a byte lies in one of sorted, non-nested (start, end) ranges."""
    i = bisect_right(ranges, (pos, float("inf"))) - 1
    return i >= 0 and ranges[i][0] <= pos < ranges[i][1]


def read_site(language: str, kind: str, name, readable: set[str], own: set[str], local: set[str],
              annotations: list[tuple[int, int]], enclosing) -> list[CallRow]:
    """A bare name read where a value is read (`read`), or called (`readcall`), as a member-read row:
    kept for names the file defines as variables (`own`) or imports (`readable`), or, in a package-
    scoped language, any name no function of the file binds (`local`); never inside an annotation."""
    text = name.text.decode("utf-8", "replace")
    wanted = text in own if kind == "readcall" else \
        text in readable or (language in PACKAGE_SCOPED and text not in local)
    if not wanted or within(annotations, name.start_byte):
        return []
    return [CallRow(enclosing(name.start_byte, True), text, text, name.start_point[0] + 1, name.start_point[1],
                    MEMBER_READ)]
