"""The tests a change reaches, at any depth, nearest first: over resolved edges ("reaches"), then also
over `possible` edges ("may reach"), with what the test runner adds (fixtures, setUp: query/fixtures.py)
and test methods inherited by subclasses; when no path is found, the tests that use the changed method's class,
else those in files that import the changed module, directly or not ("imports", query/selection/fallback.py),
so an empty answer is never silent."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import apsw

from graphmind import config
from graphmind.edgekinds import CALL_KINDS, DISPATCH, sql_in
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.byname import name_dispatch
from graphmind.query.selection.collected import collect
from graphmind.query.selection.dispatch.gated import gated
from graphmind.query.selection.dispatch.typed import typed_narrowed, typed_spans
from graphmind.query.selection.dispatched import SELF_OPERATOR, class_uses, dispatched_classes, only_built
from graphmind.query.selection.fallback import IMPORTS, class_users, importing_tests, mentioned, near_methods
from graphmind.query.selection.fixtures import Runner
from graphmind.query.selection.generated import generated_hits
from graphmind.query.selection.guards import Guards
from graphmind.query.selection.keyed import key_spans, narrowed
from graphmind.query.selection.classbody import past_bodies
from graphmind.query.selection.classpick import picked
from graphmind.query.selection.classvalues import held_callables, held_functions
from graphmind.query.selection.libself import default_bound, library_callbacks
from graphmind.query.selection.narrow.closurecalls import unmade_calls
from graphmind.query.selection.narrow.modulevalues import global_readers
from graphmind.query.selection.narrow.testlocal import foreign_calls
from graphmind.query.selection.passedvalues import keyword_called
from graphmind.query.selection.reach.abstract import implemented
from graphmind.query.selection.reach.alternatives import alternatives, registered
from graphmind.query.selection.reach.extended import extended_classes, extended_overrides
from graphmind.query.selection.reach.bindings import closure_cuts
from graphmind.query.selection.reach.funcvalues import function_values
from graphmind.query.selection.reach.lambdas import with_lambdas
from graphmind.query.selection.reach.objectuse import object_members
from graphmind.query.selection.reach.setters import setter_links
from graphmind.query.selection.registered import template_hits
from graphmind.query.selection.values.environ import with_env_setters
from graphmind.query.testids import TestHit, collecting, is_test_file, merge_tests, runnable_tests

REACHES, MAY_REACH = "reaches", "may reach"
NODE_CAP = 50_000            # symbols visited per walk
TEST_CAP = 2_000             # tests named
DISPATCH_CAP = 2_000         # the nearest reached symbols looked up for dispatch by name, or read (reach/)
UNCERTAIN_LINKS = 2         # uncertain links on one path: one `possible` edge at most, library callbacks
_KINDS = sql_in(CALL_KINDS, "c.kind")
_UNDISPATCHED = sql_in([k for k in CALL_KINDS if k != DISPATCH], "c.kind") + f" AND NOT ({SELF_OPERATOR})"


@dataclass
class TestReach:
    """The tests found and how complete the search was."""
    tests: list[TestHit] = field(default_factory=list)
    truncated: str | None = None          # None | 'limit' | 'time'
    fallback: bool = False                # no path found: the tests come from imports


def _callers(conn: apsw.Connection, ids: list[int], possible: bool, kinds: str = _KINDS) -> list[tuple[int, int]]:
    """(caller, callee) over resolved edges, or over `possible` edges only, of the kinds given (an SQL test),
    but into a function nested in a test function from outside it."""
    how = "c.resolution = 'possible'" if possible else f"c.{RESOLVED}"
    pairs = conn.execute(
        "SELECT DISTINCT c.caller_id, c.target_id FROM json_each(?1) j CROSS JOIN calls c ON c.target_id = j.value"
        f" WHERE {how} AND {kinds}", (json_list(ids),)).fetchall()
    cut = foreign_calls(conn, pairs)          # a lambda of a test handed to a helper: narrow/testlocal.py
    return [p for p in pairs if p not in cut] if cut else pairs


def _handed_out(conn: apsw.Connection, ids: list[int]) -> list[tuple[int, int]]:
    """Callbacks through a library: (method, the `__call__` among ids it serves), for the methods of that
    `__call__`'s class that build an object of a class with a base outside the workspace (a test client handed
    the app: the library calls it back), in one query."""
    rows = conn.execute(
        "SELECT DISTINCT m.id, s.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols m ON m.parent_id = s.parent_id AND m.kind = 'method'"
        f" JOIN calls c ON c.caller_id = m.id AND c.kind = 'constructor' AND c.{RESOLVED}"
        " JOIN symbols init ON init.id = c.target_id"
        " WHERE s.name = '__call__' AND s.kind = 'method' AND EXISTS (SELECT 1 FROM inherits i"
        " WHERE i.class_id = init.parent_id AND i.target_id IS NULL)", (json_list(ids),)).fetchall()
    tested = {m: _called_from_tests(conn, m) for m in {m for m, _ in rows}}
    return [(m, call) for m, call in rows if tested[m]]


def _called_from_tests(conn: apsw.Connection, sid: int) -> bool:
    """Whether tests (or their fixtures) call a method: what it builds is a test's tool, like a test client."""
    return any(is_test_file(p) for (p,) in conn.execute(
        "SELECT DISTINCT f.path FROM calls c JOIN files f ON f.id = c.file_id WHERE c.target_id = ?"
        " AND c.resolution != 'pending'", (sid,)))


