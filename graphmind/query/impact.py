"""Change impact: the definitions a git diff (or FILE:LINE ranges) touches, their blast radius, the tests that reach them."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import apsw

from graphmind import config
from graphmind.query import graph
from graphmind.edgekinds import ALL_KINDS
from graphmind.errors import BadArgumentError, NotFoundError
from graphmind.query.gitdiff import Change, git_changes  # noqa: F401  (git_changes: callers take it from here)
from graphmind.query.lookup import SymbolRef, with_counterparts
from graphmind.paths import confine, split_file_line
from graphmind.query.render import walk_json
from graphmind.query.selection import coverage as recorded
from graphmind.query.testids import TestHit, merge_tests, recorded_tests, test_commands
from graphmind.query.selection.testreach import REACHES, tests_reached

_TEST_KINDS = frozenset({"function", "method"})
_COLUMNS = ("SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, f.language"
            " FROM symbols s JOIN files f ON f.id = s.file_id")
MAX_TOUCHED = 500


@dataclass
class Touched:
    """A definition that a change touches: the innermost one enclosing a changed line."""
    ref: SymbolRef
    lines: list[int]
    test: bool


@dataclass
class Impact:
    """The answer of change_impact / `graphmind impact`."""
    source: str                                    # what was compared, in words
    changed_files: list[str] = field(default_factory=list)
    unindexed_files: list[str] = field(default_factory=list)   # changed, but not in the index (docs, data, ...)
    deleted_files: list[str] = field(default_factory=list)
    touched: list[Touched] = field(default_factory=list)
    walk: graph.Walk | None = None
    tests: list[TestHit] = field(default_factory=list)         # runnable test IDs, nearest first
    tests_truncated: str | None = None                          # the test search stopped: 'limit' | 'time'
    tests_fallback: bool = False                                # no path found: tests of importing files
    coverage: recorded.Recorded | None = None                   # the coverage data read, if any
    changed_since: list[str] = field(default_factory=list)      # changed files written after it: static paths


def is_test(kind: str, name: str, file: str) -> bool:
    """Whether a definition is a test: a function named test_*, or any function in a test file."""
    if kind not in _TEST_KINDS:
        return False
    parts = file.split("/")
    base = parts[-1]
    return (name.startswith("test_") or "tests" in parts[:-1]
            or base.startswith("test_") or base.endswith("_test.py"))


def range_changes(root: Path, specs: list[str]) -> list[Change]:
    """FILE:LINE or FILE:START-END arguments as changes, each path confined to the workspace."""
    out = []
    for spec in specs:
        found = split_file_line(spec)
        if found is None:
            raise BadArgumentError(f"'{spec}' is not FILE:LINE or FILE:START-END")
        file, start, end = found
        if start < 1 or end < start:
            raise BadArgumentError(f"'{spec}': lines start at 1 and END must not be before START")
        rel = confine(root, file)
        out.append(Change(rel, start, min(end, _line_count(root, rel, start))))
    return out


def _line_count(root: Path, rel: str, start: int) -> int:
    """How many lines a named file has; a missing file or a START past its end is a NotFoundError."""
    try:
        with open(root / rel, "rb") as fh:
            lines = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
            fh.seek(max(fh.tell() - 1, 0))
            lines += 1 if fh.tell() and fh.read(1) != b"\n" else 0
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        raise NotFoundError(f"no file {rel} in the workspace") from None
    if start > lines:
        raise NotFoundError(f"line {start} is past the end of {rel} ({lines} lines)")
    return lines


# -- what the changes touch ------------------------------------------------------------------------
def touched_symbols(conn: apsw.Connection, changes: list[Change]) -> tuple[list[Touched], list[str]]:
    """The innermost definitions enclosing the changed lines (module-level code: the module), and unindexed files."""
    by_file: dict[str, list[Change]] = {}
    for c in changes:
        by_file.setdefault(c.file, []).append(c)
    touched: dict[int, Touched] = {}
    unindexed = []
    for file, cs in sorted(by_file.items()):
        syms = [SymbolRef(*r) for r in conn.execute(f"{_COLUMNS} WHERE f.path = ? ORDER BY s.start_line, s.end_line DESC",
                                                    (file,))]
        if not syms:
            unindexed.append(file)
            continue
        last = max(s.end_line for s in syms)
        for c in cs:
            if c.gap:
                hits = [(_innermost(syms, c.start, c.start + 1), c.start)]
            else:
                hits = _paint(syms, c.start, min(c.end, last))
            for ref, line in hits:
                if ref is None:
                    continue
                t = touched.setdefault(ref.id, Touched(ref, [], is_test(ref.kind, ref.name, ref.file)))
                if line not in t.lines:
                    t.lines.append(line)
            if len(touched) > MAX_TOUCHED:
                break
    out = sorted(touched.values(), key=lambda t: (t.ref.file, t.ref.start_line))
    for t in out:
        t.lines.sort()
    return out, unindexed


def _innermost(syms: list[SymbolRef], first: int, last: int) -> SymbolRef | None:
    best = None
    for s in syms:
        if s.start_line <= first and s.end_line >= last and (
                best is None or (s.start_line, -s.end_line) >= (best.start_line, -best.end_line)):
            best = s
    return best or next((s for s in syms if s.kind == "module"), None)


def _paint(syms: list[SymbolRef], start: int, end: int) -> list[tuple[SymbolRef, int]]:
    """For lines start..end, the innermost definition of each (outer first, inner overwrite); first line each."""
    owner: dict[int, SymbolRef] = {}
    for s in syms:                       # sorted by start, outer before inner
        for line in range(max(s.start_line, start), min(s.end_line, end) + 1):
            owner[line] = s
    first: dict[int, tuple[SymbolRef, int]] = {}
    for line in sorted(owner):
        first.setdefault(owner[line].id, (owner[line], line))
    return list(first.values())


def change_impact(conn: apsw.Connection, changes: list[Change], source: str, depth: int = config.DEFAULT_DEPTH,
                  limit: int = config.DEFAULT_LIMIT, deleted: list[str] | None = None,
                  coverage: recorded.Recorded | None = None, root: Path | None = None) -> Impact:
    """The touched definitions, every caller within `depth` hops of them, and the tests that reach them: from
    recorded coverage for code unchanged since it was written, from the static paths for the rest."""
    out = Impact(source, changed_files=sorted({c.file for c in changes}), deleted_files=sorted(deleted or []))
    out.touched, out.unindexed_files = touched_symbols(conn, changes)
    targets = with_counterparts(conn, [t.ref for t in out.touched if t.ref.kind != "module"])   # C++ decl + def
    if targets:
        out.walk = graph.walk(conn, targets, "up", depth, limit, kinds=ALL_KINDS)
    static, resolved_only, ran = out.touched, [], set()
    if coverage is not None and root is not None:
        out.coverage, out.changed_since = coverage, recorded.changed_since(coverage, root, out.changed_files)
        static = []
        for t in out.touched:
            got = None if t.ref.kind == "module" else recorded.tests_covering(
                coverage, t.ref.file, t.ref.start_line, t.ref.end_line)
            ran |= got or set()
            if not got:
                static.append(t)
            elif t.ref.file in out.changed_since:      # the tests that ran it, and the tests written since
                resolved_only.append(t)
    out.tests = recorded_tests(ran)
    for group, uncertain in ((static, True), (resolved_only, False)):
        if not group and (uncertain is False or ran):
            continue
        ids = targets if group is out.touched else with_counterparts(conn, [t.ref for t in group
                                                                            if t.ref.kind != "module"])
        found = tests_reached(conn, [t.id for t in ids],
                              [(t.ref.file, t.ref.start_line, t.ref.end_line) for t in group], uncertain=uncertain,
                              root=root)
        if group is resolved_only:           # a path older than the recording ran, or not, while it recorded
            newer = set(recorded.changed_since(coverage, root, sorted({t.file for t in found.tests})))
            found.tests = [t for t in found.tests if t.file in newer]
        out.tests = merge_tests(out.tests, found.tests)
        out.tests_truncated = out.tests_truncated or found.truncated
        out.tests_fallback = out.tests_fallback or (found.fallback and not ran)
    return out


def coverage_file(root: Path, given: Path | None) -> recorded.Recorded | None:
    """The coverage data to join: the file given (it must exist), else the workspace's .coverage if present."""
    if given is not None:
        if not given.is_file():
            raise NotFoundError(f"no coverage data file {given}")
        return recorded.read_coverage(given, root)
    default = root / recorded.DEFAULT_FILE
    return recorded.read_coverage(default, root) if default.is_file() else None


