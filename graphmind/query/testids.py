"""The tests a change reaches, as IDs their runner takes: `tests/test_x.py::TestC::test_m` for pytest,
`./pkg::TestX` for `go test`. A function nested in a test (a route handler defined inside it) stands for
the test that encloses it."""
from __future__ import annotations

import configparser
import fnmatch
import shlex
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import apsw


@dataclass
class TestHit:
    """A runnable test reaching a change, at its nearest depth (0: the change is inside it)."""
    id: str
    runner: str
    symbol: str
    file: str
    start_line: int
    end_line: int
    signature: str
    depth: int
    stale: bool = False
    how: str = "reaches"          # reaches | may reach | imports | coverage (see query/testreach.py)

    def as_json(self) -> dict:
        return {"id": self.id, "runner": self.runner, "symbol": self.symbol, "file": self.file,
                "start_line": self.start_line, "end_line": self.end_line, "depth": self.depth, "how": self.how}


# a test found more than one way keeps the surest: a recorded run, a resolved path, a possible one, an import
HOW_RANK = {"coverage": 0, "reaches": 1, "may reach": 2, "imports": 3}


PYTEST_FILES = ("test_*.py", "*_test.py")          # pytest's default python_files
_python_files: ContextVar[tuple[str, ...]] = ContextVar("python_files", default=PYTEST_FILES)


def _ini_value(path: Path, section: str) -> str | None:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(path, encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError):
        return None
    return parser.get(section, "python_files", fallback="") if parser.has_section(section) else None


def python_files(root: Path) -> tuple[str, ...]:
    """The python_files patterns of the workspace's pytest configuration, found as pytest finds it (pytest.ini,
    pyproject.toml's [tool.pytest.ini_options], tox.ini's [pytest], setup.cfg's [tool:pytest]; the first
    file holding a pytest section decides), or pytest's default."""
    for name, section in (("pytest.ini", "pytest"), (".pytest.ini", "pytest"), ("pyproject.toml", None),
                          ("tox.ini", "pytest"), ("setup.cfg", "tool:pytest")):
        path = root / name
        if not path.is_file():
            continue
        if section is None:
            try:
                table = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("pytest", {})
            except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
                continue
            if "ini_options" not in table:
                continue
            value = table["ini_options"].get("python_files", "")
        else:
            value = _ini_value(path, section)
            if value is None:
                continue
        patterns = tuple(value.split() if isinstance(value, str) else (str(v) for v in value))
        return patterns or PYTEST_FILES
    return PYTEST_FILES


@contextmanager
def collecting(root: Path | None) -> Iterator[None]:
    """Within it, runner_of knows the test files by the workspace's own python_files."""
    token = _python_files.set(python_files(root) if root is not None else PYTEST_FILES)
    try:
        yield
    finally:
        _python_files.reset(token)


def _pytest_file(path: str, base: str) -> bool:
    """pytest's match: a pattern without a slash against the file's name, one with a slash against its path's end."""
    return base.endswith(".py") and any(fnmatch.fnmatch(base, p) if "/" not in p else fnmatch.fnmatch("/" + path, "*/" + p)
                                        for p in _python_files.get())


def runner_of(path: str) -> str | None:
    """The runner that collects tests from this file (pytest, go), or None."""
    base = path.rsplit("/", 1)[-1]
    if _pytest_file(path, base):
        return "pytest"
    if base.endswith("_test.go"):
        return "go"
    return None


def is_test_file(path: str) -> bool:
    """Whether pytest collects tests from this file (by python_files, see collecting), or it is a conftest.py."""
    return runner_of(path) == "pytest" or path.rsplit("/", 1)[-1] == "conftest.py"


def is_test_code(path: str) -> bool:
    """A test file, or a module of a test folder (tests/__init__.py holding the mixins test classes inherit,
    tests/base.py declaring what tests use)."""
    return is_test_file(path) or not {"tests", "test", "testing"}.isdisjoint(path.split("/")[:-1])


def _collected_class(conn: apsw.Connection, d: tuple, seen: dict[int, bool]) -> bool:
    """pytest collects a class named Test* and a unittest.TestCase subclass whatever its name: written on its
    `class` line, or through the bases the index resolved (`class IsEqualTest(MatcherTest)`, MatcherTest a
    TestCase in another test module)."""
    if d[0].startswith("Test") or "TestCase" in (d[5] or "").split("(", 1)[-1]:
        return True
    if d[6] not in seen:
        seen[d[6]] = conn.execute(
            "WITH RECURSIVE up(id) AS (SELECT ?1 UNION SELECT i.target_id FROM up JOIN inherits i ON i.class_id = up.id"
            " WHERE i.target_id IS NOT NULL LIMIT 200) SELECT 1 FROM up JOIN inherits i ON i.class_id = up.id"
            " WHERE i.base LIKE '%TestCase' LIMIT 1", (d[6],)).fetchone() is not None
    return seen[d[6]]