def _enclosing(conn: apsw.Connection, ids: list[int]) -> list[int]:
    """The functions enclosing the nested functions (and the methods of nested classes) among ids: a closure,
    a decorator's wrapper or a class built in a function runs only after that function ran, wherever it is
    called from (often a variable nothing resolves); for `__init_subclass__`, the scopes that define a
    subclass (Python calls it there)."""
    out = [p for (p,) in conn.execute(
        "SELECT DISTINCT p.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " JOIN symbols p ON p.id = s.parent_id WHERE s.kind = 'function' AND p.kind IN ('function', 'method')"
        " UNION SELECT g.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value JOIN symbols c"
        " ON c.id = s.parent_id AND c.kind = 'class' JOIN symbols g ON g.id = c.parent_id"
        " WHERE s.kind = 'method' AND g.kind IN ('function', 'method')", (json_list(ids),))]
    for sid, cls in conn.execute(
            "SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
            " WHERE s.name = '__init_subclass__' AND s.kind = 'method'", (json_list(ids),)):
        out.extend(scope for (scope,) in conn.execute(
            "WITH RECURSIVE sub(id) AS (SELECT ?1 UNION SELECT i.class_id FROM sub JOIN inherits i"
            " ON i.target_id = sub.id LIMIT 5000) SELECT DISTINCT s.parent_id FROM sub JOIN symbols s"
            " ON s.id = sub.id WHERE sub.id != ?1 AND s.parent_id IS NOT NULL", (cls,)))
    return out


def _sure_links(conn: apsw.Connection, runner: Runner, frontier: list[int], kinds: str,
                skipped: set[tuple[int, int]] = frozenset(), first: bool = True) -> list[int]:
    """What runs the frontier for certain: resolved callers, the functions that build a nested function, the
    methods taking one as a parameter's default, the callers of another definition of its name in its scope (or of
    the generic function it is registered on) and (on
    sure paths only: first) of the abstract method it alone implements, the tests running a function a test class holds, the tests and fixtures requesting a fixture or calling its
    methods on a fixture parameter, a setUp's tests."""
    out = [c for c, callee in _callers(conn, frontier, False, kinds) if (c, callee) not in skipped] + _enclosing(conn, frontier)
    out += default_bound(conn, frontier) + alternatives(conn, frontier) + registered(conn, frontier)   # reach/:
    out += [c for c, _ in implemented(conn, frontier)] if first else []      # per platform, @f.register, abstract
    held_functions(conn, runner, frontier)
    out += runner.typed_callers(frontier)
    for group in (runner.requesters(frontier), runner.setup_tests(frontier)):
        for got in group.values():
            out.extend(got)
    return out


