"""What a test runner adds to the call graph, read from the index at query time: a pytest fixture runs
for every test or fixture that names it as a parameter (the nearest definition: the same file, else
conftest.py files up the tree), an `autouse` fixture for every test in its scope; a unittest `setUp`
(`setUpClass`, `setUpTestData`, ...) runs for every test method of its class."""
from __future__ import annotations

import ast
import posixpath
import re

import apsw

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.selection.scopes import Scopes, ancestors, named_classes
from graphmind.query.testids import is_test_code

_MADE_BY = re.compile(r"\s*(\w+)\s*\(")
SETUPS = ("setUp", "setUpClass", "tearDown", "tearDownClass", "asyncSetUp", "asyncTearDown", "setUpTestData",
          "setup_method", "setup_class", "teardown_method", "teardown_class")
_FIXTURE = "(c.callee LIKE 'pytest.fixture%' OR c.callee LIKE 'fixture%' OR c.callee LIKE 'pytest_asyncio.fixture%')"


def parameters(signature: str) -> list[str]:
    """The parameter names of a Python `def` signature as the index keeps it (empty if it does not parse)."""
    text = signature.strip().rstrip(":")
    if not text.startswith(("def ", "async def ")):
        return []
    try:
        fn = ast.parse(text + ": pass").body[0]
    except SyntaxError:
        return []
    a = fn.args
    return [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]


def _folder(path: str) -> str:
    return posixpath.dirname(path)