def _chain(defs: list[tuple], start: int, end: int) -> list[tuple]:
    """The definitions of a file enclosing start..end, outermost first (modules left out)."""
    return [d for d in defs if d[2] <= start and d[3] >= end and d[1] != "module"]


def _pytest(chain: list[tuple], collected: Callable[[tuple], bool]) -> list[tuple] | None:
    path = []
    for d in chain:
        name, kind = d[0], d[1]
        if kind == "class":
            if not collected(d):
                return None
        elif name.startswith("test"):
            return path + [d]
        path.append(d)
    return None


def _go(chain: list[tuple], collected: Callable[[tuple], bool]) -> list[tuple] | None:
    top = chain[0] if chain else None
    if top and top[1] == "function" and top[0].startswith(("Test", "Benchmark", "Example", "Fuzz")):
        return [top]
    return None


def runnable_tests(conn: apsw.Connection, hits: list[tuple]) -> list[TestHit]:
    """The tests enclosing (file, start_line, end_line, depth[, how[, inherited method]]) hits, the surest
    and nearest each, nearest first. An inherited method's hit spans the subclass that runs it."""
    found: list[TestHit] = []
    files: dict[str, list[tuple]] = {}
    seen: dict[int, bool] = {}
    collected = partial(_collected_class, conn, seen=seen)
    for file, start, end, depth, *rest in hits:
        how = rest[0] if rest else "reaches"
        runner = runner_of(file)
        if runner is None:
            continue
        if file not in files:
            files[file] = list(conn.execute(
                "SELECT s.name, s.kind, s.start_line, s.end_line, s.qualname, s.signature, s.id FROM symbols s"
                " JOIN files f ON f.id = s.file_id WHERE f.path = ? ORDER BY s.start_line, s.end_line DESC", (file,)))
        chain = _chain(files[file], start, end)
        if len(rest) > 1 and runner == "pytest" and chain:       # Sub::test_m, inherited from a base class
            chain = chain + [(rest[1], "method", start, end, f"{chain[-1][4]}.{rest[1]}", chain[-1][5], None)]
        path = (_pytest if runner == "pytest" else _go)(chain, collected)
        if not path:
            continue
        test = path[-1]
        if runner == "pytest":
            tid = "::".join([file, *(d[0] for d in path)])
        else:
            tid = f"./{file.rsplit('/', 1)[0] if '/' in file else '.'}::{test[0]}"
        found.append(TestHit(tid, runner, test[4], file, test[2], test[3], test[5], depth, how=how))
    return merge_tests(found)


def recorded_tests(ids: set[str]) -> list[TestHit]:
    """Tests a coverage data file says ran the change, as hits (their definitions are not looked up)."""
    return [TestHit(i, "pytest", i.rsplit("::", 1)[-1], i.split("::", 1)[0], 0, 0, "", 0, how="coverage")
            for i in sorted(ids)]


def merge_tests(*groups: list[TestHit]) -> list[TestHit]:
    """Tests found more than one way, once each (the surest way kept), nearest first."""
    found: dict[str, TestHit] = {}
    for group in groups:
        for t in group:
            old = found.get(t.id)
            if old is None or (HOW_RANK.get(t.how, 9), t.depth) < (HOW_RANK.get(old.how, 9), old.depth):
                found[t.id] = t
    return sorted(found.values(), key=lambda t: (t.depth, HOW_RANK.get(t.how, 9), t.id))


def test_commands(tests: list[TestHit]) -> list[str]:
    """One command per runner that runs exactly these tests."""
    out = []
    py = [t.id for t in tests if t.runner == "pytest"]
    if py:
        out.append("python -m pytest " + " ".join(shlex.quote(i) for i in sorted(py)))
    by_pkg: dict[str, list[str]] = {}
    for t in tests:
        if t.runner == "go":
            pkg, name = t.id.split("::")
            by_pkg.setdefault(pkg, []).append(name)
    for pkg, names in sorted(by_pkg.items()):
        out.append(f"go test {shlex.quote(pkg)} -run " + shlex.quote("^(" + "|".join(sorted(names)) + ")$"))
    return out