def _spread(conn: apsw.Connection, runner: Runner, start: dict[int, int], known: dict[int, int],
            deadline: float, kinds: str = _KINDS, guards: Guards | None = None,
            cut: set[tuple[int, int]] = frozenset()) -> tuple[dict[int, int], str | None]:
    """Every symbol from which resolved links lead to the start symbols (at their depths), at its nearest
    depth, breadth first, bounded; symbols in `known` are not visited again. Test methods reached only in some
    of the classes that run them go to runner.found, with their depth in runner.found_at."""
    depth_of = dict(start)
    layers: dict[int, list[int]] = {}
    for sid, d in start.items():
        layers.setdefault(d, []).append(sid)
    depth = min(layers, default=0)
    while depth <= max(layers, default=-1):
        if time.monotonic() > deadline:
            return depth_of, "time"
        frontier = [sid for sid in layers.pop(depth, []) if depth_of[sid] == depth]
        frontier = past_bodies(conn, frontier, start)     # class-body code runs at import
        skipped = set(cut)
        if guards is not None and frontier:
            reached = lambda s: s in depth_of or s in known            # noqa: E731
            closures = closure_cuts(conn, guards.root, frontier, reached)   # a closure called under another name
            runner.refuted |= closures
            skipped |= guards.refuted(frontier, reached) | closures
        for sid in _sure_links(conn, runner, frontier, kinds, skipped, not known) if frontier else ():
            if sid not in depth_of and sid not in known:
                depth_of[sid] = depth + 1
                layers.setdefault(depth + 1, []).append(sid)
        for pair in runner.found:
            runner.found_at.setdefault(pair, depth + 1)
        runner.found.clear()
        if len(depth_of) + len(known) > NODE_CAP:
            return depth_of, "limit"
        depth += 1
    return depth_of, None


def _one_uncertain_hop(conn: apsw.Connection, runner: Runner, sure: dict[int, int], possible: bool,
                       root: Path | None = None, kinds: str = _KINDS, extra: list[tuple[int, int]] = ()) -> dict[int, int]:
    """The symbols one callback through a library (a test client; a standard-library base class calling
    back on self: query/selection/libself.py) (or, with possible=True, one `possible` edge, or with the
    workspace's root too, one dispatch by a name built from a string) away from the sure ones."""
    out: dict[int, int] = {}
    ids = list(sure)
    named = _callers(conn, ids, True, kinds) if possible else []
    unmade = unmade_calls(conn, named) if named else set()      # a closure by its name alone: narrow/closurecalls.py
    links = [p for p in named if p not in unmade] + _handed_out(conn, ids) + library_callbacks(conn, ids)
    links += held_callables(conn, ids) + keyword_called(conn, root, ids) + [p for p in extra if p[1] in sure]
    near = sorted(ids, key=sure.__getitem__)[:DISPATCH_CAP]
    links += object_members(conn, root, near) + function_values(conn, root, near)
    links += extended_overrides(conn, near) if kinds == _KINDS else []   # narrowed as a dispatch is
    if possible and root is not None:
        links += name_dispatch(conn, root, near)
    for caller, callee in links:
        if (caller, callee) in runner.refuted:
            continue
        d = sure[callee] + 1
        if caller not in sure and d < out.get(caller, d + 1):
            out[caller] = d
    return out


def _search(conn: apsw.Connection, runner: Runner, ids: list[int], changed: list[tuple[str, int, int]],
            uncertain: bool, root: Path | None, deadline: float,
            kinds: str, guards: Guards | None = None) -> tuple[list[TestHit], dict[int, int], str | None]:
    """The tests on paths to ids over edges of the kinds given, the symbols on those paths, and how complete."""
    guards = guards or (Guards(conn, root) if root is not None else None)   # callers skipping a guarded path
    written, cut = setter_links(conn, root, ids)    # a property's setter runs where the attribute is assigned
    if root is not None:
        runner.refuted |= cut
    hits = [(file, start, end, 0, REACHES) for file, start, end in changed]
    again: list[list[TestHit]] = []                   # test classes collected again where they are imported
    known: dict[int, int] = {}
    truncated = None
    if ids:
        start = {i: 0 for i in with_lambdas(conn, root, ids)}        # a function's lambdas are its body: reach/lambdas.py
        sure, truncated = _spread(conn, runner, start, {}, deadline, kinds, guards, cut)
        collect(conn, runner, sure, REACHES, hits, again)
        known = dict(sure)
        # paths with one more uncertain link each round ("may reach"); a `possible` edge only in the first: on
        # common method names, two of them led from most tests to most code
        for round_ in range(UNCERTAIN_LINKS if uncertain else 0):
            if truncated is not None:
                break
            hop = _one_uncertain_hop(conn, runner, known, round_ == 0, root, kinds, written)
            maybe, truncated = _spread(conn, runner, hop, known, deadline, kinds, guards, cut)
            collect(conn, runner, maybe, MAY_REACH, hits, again)
            known.update(maybe)
        if uncertain and root is not None:
            hits += template_hits(conn, root, known, MAY_REACH)
            again.append(generated_hits(conn, root, ids, sure, known))
    return merge_tests(runnable_tests(conn, hits), *again), known, truncated


