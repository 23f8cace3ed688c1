"""What a test runner adds to the call graph, read from the index at query time: a pytest fixture runs
for every test or fixture that names it as a parameter (the nearest definition: the same file, else
conftest.py files up the tree), an `autouse` fixture for every test in its scope; a unittest `setUp`
(`setUpClass`, `setUpTestData`, ...) runs for every test method of its class."""
from __future__ import annotations

import ast
import posixpath

import apsw

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.testids import is_test_file

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
            "SELECT s.id, s.name, f.path, s.signature, s.file_id, s.start_line FROM symbols s JOIN files f"
            " ON f.id = s.file_id WHERE s.kind IN ('function', 'method') AND f.language = 'python'"
            " AND (f.path LIKE '%test%' OR f.path LIKE '%conftest.py')").fetchall()
        rows = [r for r in rows if is_test_file(r[2])]
        self.user_at: dict[int, tuple[str, list[str]]] = {}             # id -> (file, parameters)
        self._classes: dict[int, set[int]] = {}
        decorated = self._decorators({r[4] for r in rows})
        for sid, name, path, sig, file_id, start in rows:
            self.users.append((sid, name, path, parameters(sig)))
            self.user_at[sid] = (path, self.users[-1][3])
            marks = [decorated.get((file_id, line)) for line in range(max(start - 4, 1), start)]
            marks = [m for m in marks if m]
            if marks:
                self.fixtures[sid] = (name, path, any("autouse=True" in m for m in marks))
                self.by_name.setdefault(name, []).append(sid)

    def _decorators(self, file_ids: set[int]) -> dict[tuple[int, int], str]:
        return {(f, line): callee for f, line, callee in self.conn.execute(
            "SELECT c.file_id, c.line, c.callee FROM json_each(?1) j CROSS JOIN calls c ON c.file_id = j.value"
            f" WHERE c.kind = 'decorator' AND {_FIXTURE}", (json_list(sorted(file_ids)),))}

    def _visible(self, user_file: str, name: str) -> int | None:
        """The fixture `name` a function in user_file gets: its own file's, else the nearest conftest.py's."""
        best, best_rank = None, -1
        for fid in self.by_name.get(name, ()):
            path = self.fixtures[fid][1]
            if path == user_file:
                return fid
            if path.endswith("conftest.py"):
                folder = _folder(path)
                if folder == "" or user_file.startswith(folder + "/"):
                    rank = folder.count("/") + (1 if folder else 0)
                    if rank > best_rank:
                        best, best_rank = fid, rank
        return best

    def _in_scope(self, fixture: int, user_file: str) -> bool:
        path = self.fixtures[fixture][1]
        if path == user_file:
            return True
        folder = _folder(path)
        return path.endswith("conftest.py") and (folder == "" or user_file.startswith(folder + "/"))

    def requesters(self, ids: list[int]) -> dict[int, list[int]]:
        """For the fixtures among ids: the tests and fixtures that run them (they name them, or autouse)."""
        out: dict[int, list[int]] = {}
        for fid in ids:
            if fid not in self.fixtures:
                continue
            name, _, autouse = self.fixtures[fid]
            got = [uid for uid, uname, ufile, params in self.users if uid != fid and (
                (name in params and self._visible(ufile, name) == fid)
                or (autouse and uname.startswith("test") and self._in_scope(fid, ufile)))]
            if got:
                out[fid] = got
        return out

    def classes(self, fixture: int) -> set[int]:
        """The classes a fixture's value may be an instance of: those it builds, with their ancestors."""
        if fixture not in self._classes:
            self._classes[fixture] = {c for (c,) in self.conn.execute(
                "WITH RECURSIVE up(id) AS (SELECT CASE WHEN t.kind = 'class' THEN t.id ELSE t.parent_id END FROM calls c"
                f" JOIN symbols t ON t.id = c.target_id WHERE c.caller_id = ?1 AND c.kind = 'constructor' AND c.{RESOLVED}"
                " UNION SELECT i.target_id FROM up JOIN inherits i ON i.class_id = up.id WHERE i.target_id IS NOT NULL"
                " LIMIT 500) SELECT id FROM up", (fixture,))}
        return self._classes[fixture]

    def typed_callers(self, ids: list[int]) -> list[int]:
        """The tests and fixtures calling a method among ids on a parameter whose fixture builds an instance of
        its class (`def test_x(app): app.route(...)`, `app` a fixture returning `Flask(...)`): the call, stored
        as `possible` (a parameter has no type), is as sure as the fixture."""
        out = []
        for caller, cls, callee in self.conn.execute(
                "SELECT DISTINCT c.caller_id, t.parent_id, c.callee FROM json_each(?1) j CROSS JOIN calls c"
                " ON c.target_id = j.value JOIN symbols t ON t.id = c.target_id WHERE c.resolution = 'possible'"
                f" AND {sql_in(CALL_KINDS, 'c.kind')}", (json_list(ids),)):
            receiver = callee.split(".")
            user = self.user_at.get(caller)
            if len(receiver) != 2 or user is None or receiver[0] not in user[1]:
                continue
            fixture = self._visible(user[0], receiver[0])
            if fixture is not None and cls in self.classes(fixture):
                out.append(caller)
        return out

    def setup_tests(self, ids: list[int]) -> dict[int, list[int]]:
        """For the unittest/pytest class setups among ids: the test methods of their class."""
        out: dict[int, list[int]] = {}
        for sid, parent in self.conn.execute(
                "SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
                f" WHERE s.kind = 'method' AND s.name IN ({', '.join(repr(s) for s in SETUPS)})", (json_list(ids),)):
            out[sid] = [r[0] for r in self.conn.execute(
                "SELECT id FROM symbols WHERE parent_id = ? AND kind = 'method' AND name LIKE 'test%'", (parent,))]
        return out
