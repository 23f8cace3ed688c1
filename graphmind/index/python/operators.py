"""Python's operators as the dunder methods they call: `a + b` runs `a.__add__(b)`, `i += n` makes i
what `i.__iadd__(n) or i.__add__(n)` returns."""
from __future__ import annotations

DUNDERS = {
    "+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__", "%": "__mod__",
    "**": "__pow__", "@": "__matmul__", "&": "__and__", "|": "__or__", "^": "__xor__", "<<": "__lshift__",
    ">>": "__rshift__", "==": "__eq__", "!=": "__ne__", "<": "__lt__", "<=": "__le__", ">": "__gt__",
    ">=": "__ge__",
}
MAX_AUGMENTED = 120     # the longest right side of `i += …` kept as a binding's value


def augmented(name, dunder: str, value_text: str) -> str:
    """What `i += n` makes i, as a call chain: `i.__iadd__(n) or i.__add__(n)`; empty for an operator
    with no dunder known, or a right side longer than MAX_AUGMENTED."""
    if not dunder or len(value_text) > MAX_AUGMENTED:
        return ""
    i = name.text.decode("utf-8", "replace")
    return f"{i}.__i{dunder[2:]}({value_text}) or {i}.{dunder}({value_text})"
