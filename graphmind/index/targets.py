"""Python binding targets the flow facts read past one node: tuple and starred unpacking
(`a, *b = f, g, h`) and where a parameter sits in its list (for argument flow)."""
from __future__ import annotations

from collections.abc import Callable

from graphmind.index.snippets import node_text as text_of
from graphmind.models import BindingRow

Enclosing = Callable[[int, bool], int]   # a byte offset (and body-only) -> the enclosing symbol's index


def unpack(source: bytes, node, caps, enclosing: Enclosing, out: list[BindingRow]) -> None:
    """`a, *b = f, g, h`: each target bound to its element (a starred one to a list of the rest)."""
    targets = caps["name"][0].named_children
    values = [v for v in caps["value"][0].named_children if v.type != "comment"]
    if any(v.type in ("list_splat", "parenthesized_list_splat") for v in values):
        return
    stars = [i for i, t in enumerate(targets) if t.type == "list_splat_pattern"]
    if len(stars) > 1 or (not stars and len(targets) != len(values)) or len(targets) - len(stars) > len(values):
        return
    scope, line = enclosing(node.start_byte, True), node.start_point[0] + 1
    rest = len(values) - len(targets) + 1
    for i, target in enumerate(targets):
        if stars and i == stars[0]:
            text = "[" + ", ".join(text_of(source, v) for v in values[i:i + rest]) + "]"
            target = target.named_children[0] if target.named_child_count else target
        else:
            text = text_of(source, values[i + rest - 1 if stars and i > stars[0] else i])
        if target.type == "identifier":
            out.append(BindingRow(scope, target.text.decode("utf-8", "replace"), "assign", text, line))


def position(params, name) -> str:
    """Where a parameter sits: its index among the positional ones, `=` keyword-only, `*`, `**`."""
    child = name
    while child.parent is not None and child.parent != params:
        child = child.parent
    kinds = {child.type, *(c.type for c in child.named_children)}
    if "dictionary_splat_pattern" in kinds:
        return "**"
    if "list_splat_pattern" in kinds:
        return "*"
    index = 0
    for item in params.named_children:
        if item == child:
            break
        if item.type in ("list_splat_pattern", "keyword_separator") or (
                item.type == "typed_parameter" and item.named_children[0].type == "list_splat_pattern"):
            return "="
        if item.type not in ("positional_separator", "comment"):
            index += 1
    return str(index)
