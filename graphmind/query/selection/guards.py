"""Calls that run only for some calls of the function making them. A function whose every call on the way to a
change sits under `if P is not None:` or `if P:`, or after an early `if P is None: return` (or `if not P: raise`),
where P is one of its own parameters with a default of None, False or empty (`tabulate(..., maxcolwidths=None)`
wrapping text only under `if maxcolwidths is not None`), runs that path only for callers that pass P: by keyword,
by position, or through `*args` / `**kwargs`. Under `isinstance(P, bytes)` (or after `if not isinstance(P, T):
raise`), a caller passing P a literal of another builtin type (`"text"`, `f"{n}"`) is no caller either
(query/selection/values/literals.py). Behind an environment variable (`if not os.environ.get(var): return`), no
caller is one (query/selection/values/environ.py: the tests setting one are added back). Call sites are read from
the source (parsed once per file per query); anything not read with certainty keeps the link."""
from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import apsw

from graphmind.edgekinds import IMPORT, INHERIT, OVERRIDE
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.sources import read_lines
from graphmind.query.selection.values.conditions import conditions
from graphmind.query.selection.values.environ import env_gated
from graphmind.query.selection.values.forwarded import Forwards, kwargs_of, only_spread, spread_name
from graphmind.query.selection.values.literals import asked, literal_type, may_be

_EMPTY = (None, False, 0, "", ())
_STRUCTURAL = ", ".join(f"'{k}'" for k in (OVERRIDE, INHERIT, IMPORT))
CALL_LINES = 40              # lines read after a call's first for its arguments


def _empty_default(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in _EMPTY and not isinstance(node.value, float)
    return isinstance(node, (ast.Tuple, ast.List, ast.Dict)) and not getattr(node, "elts", getattr(node, "keys", [1]))


def _optional(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[int | None, bool]]:
    """The parameters with an empty default: name -> (its position or None when keyword-only, whether the
    default is None)."""
    a = fn.args
    positional = a.posonlyargs + a.args
    out: dict[str, tuple[int | None, bool]] = {}
    pairs = [(arg, d, positional.index(arg)) for arg, d in zip(positional[len(positional) - len(a.defaults):], a.defaults)]
    for arg, default, pos in pairs + [(arg, d, None) for arg, d in zip(a.kwonlyargs, a.kw_defaults)]:
        if default is not None and _empty_default(default):
            out[arg.arg] = (pos, isinstance(default, ast.Constant) and default.value is None)
    return out


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[int | None, ast.expr | None]]:
    """Every named parameter: name -> (its position or None when keyword-only, its default)."""
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = {arg.arg: (i, d) for i, (arg, d) in enumerate(zip(positional, defaults))}
    return out | {arg.arg: (None, d) for arg, d in zip(a.kwonlyargs, a.kw_defaults)}


def _rebound(fn: ast.AST) -> set[str]:
    """The names fn assigns (a parameter rebound no longer holds what the call passed)."""
    return {t.id for t in ast.walk(fn) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}


def _tested(test: ast.expr, optional: dict, params: dict = {}) -> set:
    """What a condition requires of the call: a parameter given (`P` with an empty default, `P is not None` with
    a default of None), a parameter of some builtin types (`isinstance(P, bytes)`: a (name, types) pair), any of
    them within an `and`."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return set().union(*(_tested(v, optional, params) for v in test.values))
    kinds = asked(test)
    if kinds is not None and kinds[0] in params:
        return {kinds}
    if isinstance(test, ast.Name) and test.id in optional:
        return {test.id}
    if (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.IsNot) and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None and optional.get(test.left.id, (0, False))[1]):
        return {test.left.id}
    return set()


def _refusing(test: ast.expr, optional: dict, params: dict) -> set:
    """What the call must meet for a condition to be false: P given for `not P` (an empty default) or `P is None`
    (a default of None), P of some types for `not isinstance(P, T)`, each of them within an `or`."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return set().union(*(_refusing(v, optional, params) for v in test.values))
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _tested(test.operand, optional, params)
    if (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is) and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None and optional.get(test.left.id, (0, False))[1]):
        return {test.left.id}
    return set()


def _guards_at(fn: ast.AST, line: int, optional: dict, params: dict) -> set:
    """What the call must meet for a line of fn to run: what an enclosing `if` (its body, not its else)
    requires, and what an early exit before it in an enclosing block (`if P is None: return`) refuses."""
    out: set = set()
    for test, holds in conditions(fn, line):
        out |= _tested(test, optional, params) if holds else _refusing(test, optional, params)
    return out


