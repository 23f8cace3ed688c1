"""Python's operators as the dunder methods they call: `a + b` runs `a.__add__(b)`, `i += n` makes i
what `i.__iadd__(n) or i.__add__(n)` returns."""
from __future__ import annotations

from graphmind.index.snippets import node_text

DUNDERS = {
    "+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__", "%": "__mod__",
    "**": "__pow__", "@": "__matmul__", "&": "__and__", "|": "__or__", "^": "__xor__", "<<": "__lshift__",
    ">>": "__rshift__", "==": "__eq__", "!=": "__ne__", "<": "__lt__", "<=": "__le__", ">": "__gt__",
    ">=": "__ge__",
}
MAX_OPERATORS = 32      # operators read into one implicit call chain
MAX_AUGMENTED = 120     # the longest right side of `i += …` kept as a binding's value


def augmented(name, dunder: str, value_text: str) -> str:
    """What `i += n` makes i, as a call chain: `i.__iadd__(n) or i.__add__(n)`; empty for an operator
    with no dunder known, or a right side longer than MAX_AUGMENTED."""
    if not dunder or len(value_text) > MAX_AUGMENTED:
        return ""
    i = name.text.decode("utf-8", "replace")
    return f"{i}.__i{dunder[2:]}({value_text}) or {i}.{dunder}({value_text})"


def operand(source: bytes, node) -> str:
    """An operand as a call chain: `(a + b) * k` -> `a.__add__(b).__mul__(k)`, so the evaluator can
    type it. Read down the left spine without recursion; a chain longer than MAX_OPERATORS is left
    as text (its type is not worth knowing, and a 1,000-operand concatenation must not blow the stack)."""
    links: list[str] = []
    while True:
        while node.type == "parenthesized_expression" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type != "binary_operator" or len(links) > MAX_OPERATORS:
            break
        op = node.child_by_field_name("operator")
        dunder = DUNDERS.get(op.text.decode() if op is not None else "")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if not dunder or left is None:
            break
        links.append(f".{dunder}({node_text(source, right) if right is not None else ''})")
        node = left
    if len(links) > MAX_OPERATORS:
        return ""
    return node_text(source, node) + "".join(reversed(links))
