"""Python lambdas as definitions of their own.

A lambda bound to a single name (`key = lambda x: …`) is named after it by the tag query. Any other
lambda (an argument, a dict value, a default, an attribute's value) is named `<lambdaN>`: the N-th
such lambda of its scope in source order, counted from 1. The name survives every edit outside its
scope and every edit inside it that adds or removes no unnamed lambda before it (a line number would
move with any edit above). Its scope is where it is evaluated: the innermost definition whose *body*
holds it, so a lambda in a parameter's default or a decorator belongs to the enclosing scope, as the
calls there do. It is a `function` even in a class body (it is no attribute of the class).

The texts that mention an unnamed lambda (a binding's value, a call's arguments) read it as its name
(`sorted(xs, key=<lambda1>)`, `OPS = {"neg": <lambda1>}`: `snippets.Spliced`), so the evaluator meets
it as the function value it is, and the scope that creates it gets an `implicit` edge to it: the
strict call graph names what calls the lambda, while callers and blast radius still walk from the
lambda's callees to the function that made it.
"""
from __future__ import annotations

from graphmind.index.snippets import Spliced
from graphmind.models import CallRow

NAME = "<lambda{}>"


def is_named(node) -> bool:
    """Whether a lambda is the value of an assignment to one name (then the tag query names it)."""
    parent = node.parent
    if parent is None or parent.type != "assignment":
        return False
    left = parent.child_by_field_name("left")
    return left is not None and left.type == "identifier" and parent.child_by_field_name("right") == node


def is_unnamed(language: str, node) -> bool:
    """Whether a definition's node is a lambda named by its place (`<lambdaN>`), not by a target."""
    return language == "python" and node.type == "lambda"


def owner(stack: list, node):
    """The definition (of those enclosing `node`, innermost last) whose body holds it, or None: the module."""
    start = node.start_byte
    for d in reversed(stack):
        if d.body_start <= start < d.body_end:
            return d
    return None


class Ordinals:
    """The next `<lambdaN>` name of each scope."""

    def __init__(self):
        self._seen: dict[int, int] = {}

    def name(self, scope: int) -> str:
        n = self._seen[scope] = self._seen.get(scope, 0) + 1
        return NAME.format(n)


def spliced(source: bytes, lambdas: list[tuple[int, int, str]]) -> bytes:
    """The file's bytes for the texts cut from them, each unnamed lambda (start, end, name) read as its name."""
    return Spliced(source, sorted(lambdas)) if lambdas else source


def creations(lambdas: list[tuple[int, str, object]]) -> list[CallRow]:
    """An implicit call to each unnamed lambda (its scope's symbol index, name, node) from that scope."""
    return [CallRow(scope, name, name, node.start_point[0] + 1, node.start_point[1], 1) for scope, name, node in lambdas]
