"""A guarded call reached through keyword arguments handed on (`def option(*decls, **attrs): def decorator(f):
... Option(decls, **attrs)`, where `Option.__init__` builds an `IntRange` only `if count:`): the callers of the
function owning `**attrs` run that path only when they pass `count=` themselves, or a spread. The need moves up
one function each time such a forwarder is met, as long as `attrs` is only ever handed on whole, and the
forwarder reaches the change through no other call."""
from __future__ import annotations

import ast


def _key(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def only_spread(fn: ast.AST, name: str, keys: set[str]) -> bool:
    """Whether fn (nested functions included) hands `name` on whole as `**name`, touching none of the keys:
    other uses are `name.setdefault("k", v)`, `name.pop("k", ...)`, `name.get("k")` or `name["k"] = v` with a
    string key not among them."""
    spreads = sum(1 for n in ast.walk(fn) if isinstance(n, ast.keyword) and n.arg is None
                  and isinstance(n.value, ast.Name) and n.value.id == name)
    allowed = spreads
    for n in ast.walk(fn):
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
                and n.func.value.id == name and n.func.attr in ("setdefault", "pop", "get") and n.args
                and _key(n.args[0]) not in keys | {None}):
            allowed += 1
        elif (isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == name
              and isinstance(n.ctx, ast.Store) and _key(n.slice) not in keys | {None}):
            allowed += 1
    uses = sum(1 for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name)
    return spreads > 0 and allowed == uses


def spread_name(call: ast.Call) -> str | None:
    """The one name a call spreads as keyword arguments (`f(a, **attrs)`), with no `*args`."""
    names = [k.value.id for k in call.keywords if k.arg is None and isinstance(k.value, ast.Name)]
    if len(names) != 1 or sum(k.arg is None for k in call.keywords) != 1:
        return None
    return None if any(isinstance(a, ast.Starred) for a in call.args) else names[0]


def kwargs_of(fn: ast.AST) -> str | None:
    args = getattr(fn, "args", None)
    return args.kwarg.arg if args is not None and args.kwarg is not None else None


class Forwards:
    """The needs waiting on forwarders: forwarder -> (needs, {function: call lines} they came through)."""

    def __init__(self):
        self.pending: dict[int, tuple[list[set], dict[int, set[int]]]] = {}
        self.nested: dict[int, int] = {}       # a function nested in a forwarder, handing on its **kwargs -> it

    def note(self, holder: int, via: int, line: int, needs: list[set]) -> None:
        if any(not isinstance(r, str) for need in needs for r in need):
            return
        got = self.pending.setdefault(holder, ([], {}))
        got[0].extend(needs)
        got[1].setdefault(via, set()).add(line)
        if via != holder:
            self.nested[via] = holder

    def due(self, holder: int, reached_lines: dict[int, list[int]], children: list[int]) -> list[set] | None:
        """The needs on a forwarder's callers, when the forwarder and the nested functions given reach the
        change only through the calls noted (a function nested in it is applied where its result is: the
        forwarder's call sites, as a decorator)."""
        needs, via = self.pending.get(holder, (None, {}))
        if needs is None:
            return None
        for fn in {holder, *children}:
            if not set(reached_lines.get(fn, ())) <= via.get(fn, set()):
                return None
        return needs