class Runner:
    """The fixtures and the functions that request them in a workspace's test files, loaded once per query."""

    def __init__(self, conn: apsw.Connection):
        self.conn = conn
        self.fixtures: dict[int, tuple[str, str, bool]] = {}          # id -> (name, file, autouse)
        self.by_name: dict[str, list[int]] = {}
        self.users: list[tuple[int, str, str, list[str]]] = []        # (id, name, file, parameters)
        rows = conn.execute(
            "SELECT s.id, s.name, f.path, s.signature, s.file_id, s.start_line, s.parent_id FROM symbols s JOIN files f"
            " ON f.id = s.file_id WHERE s.kind IN ('function', 'method') AND f.language = 'python'"
            " AND (f.path LIKE '%test%' OR f.path LIKE '%conftest.py')").fetchall()
        rows = [r for r in rows if is_test_code(r[2])]
        self.user_at: dict[int, tuple[str, list[str]]] = {}             # id -> (file, parameters)
        self._classes: dict[tuple[int, int | None], set[int]] = {}
        self.scopes = Scopes(conn)
        self.owner: dict[int, int] = {}                                  # a method -> its class in a test file
        self.member: dict[tuple[int, str], int] = {}                     # (class, name) -> method
        self.found: list[tuple[int, int]] = []                           # (collected class, test method) reached
        self.found_at: dict[tuple[int, int], int] = {}                   # the same, drained, at their depth
        self.refuted: set[tuple[int, int]] = set()                       # possible (caller, callee) a fixture rules out
        self.where: dict[int, tuple[int, int]] = {}                      # id -> (file id, def line)
        self.names: dict[int, str] = {}
        decorated = self._decorators({r[4] for r in rows})
        starts: dict[int, set[int]] = {}
        for r in rows:
            starts.setdefault(r[4], set()).add(r[5])
        for sid, name, path, sig, file_id, start, parent in rows:
            self.users.append((sid, name, path, parameters(sig)))
            self.user_at[sid] = (path, self.users[-1][3])
            self.where[sid] = (file_id, start)
            self.names[sid] = name
            if parent in self.scopes.classes:
                self.owner[sid] = parent
                self.member[(parent, name)] = sid
            # a decorator written above the def, with no other definition starting between them
            marks = [(line, m) for line in range(max(start - 4, 1), start) if (m := decorated.get((file_id, line)))]
            if marks:
                above = max([0] + [d for d in starts[file_id] if marks[0][0] < d < start])
                marks = [m for line, m in marks if line > above]
            if marks:
                self.fixtures[sid] = (name, path, any("autouse=True" in m for m in marks))
                self.by_name.setdefault(name, []).append(sid)

    def _decorators(self, file_ids: set[int]) -> dict[tuple[int, int], str]:
        return {(f, line): callee for f, line, callee in self.conn.execute(
            "SELECT c.file_id, c.line, c.callee FROM json_each(?1) j CROSS JOIN calls c ON c.file_id = j.value"
            f" WHERE c.kind = 'decorator' AND {_FIXTURE}", (json_list(sorted(file_ids)),))}

    def fixture_for(self, name: str, user_file: str, ctx: int | None) -> int | None:
        """The fixture `name` a function gets, run in the collected class ctx (None: at module level): the
        class's and its bases' own, else its module's, else the nearest conftest.py's."""
        if ctx is not None:
            for cls in self.scopes.mro(ctx):
                sid = self.member.get((cls, name))
                if sid in self.fixtures:
                    return sid
            user_file = self.scopes.classes[ctx][1]
        best, best_rank = None, -1
        for fid in self.by_name.get(name, ()):
            if fid in self.owner:                     # a class-level fixture: seen through its class only
                continue
            path = self.fixtures[fid][1]
            if path == user_file:
                return fid
            folder = _folder(path)
            if path.endswith("conftest.py") and (folder == "" or user_file.startswith(folder + "/")):
                rank = folder.count("/") + (1 if folder else 0)
                if rank > best_rank:
                    best, best_rank = fid, rank
        return best

    def contexts(self, user: int) -> list[int | None]:
        """Where a function runs: the collected classes running a method (its own class when none is), None for a
        module-level function."""
        cls = self.owner.get(user)
        return [None] if cls is None else (self.scopes.contexts(cls) or [cls])

    def _applies(self, fixture: int, user: int, ctx: int | None) -> bool:
        """Whether a test or fixture run in ctx runs the fixture: it names it and gets this one, or it is autouse."""
        name, path, autouse = self.fixtures[fixture]
        ufile, params = self.user_at[user]
        if name in params and self.fixture_for(name, ufile, ctx) == fixture:
            return True
        if not autouse or not self._name(user).startswith("test"):
            return False
        if fixture in self.owner:
            return ctx is not None and self.owner[fixture] in self.scopes.mro(ctx)
        folder = _folder(path)
        where = self.scopes.classes[ctx][1] if ctx is not None else ufile
        return path == where or (path.endswith("conftest.py") and (folder == "" or where.startswith(folder + "/")))

    def _name(self, sid: int) -> str:
        return self.names.get(sid, "")

    def _split(self, user: int, holds) -> list[int]:
        """A sure caller: [user] when `holds(ctx)` in every context it runs in; else, for the contexts where it
        holds, what runs there (self.found) and the helpers reached (returned, their context lost)."""
        ctxs = self.contexts(user)
        good = [c for c in ctxs if holds(c)]
        if len(good) == len(ctxs):
            return [user]
        return self._in_context([(user, c) for c in good])

    def _in_context(self, items: list[tuple[int, int | None]]) -> list[int]:
        free, seen = [], set()
        while items:
            user, ctx = items.pop()
            if (user, ctx) in seen:
                continue
            seen.add((user, ctx))
            if user in self.fixtures:
                items.extend((u, ctx) for u, *_ in self.users if u != user and ctx in self.contexts(u)
                             and self._applies(user, u, ctx))
            elif self._name(user).startswith("test") and ctx is not None:
                if self.runs(ctx, self._name(user)) == user:
                    self.found.append((ctx, user))
            else:
                free.append(user)
        return free

    def runs(self, ctx: int, name: str) -> int | None:
        """The method a collected class runs under name (its own or inherited)."""
        for cls in self.scopes.mro(ctx):
            if (cls, name) in self.member:
                return self.member[(cls, name)]
        return None

    def requesters(self, ids: list[int]) -> dict[int, list[int]]:
        """For the fixtures among ids: the tests and fixtures that run them (they name them, or autouse)."""
        out: dict[int, list[int]] = {}
        for fid in ids:
            if fid not in self.fixtures:
                continue
            name, _, autouse = self.fixtures[fid]
            got = []
            for uid, _, _, params in self.users:
                if uid != fid and (name in params or autouse):
                    got += self._split(uid, lambda c, u=uid: self._applies(fid, u, c))
            if got:
                out[fid] = got
        return out

    def typed_callers(self, ids: list[int]) -> list[int]:
        """The tests and fixtures calling a method among ids on a parameter whose fixture builds an instance of
        its class (`def test_x(app): app.route(...)`, `app` a fixture returning `Flask(...)`): the call, stored
        as `possible` (a parameter has no type), is as sure as the fixture; so is a call resolved to the method
        it overrides. Where the fixture's classes are known and none fits, the possible call is ruled out."""
        out = []
        for caller, cls, callee, target, possible in self.conn.execute(
                "SELECT DISTINCT c.caller_id, t.parent_id, c.callee, t.id, 1 FROM json_each(?1) j CROSS JOIN calls c"
                " ON c.target_id = j.value JOIN symbols t ON t.id = c.target_id WHERE c.resolution = 'possible'"
                f" AND {sql_in(CALL_KINDS, 'c.kind')} UNION SELECT DISTINCT c.caller_id, t.parent_id, c.callee, t.id, 0"
                " FROM json_each(?1) j CROSS JOIN symbols t ON t.id = j.value JOIN calls o ON o.caller_id = t.id"
                f" AND o.kind = 'override' AND o.target_id IS NOT NULL JOIN calls c ON c.target_id = o.target_id"
                f" AND c.{RESOLVED} AND {sql_in(CALL_KINDS, 'c.kind')}", (json_list(ids),)):
            receiver = callee.split(".")
            user = self.user_at.get(caller)
            param = self._fixture_value(caller, receiver[0]) if len(receiver) == 2 and user else None
            if param is None:
                continue
            known = {c: self.classes(f, c) if f is not None else set() for c in self.contexts(caller)
                     for f in [self.fixture_for(param, user[0], c)]}
            if any(cls in got for got in known.values()):
                out += self._split(caller, lambda c: cls in known[c])
            if possible and all(known.values()):          # where it fits, it is sure (above); elsewhere, ruled out
                self.refuted.add((caller, target))
        return out

    def _fixture_value(self, user: int, name: str) -> str | None:
        """The parameter (a fixture) whose value a name holds in a test or fixture: the parameter itself, or a
        local set once from calling it (`signer = signer_factory(key=k)`, a factory fixture)."""
        params = self.user_at[user][1]
        if name in params:
            return name
        rows = self.conn.execute("SELECT value FROM bindings WHERE file_id = ? AND scope_id = ? AND name = ?"
                                 " AND kind = 'assign'", (self.where[user][0], user, name)).fetchall()
        made = _MADE_BY.match(rows[0][0]) if len(rows) == 1 else None
        return made.group(1) if made and made.group(1) in params else None

    def classes(self, fixture: int, ctx: int | None = None) -> set[int]:
        """The classes a fixture's value may be an instance of (run in ctx), with their ancestors: those it builds,
        those it names as values (`partial(Signer, ...)`, `params=(A, B)`), those of fixtures it calls."""
        key = (fixture, ctx)
        if key not in self._classes:
            self._classes[key] = set()                       # a fixture calling itself adds nothing
            file_id, start = self.where[fixture]
            built = {c for (c,) in self.conn.execute(
                "SELECT CASE WHEN t.kind = 'class' THEN t.id ELSE t.parent_id END FROM calls c JOIN symbols t"
                f" ON t.id = c.target_id WHERE c.caller_id = ?1 AND c.kind = 'constructor' AND c.{RESOLVED}",
                (fixture,))}
            built |= named_classes(self.conn, fixture, file_id, start)
            path, params = self.user_at[fixture]
            for (name,) in self.conn.execute("SELECT DISTINCT callee FROM calls WHERE caller_id = ? AND kind = 'call'",
                                             (fixture,)):
                other = self.fixture_for(name, path, ctx) if name in params else None
                if other is not None:
                    built |= self.classes(other, ctx)
            self._classes[key] = ancestors(self.conn, built)
        return self._classes[key]

    def setup_tests(self, ids: list[int]) -> dict[int, list[int]]:
        """For the unittest/pytest class setups among ids: the test methods of their class."""
        out: dict[int, list[int]] = {}
        for sid, parent in self.conn.execute(
                "SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
                f" WHERE s.kind = 'method' AND s.name IN ({', '.join(repr(s) for s in SETUPS)})", (json_list(ids),)):
            out[sid] = [r[0] for r in self.conn.execute(
                "SELECT id FROM symbols WHERE parent_id = ? AND kind = 'method' AND name LIKE 'test%'", (parent,))]
        return out