class Guards:
    """Caller links a guard on an optional parameter rules out, for one query over one workspace."""

    def __init__(self, conn: apsw.Connection, root: Path | None, environ: bool = True):
        self.conn, self.root = conn, root
        self.environ, self.environ_cut = environ, False       # links behind an environment variable: cut
        self.forwards = Forwards()
        self._lines: dict[str, list[str]] = {}

    def _text(self, path: str) -> list[str]:
        return read_lines(self.root, path, self._lines)

    def _def(self, path: str, start: int, end: int) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, int] | None:
        """A function's definition parsed alone from its lines, and the offset of its lines in the file."""
        lines = self._text(path)[start - 1:end]
        indented = bool(lines) and lines[0][:1].isspace()
        try:
            tree = ast.parse("\n".join((["if 1:"] if indented else []) + lines))
        except (SyntaxError, ValueError):
            return None
        node = tree.body[0].body[0] if indented else tree.body[0]
        fn = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        return (fn, start - 1 - indented) if fn is not None else None

    def refuted(self, frontier: list[int], reached: Callable[[int], bool]) -> set[tuple[int, int]]:
        """(caller, function) pairs among the frontier's callers that skip the function's guarded path: every
        call the function makes to a reached symbol needs one optional parameter the caller does not pass."""
        if self.root is None or not frontier:
            return set()
        lines = self._calls_into(frontier, reached)
        out: set[tuple[int, int]] = set()
        for fn in frontier:                                               # needs handed on through **kwargs
            holder = fn if fn in self.forwards.pending else self.forwards.nested.get(fn)
            if holder is None:
                continue
            children = [c for c, in self.conn.execute("SELECT id FROM symbols WHERE parent_id = ? AND kind IN"
                                                      " ('function', 'method')", (holder,)) if reached(c)]
            nested = [fn] if fn != holder else children
            needs = self.forwards.due(holder, self._calls_into([holder, *children], reached), nested)
            skip = self._skipping(holder, needs, {p: (None, None) for n in needs for p in n}) if needs else []
            out |= {(c, fn) for c in skip if fn == holder or self._sites(c, fn) <= self._sites(c, holder)}
        for fn, at in lines.items():
            need = self._need(fn, at)
            if need == "environ":
                self.environ_cut = True
                out |= {(caller, fn) for caller, in self.conn.execute(
                    f"SELECT c.caller_id FROM calls c WHERE c.target_id = ? AND c.{RESOLVED}", (fn,))}
            elif need is not None:
                out |= {(caller, fn) for caller in self._skipping(fn, *need)}
        return out

    def _calls_into(self, ids: list[int], reached: Callable[[int], bool]) -> dict[int, list[int]]:
        """The lines where each of ids calls a reached symbol (or uses it otherwise than by overriding,
        inheriting or importing it)."""
        lines: dict[int, list[int]] = {}
        for caller, target, line in self.conn.execute(
                "SELECT c.caller_id, c.target_id, c.line FROM json_each(?1) j CROSS JOIN calls c"
                f" ON c.caller_id = j.value WHERE c.{RESOLVED} AND c.kind NOT IN ({_STRUCTURAL})", (json_list(ids),)):
            if reached(target):
                lines.setdefault(caller, []).append(line)
        return lines

    def _node(self, sid: int) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, int, str, int | None] | None:
        """A Python function's definition, the offset of its lines, its kind and its parent."""
        row = self.conn.execute("SELECT s.kind, s.start_line, s.end_line, f.path, s.parent_id FROM symbols s JOIN files"
                                " f ON f.id = s.file_id WHERE s.id = ? AND f.language = 'python'", (sid,)).fetchone()
        found = self._def(row[3], row[1], row[2]) if row and row[0] in ("function", "method") else None
        return (*found, row[0], row[4]) if found is not None else None

    def _sites(self, caller: int, target: int) -> set[tuple[int, int]]:
        return set(self.conn.execute("SELECT line, col FROM calls WHERE caller_id = ? AND target_id = ?",
                                     (caller, target)))

    def _holder(self, caller: int, name: str, keys: set[str]) -> int | None:
        """The function owning `**name` that a call in caller hands on whole: caller, or the function it is
        nested in."""
        found = self._node(caller)
        if found is None:
            return None
        if kwargs_of(found[0]) == name:
            return caller if only_spread(found[0], name, keys) else None
        outer = self._node(found[3]) if found[3] is not None and name not in _params(found[0]) else None
        fits = outer and kwargs_of(outer[0]) == name and only_spread(outer[0], name, keys)
        return found[3] if fits else None

    def _need(self, fn: int, at: list[int]) -> tuple[list[set], dict] | str | None:
        """What the call must meet for each line `at` of fn to run (every line needs something), and the
        position and default of each parameter (None: keyword-only); "environ" when each line runs only with
        an environment variable set (and self.environ)."""
        found = self._node(fn)
        node, offset, kind = found[:3] if found is not None else (None, 0, None)
        optional = _optional(node) if node is not None else {}
        params = _params(node) if node is not None else {}
        typed = {p: v for p, v in params.items() if p not in _rebound(node)}     # still what the call passed
        if self.environ and node is not None and all(env_gated(node, line - offset) for line in at):
            return "environ"
        needs = [_guards_at(node, line - offset, optional, typed) for line in at] if params else []
        if not needs or not all(needs):
            return None
        shift = 1 if kind == "method" else 0            # called bound: self is not written
        return needs, {p: (pos - shift if pos is not None else None, d) for p, (pos, d) in params.items()}

    def _skipping(self, fn: int, needs: list[set], params: dict[str, tuple[int | None, ast.expr | None]]) -> list[int]:
        """The resolved callers of fn whose every call site on record fails what each guarded line needs: leaves
        out a parameter (passing it neither by name, nor by position, nor through a spread) or passes a literal
        of a type the guard does not accept."""
        sites: dict[int, list[bool]] = {}
        for caller, path, line, col, callee in self.conn.execute(
                "SELECT c.caller_id, f.path, c.line, c.col, c.callee FROM calls c JOIN files f ON f.id = c.file_id"
                f" WHERE c.target_id = ? AND c.{RESOLVED} AND c.kind IN ('call', 'constructor')", (fn,)):
            call = self._call(path, line, col, callee)
            runs = call is None or any(all(_meets(call, r, params) for r in need) for need in needs)
            name = spread_name(call) if runs and call is not None else None
            if name and not any(all(_meets(call, r, params, False) for r in need) for need in needs):
                keys = {r for n in needs for r in n if isinstance(r, str)}   # met only by what its callers hand on
                holder = self._holder(caller, name, keys)
                if holder is not None:
                    self.forwards.note(holder, caller, line, needs)
            sites.setdefault(caller, []).append(runs)
        return [caller for caller, runs in sites.items() if not any(runs)]

    def _call(self, path: str, line: int, col: int, callee: str) -> ast.Call | None:
        """The call written at (line, col), parsed with the lines of its statement from that line on, or None
        when not read with certainty (a statement begun on an earlier line)."""
        lines = self._text(path)[line - 1:line + CALL_LINES]
        indented = bool(lines) and lines[0][:1].isspace()
        name = callee.rsplit(".", 1)[-1]
        for k in range(1, len(lines) + 1):
            try:
                tree = ast.parse("\n".join((["if 1:"] if indented else []) + lines[:k]))
            except (SyntaxError, ValueError):
                continue
            calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _at(n, 1 + indented, col)
                     and name in (getattr(n.func, "id", None), getattr(n.func, "attr", None))]
            return calls[0] if len(calls) == 1 else None
        return None


def _at(call: ast.Call, line: int, col: int) -> bool:
    """Whether a call is the one written at (line, col): where it starts, or where its method's name does."""
    if call.lineno == line and call.col_offset == col:
        return True
    f = call.func
    return isinstance(f, ast.Attribute) and f.end_lineno == line and f.end_col_offset - len(f.attr) == col


def _meets(call: ast.Call, need: str | tuple[str, frozenset[str]], params: dict, spread: bool = True) -> bool:
    """Whether a call may meet a need: pass a parameter, or pass it a value of one of the types asked for
    (spread=False: not through a spread)."""
    if isinstance(need, str):
        return _passed(call, need, params[need][0], spread)
    name, types = need
    pos, default = params[name]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return True
    given = [k.value for k in call.keywords if k.arg == name]
    given += [call.args[pos]] if pos is not None and len(call.args) > pos else []
    value = given[0] if given else default
    return value is None or may_be(literal_type(value), types)


def _passed(call: ast.Call, param: str, pos: int | None, spread: bool = True) -> bool:
    """Whether a call may pass a parameter: by name, through a spread, or by position."""
    if any(k.arg == param for k in call.keywords):
        return True
    if spread and (any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args)):
        return True
    return pos is not None and len(call.args) > pos
