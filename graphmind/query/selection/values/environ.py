"""Code behind an environment variable (`if os.environ.get("APP_DEBUG"):`, or `value = os.environ.get(name)` then
`if not value: return`) runs only in the tests that set one: by `monkeypatch.setenv`, `os.environ[...] = ...`,
or an `env=` argument to what they run. A test found only through such a gate is kept when its source does that."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from graphmind.query.selection.sources import read_lines
from graphmind.query.selection.values.conditions import conditions
from graphmind.query.testids import TestHit

_SETS = re.compile(r"environ|setenv|putenv|\benv\s*=")


def _reads_env(e: ast.expr) -> bool:
    """An expression reading the environment: `os.environ.get(...)`, `os.getenv(...)`, `os.environ[...]`."""
    if isinstance(e, ast.Call):
        f = ast.unparse(e.func)
        return f.endswith(("environ.get", "getenv"))
    return isinstance(e, ast.Subscript) and ast.unparse(e.value).endswith("environ")


def _env_locals(fn: ast.AST) -> set[str]:
    """The names fn assigns once, from a read of the environment."""
    stores: dict[str, int] = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            stores[n.id] = stores.get(n.id, 0) + 1
    return {n.targets[0].id for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and stores[n.targets[0].id] == 1 and _reads_env(n.value)}


def _is_set(test: ast.expr, env: set[str]) -> bool:
    """Whether a condition holds only when some variable is set (`os.environ.get(X)`, `X in os.environ`,
    `os.environ.get(X) == "1"`, a local read from the environment), alone or within an `and`."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_is_set(v, env) for v in test.values)
    if isinstance(test, ast.Name):
        return test.id in env
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        if isinstance(test.ops[0], ast.In):
            return ast.unparse(test.comparators[0]).endswith("environ")
        if isinstance(test.comparators[0], ast.Constant) and (
                isinstance(test.ops[0], ast.Eq) and test.comparators[0].value not in (None, "")
                or isinstance(test.ops[0], ast.IsNot) and test.comparators[0].value is None):
            return _is_set(test.left, env)
    return _reads_env(test)


def _is_unset(test: ast.expr, env: set[str]) -> bool:
    """Whether a condition holds whenever no variable is set (`not value`, `value is None`, `X not in
    os.environ`), alone or within an `or`."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(_is_unset(v, env) for v in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _is_set(test.operand, env)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant):
        if isinstance(test.ops[0], ast.Is) and test.comparators[0].value is None:
            return _is_set(test.left, env)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.NotIn):
        return ast.unparse(test.comparators[0]).endswith("environ")
    return False


def env_gated(fn: ast.AST, line: int) -> bool:
    """Whether a line of fn runs only when an environment variable is set."""
    env = _env_locals(fn)
    return any(_is_set(test, env) if holds else _is_unset(test, env) for test, holds in conditions(fn, line))


def with_env_setters(root: Path, tests: list[TestHit], gated: list[TestHit]) -> list[TestHit]:
    """The tests found, and those found only through an environment gate whose source sets a variable."""
    have = {t.id for t in tests}
    cache: dict[str, list[str]] = {}
    return tests + [t for t in gated if t.id not in have and _SETS.search(
        "\n".join(read_lines(root, t.file, cache)[t.start_line - 1:t.end_line]))]
