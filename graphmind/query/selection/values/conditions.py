"""The conditions a line of a function runs under: the test of each enclosing `if` whose body holds it (which
must hold), and the test of each early exit before it in an enclosing block (`if P is None: return`, `if not
isinstance(x, bytes): raise ...`: which must not hold)."""
from __future__ import annotations

import ast
from collections.abc import Iterator


def _exits(block: list[ast.stmt]) -> bool:
    return bool(block) and isinstance(block[-1], (ast.Return, ast.Raise))


def conditions(fn: ast.AST, line: int) -> Iterator[tuple[ast.expr, bool]]:
    """(test, whether it must hold) for each condition the line runs under."""
    for node in ast.walk(fn):
        if isinstance(node, ast.If) and node.body and node.body[0].lineno <= line <= node.body[-1].end_lineno:
            yield node.test, True
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or not block or not isinstance(block[0], ast.stmt):
                continue
            if not block[0].lineno <= line <= block[-1].end_lineno:
                continue
            for stmt in block:
                if stmt.end_lineno >= line:
                    break
                if isinstance(stmt, ast.If) and not stmt.orelse and _exits(stmt.body):
                    yield stmt.test, False