def test_entry(t: TestHit) -> str | dict:
    """A test in the `tests` list: its ID when a resolved path reaches the change, else ID and how."""
    return t.id if t.how == REACHES else {"id": t.id, "how": t.how}


def impact_json(imp: Impact) -> dict:
    """The JSON document of `graphmind impact --json` (the structured content of change_impact)."""
    doc = {
        "source": imp.source,
        "changed_files": imp.changed_files,
        "unindexed_files": imp.unindexed_files,
        "deleted_files": imp.deleted_files,
        "touched": [{"symbol": t.ref.qualname, "kind": t.ref.kind, "file": t.ref.file,
                     "start_line": t.ref.start_line, "end_line": t.ref.end_line, "signature": t.ref.signature,
                     "changed_lines": t.lines, "test": t.test} for t in imp.touched],
        "tests": [test_entry(t) for t in imp.tests],
        "tests_truncated": imp.tests_truncated,
        "tests_fallback": imp.tests_fallback,
        "test_runs": [t.as_json() for t in imp.tests],
        "test_commands": test_commands(imp.tests),
    }
    if imp.coverage is not None:
        doc["coverage"] = {"file": imp.coverage.file, "tests": len(set(imp.coverage.tests.values())),
                           "recorded_at": imp.coverage.recorded_at, "changed_since": imp.changed_since}
    if imp.walk is not None:
        w = walk_json(imp.walk)
        doc.update({k: w[k] for k in ("depth", "complete_depth", "total", "truncated", "callers",
                                      "possible_callers", "unresolved_sites")})
        for c in doc["callers"]:
            c["test"] = is_test(c["kind"], c["symbol"].rsplit(".", 1)[-1], c["file"])
    return doc