def _tests_from(conn: apsw.Connection, runner: Runner, start: dict[int, int], how: str, deadline: float) -> list[TestHit]:
    """The tests reaching the start symbols (at their depths), marked how; an object a test module builds at its
    top level reaches the tests reading it (narrow/modulevalues.py)."""
    reached, _ = _spread(conn, runner, start, {}, deadline)
    readers = global_readers(conn, reached)
    if readers:
        more, _ = _spread(conn, runner, readers, reached, deadline)
        reached = {**more, **reached}
    found: list[tuple] = []
    again: list[list[TestHit]] = []
    collect(conn, runner, reached, how, found, again)
    return merge_tests(runnable_tests(conn, found), *again)


def tests_reached(conn: apsw.Connection, ids: list[int], changed: list[tuple[str, int, int]],
                  time_limit: float = config.QUERY_TIME_LIMIT_S * 3, uncertain: bool = True,
                  root: Path | None = None) -> TestReach:
    """The tests reaching the symbols `ids` (and enclosing the changed (file, start, end) spans), nearest first;
    uncertain=False: over resolved links only, with no fallback; with the workspace's root, also the tests
    naming a reached function registered for templates (query/selection/registered.py)."""
    with collecting(root):            # the test files as the workspace's pytest configuration names them
        return _reached(conn, ids, changed, time_limit, uncertain, root)


def _reached(conn: apsw.Connection, ids: list[int], changed: list[tuple[str, int, int]], time_limit: float,
             uncertain: bool, root: Path | None) -> TestReach:
    out = TestReach()
    deadline = time.monotonic() + time_limit
    runner = Runner(conn)
    guards = Guards(conn, root) if root is not None else None
    out.tests, known, out.truncated = _search(conn, runner, ids, changed, uncertain, root, deadline, _KINDS, guards)
    if guards is not None and guards.environ_cut and out.truncated is None:   # behind an environment variable
        ungated, _, _ = _search(conn, runner, ids, changed, uncertain, root, deadline, _KINDS, Guards(conn, root, False))
        out.tests = with_env_setters(root, out.tests, ungated)
    classes = sorted(set(dispatched_classes(conn, known)) | set(extended_classes(conn, known))) \
        if out.tests and out.truncated is None else []
    if classes:                       # an override `self.m()` may run: only on its class's instances
        undispatched, _, _ = _search(conn, runner, ids, changed, uncertain, root, deadline, _UNDISPATCHED)
        users = class_uses(conn, classes)
        if users is not None:
            out.tests = only_built(out.tests, undispatched, _tests_from(conn, runner, users, REACHES, deadline))
    spans = key_spans(conn, root, ids) if uncertain and root is not None else None
    if spans is not None:             # a function chosen by a string key: the tests holding the key
        out.tests = narrowed(out.tests, spans) if out.tests else \
            runnable_tests(conn, [(path, start, end, 1, MAY_REACH) for path, start, end in spans])
    if not out.tests and uncertain:
        out.fallback = True
        out.tests = mentioned(conn, [_tests_from(conn, runner, class_users(conn, ids), IMPORTS, deadline),
                                     runnable_tests(conn, importing_tests(conn, sorted({c[0] for c in changed}), runner))],
                              ids, near_methods(conn, ids, [s for s, d in known.items() if d == 1]))
    typed = typed_spans(conn, root, ids) if uncertain and root is not None and out.tests else None
    if typed is not None:             # a method chosen by a token's type: the tests holding its text
        out.tests = typed_narrowed(root, out.tests, typed)
    out.tests = picked(conn, runner, ids, out.tests)     # a mixin's test in subclasses choosing other classes
    out.tests = gated(conn, root, ids, out.tests)        # a class built only under an option key
    if len(out.tests) > TEST_CAP:
        out.tests, out.truncated = out.tests[:TEST_CAP], out.truncated or "limit"
    return out
