"""Types flow in every language: a method called through `this`/`self`, on locals built by the
constructor in other files, on fields and typed parameters resolves; a same-named method of an
unrelated class never does (tests/fixtures/flow/, scored by tests/flowcases.py)."""
from __future__ import annotations

import shutil

import pytest

from graphmind.index.indexer import index_workspace
from graphmind.query import graph
from graphmind.store import open_reader

from flowcases import CASES, FLOW, call_rows, expected, index_case, score
from langcases import snapshot


@pytest.mark.parametrize("case", CASES)
def test_blast_radius_at_depth_three(tmp_path, case):
    result = score(index_case(tmp_path, case), expected(case))
    assert result["undefined"] == [], result
    assert result["missed"] == {} and result["extra"] == {}, result
    assert result["decoys"] == [], result
    assert result["missing_edges"] == [], result
    assert result["not_possible"] == [], result


# one case per way of seeing another file's names (imports, packages, namespaces, requires, module-wide)
INCREMENTAL = ["typescript", "javascript_cjs", "go", "csharp", "cpp", "php", "ruby", "swift", "lua", "bash",
               "ruby_refunds", "php_refunds", "swift_refunds", "scala_refunds", "bash_refunds"]


@pytest.mark.parametrize("case", INCREMENTAL)
def test_saves_then_incremental_equals_clean(tmp_path, case):
    """The class disappears and comes back, a caller switches to the decoy: each save re-resolves
    what the change reaches, and the index equals a clean one."""
    work = tmp_path / "work"
    shutil.copytree(FLOW / case, work)
    exp = expected(case)
    cls, decoy_cls = _owner_name(exp["target"]), _owner_name(exp["decoy"])
    files = sorted(p for p in work.rglob("*") if p.is_file() and p.suffix not in (".json", ".mod", ".toml")
                   and cls in p.read_text())
    index_workspace(work)
    for path in files[:1]:
        original = path.read_text()
        path.write_text(original.replace(cls, cls + "Gone"))
        index_workspace(work)
        path.write_text(original)
        index_workspace(work)
    path = files[-1]
    path.write_text(path.read_text().replace(cls, decoy_cls, 1))
    index_workspace(work)
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


def _owner_name(qualname: str) -> str:
    """The class part of a method's qualified name (the function's own name for C and Bash)."""
    parts = qualname.split(".")
    return parts[-2] if parts[-2][:1].isupper() or parts[-2] == "M" else parts[-1]


def test_a_field_holding_a_function_hides_a_base_method(tmp_path):
    """TypeScript: `now: () => number` declared in the class comes before `now()` of the interface it
    implements; `this.now()` and `s.now()` call the field's value, not the interface's method."""
    (tmp_path / "clock.ts").write_text(
        "export interface Clock {\n  now(): number;\n}\n\n"
        "export class Scheduler implements Clock {\n  now: () => number = Date.now;\n\n"
        "  tick(): number {\n    return this.now();\n  }\n}\n\n"
        "export function read(s: Scheduler): number {\n  return s.now();\n}\n")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    assert {how for how, _, _ in call_rows(conn, "clock.Scheduler.tick", "this.now")} == {"possible"}
    assert {how for how, _, _ in call_rows(conn, "clock.read", "s.now")} == {"possible"}


# the held-out shape: a refund processor in each language's idioms, the target named as FILE:LINE
REFUNDS = [c for c in CASES if c.endswith("_refunds")]


@pytest.mark.parametrize("case", REFUNDS)
def test_refund_blast_radius_by_file_and_line(tmp_path, case):
    """`blast FILE:LINE` of the `refund` definition lists exactly the hand-written callers."""
    conn = index_case(tmp_path, case)
    exp = expected(case)
    path, line = conn.execute("SELECT f.path, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id"
                              " WHERE s.qualname = ?", (exp["target"],)).fetchone()
    targets = graph.resolve_targets(conn, f"{path}:{line}")
    assert [t.qualname for t in targets] == [exp["target"]]
    hits = graph.walk(conn, targets, "up", depth=3, limit=500).hits
    assert {h.symbol: h.depth for h in hits} == exp["callers"]
