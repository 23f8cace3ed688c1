"""Argument rows of Python calls (`bindings` of kind `args`) for parameter <- argument flow.

A call's arguments are recorded as written, under "(NAME" for the name called, in the caller's scope
(a decorator applied is a call with the decorated definition as its argument). Only calls that can
give a workspace function's parameter a value are recorded: see `argument_row`.
"""
from __future__ import annotations

from collections.abc import Callable

from graphmind.index.snippets import DOTTED, MAX_VALUE, head_name, node_text
from graphmind.models import BindingRow

Enclosing = Callable[[int, bool], int]

# Argument nodes whose text the evaluator can never give a value (resolve/pytypes.py reads a call
# chain `a.b(x)[k]`, a bracketed collection or `await X`: an operator, a literal, a lambda or a
# comprehension is none of these; `*xs`, `**kw` are not read at all), so a call passing only such
# arguments informs no parameter.
_OPAQUE = frozenset({"string", "concatenated_string", "integer", "float", "true", "false", "none",
                     "unary_operator", "comment", "binary_operator", "boolean_operator", "comparison_operator",
                     "not_operator", "conditional_expression", "lambda", "list_comprehension",
                     "dictionary_comprehension", "set_comprehension", "generator_expression", "list_splat",
                     "dictionary_splat"})


def call_parts(node, called: set[int]) -> tuple | None:
    """(callee, arguments or the decorated definition's name, the node the row is placed at) of a call
    site: `f(…)`, `a.f(…)`, `Box[T](…)` (Box's), `@dec` (the decorated definition passed). A callee
    `x.m` goes to `called`."""
    if node.type == "decorator":
        callee, definition = node.named_children[0], node.parent.child_by_field_name("definition")
        value = definition.child_by_field_name("name") if definition is not None else None
        if callee.type not in ("identifier", "attribute") or value is None:
            return None
        return callee, value, node.parent
    callee, value = node.child_by_field_name("function"), node.child_by_field_name("arguments")
    if callee is not None and callee.type == "attribute":
        called.add(callee.id)
    if callee is None or value is None or value.type != "argument_list":
        return None
    named = callee.child_by_field_name("value") if callee.type == "subscript" else callee   # `Box[T]`: Box
    return (callee, value, node) if named is not None and named.type in ("identifier", "attribute") else None


def argument_row(source: bytes, callee_node, value, anchor, names: set[str] | None, enclosing: Enclosing,
               out: list[BindingRow]) -> None:
    """A call's (or a decorator's) arguments as written, under "(NAME" for the name called.

    Only when the name called starts from one of `names` (what the file defines, imports or binds;
    None: anything, after a star import): any other head is a builtin or unknown, and the resolver
    looks nowhere else, so that call never reaches a workspace function's parameters."""
    callee = node_text(source, callee_node)
    head = callee.partition("[")[0] if callee.endswith("]") else callee      # `Box[int](...)`: Box's
    if not DOTTED.match(head) or names is not None and head_name(head) not in names:
        return
    if value.type == "argument_list":
        args = [a for a in value.named_children if a.type != "comment"]
        if all(_opaque(a) for a in args):
            return                                # nothing a function or an instance could come from
        texts, size = [], 0
        for a in args:
            text = node_text(source, a)
            size += len(text) + 2
            if size > MAX_VALUE:
                break
            texts.append(text)
        text = ", ".join(texts)
    else:
        text = node_text(source, value)               # a decorated definition: its name
    out.append(BindingRow(enclosing(anchor.start_byte, True), "(" + head.rsplit(".", 1)[-1], "args",
                          f"{callee}\t{text}", anchor.start_point[0] + 1))


def _opaque(arg) -> bool:
    """Whether an argument (`k=v`: its value) is one the evaluator can give no value."""
    if arg.type == "keyword_argument":
        value = arg.child_by_field_name("value")
        return value is None or value.type in _OPAQUE
    return arg.type in _OPAQUE
