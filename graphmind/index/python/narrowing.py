"""Where `isinstance(x, C)` narrows x, read from the syntax around the check, so a narrowing holds
only there (graphmind/resolve/python/narrowing.py):

- `if isinstance(x, C):` (an `and` of conditions, `elif`, `while`): the statement's lines up to the
  end of its block;
- `assert isinstance(x, C)`: from its line to the end of the scope;
- `if not isinstance(x, C): return` (or `raise`, `continue`, `break`; an `or` of such conditions):
  from the line after the `if` statement to the end of the scope.

Anywhere else (`ok = isinstance(x, C)`, a comprehension's filter) the check holds no block.
"""
from __future__ import annotations

_EXITS = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})
_HEADS = ("if_statement", "elif_clause", "while_statement")


def narrow_span(node) -> str:
    """`\\tFIRST\\tLAST` (LAST 0: to the end of the scope) for the `isinstance` call `node`; '' where
    it narrows no block."""
    negated, ops, child, up = False, set(), node, node.parent
    while up is not None and up.type in ("not_operator", "parenthesized_expression", "boolean_operator"):
        if up.type == "not_operator":
            negated = not negated
        elif up.type == "boolean_operator":
            op = up.child_by_field_name("operator")
            ops.add(op.type if op is not None else "")
        child, up = up, up.parent
    if up is None or ops - {"or" if negated else "and"}:
        return ""
    if up.type == "assert_statement" and not negated:
        return f"\t{node.start_point[0] + 1}\t0"
    condition = up.child_by_field_name("condition") if up.type in _HEADS else None
    if condition is None or (condition.start_byte, condition.end_byte) != (child.start_byte, child.end_byte):
        return ""
    block = up.child_by_field_name("consequence" if up.type != "while_statement" else "body")
    if block is None:
        return ""
    if not negated:
        return f"\t{up.start_point[0] + 1}\t{block.end_point[0] + 1}"
    last = block.named_children[-1] if block.named_children else None
    if up.type == "if_statement" and last is not None and last.type in _EXITS:
        return f"\t{up.end_point[0] + 2}\t0"
    return ""
