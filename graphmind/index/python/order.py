"""The order of a Python scope's bindings where it matters (`flow` of a binding row): `mark_order`,
and `shadowed_by_stars` for a module whose star import follows its definitions; `redeclared` for a
Java local declared again in a later block."""
from __future__ import annotations

import re

from graphmind.index.snippets import node_text
from graphmind.models import BindingRow

_BRANCHES = frozenset({"if_statement", "for_statement", "while_statement", "try_statement", "match_statement",
                       "conditional_expression", "boolean_operator", "list_comprehension", "set_comprehension",
                       "dictionary_comprehension", "generator_expression", "lambda"})
_SCOPES = frozenset({"function_definition", "class_definition", "module"})
IDENT = re.compile(r"[A-Za-z_]\w*")
_UNORDERED = frozenset({"global", "attr", "attrannot", "attritem"})     # not what the name holds in its scope


def nested(node) -> bool:
    """Whether a binding may not run, or run again, when its scope's body runs: it sits in a branch,
    a loop, a `try` or a comprehension of that scope (a `for` binds its target only when it iterates)."""
    while node is not None and node.type not in _SCOPES:
        if node.type in _BRANCHES:
            return True
        node = node.parent
    return False


def mark_order(bindings: list[BindingRow], places: list) -> None:
    """Set `flow` on the bindings of each scope where order matters: a name bound again at the top
    level of its scope's body after its first binding (`w = Csv(); w.write(); w = Json()`): 1 for a
    binding that replaces what the name held, 2 for one that may not (nested in a branch or loop,
    or computed from the name itself: `e = e.subs(x, 1)` keeps the union, as the evaluator types such
    a chain loosely). `places`: per binding, the node whose ancestors say whether it is `nested`
    (None: it is not), walked only for the bindings that decide or get an order (most need none);
    argument and return rows only need their line."""
    known: dict[int, bool] = {}

    def keeps(i: int, b: BindingRow) -> bool:
        kept = known.get(i)
        if kept is None:
            kept = known[i] = (places[i] is not None and nested(places[i])) or (
                b.name in b.value and b.name in IDENT.findall(b.value))
        return kept
    named = [(i, b) for i, b in enumerate(bindings)
             if b.name and (b.name[0].isalpha() or b.name[0] == "_") and b.kind not in _UNORDERED]
    first: dict[tuple[int, str], int] = {}
    for _, b in named:
        key = (b.scope, b.name)
        first[key] = min(first.get(key, b.line), b.line)
    ordered = {b.scope for i, b in named if b.line > first[(b.scope, b.name)] and not keeps(i, b)}
    ordered |= {b.scope for b in bindings if b.kind == "star"}
    if not ordered:
        return
    for i, b in enumerate(bindings):
        if b.scope in ordered:
            b.flow = 2 if keeps(i, b) else 1


def shadowed_by_stars(source: bytes, root, bindings: list[BindingRow], places: list) -> None:
    """A module whose top-level star import follows definitions (`def render` … `from views import *`):
    a `star` row per star import (under "*", the module as written) and a `def` row per top-level
    definition before the last one, so the evaluator sees which binding of the name comes last."""
    stars = [(node.start_point[0] + 1, node_text(source, node.child_by_field_name("module_name")))
             for node in root.named_children if node.type == "import_from_statement"
             and any(c.type == "wildcard_import" for c in node.named_children)]
    if not stars:
        return
    defined = len(bindings)
    for node in root.named_children:
        line = node.start_point[0] + 1
        if node.type == "decorated_definition":
            node = node.child_by_field_name("definition")
        if node is not None and node.type in ("function_definition", "class_definition") and line < stars[-1][0]:
            name = node.child_by_field_name("name")
            bindings.append(BindingRow(0, name.text.decode("utf-8", "replace"), "def", "", line))
            places.append(None)
    for line, module in stars if len(bindings) > defined else ():
        bindings.append(BindingRow(0, "*", "star", module, line))
        places.append(None)


REDECLARING = frozenset({"java"})   # block-scoped locals: one name declared in sibling blocks of a method


def redeclared(bindings: list[BindingRow], language: str) -> None:
    """A local declared with two or more types in one method (`TypeVariableImpl<?> that` in one block,
    `TypeVariable<?> that` in a later one): each declaration holds from its line on, as Go's type switch
    cases do (graphmind/lang/flow/scopevars.py `at_site`), so every binding of the name is marked in order."""
    if language not in REDECLARING:
        return
    types: dict[tuple[int, str], set[str]] = {}
    for b in bindings:
        if b.kind == "annot" and b.scope:
            types.setdefault((b.scope, b.name), set()).add(b.value)
    again = {key for key, seen in types.items() if len(seen) > 1}
    for b in bindings if again else ():
        if (b.scope, b.name) in again:
            b.flow = 1
