"""Precision/recall of resolved Python call edges against the hand-written corpus in tests/callgraph/.

Each case folder is a tiny workspace plus expected.json (conventions: tests/callgraph/README.md).
The corpus run indexes a copy of every case and scores the exported call graph; `pytest -s` shows
the per-construct table. The floors it must meet live in tests/callgraph/floors.json.
"""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

CALLGRAPH = Path(__file__).resolve().parent / "callgraph"


def _load_scorer():
    name = "graphmind_callgraph_scorer"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, CALLGRAPH / "scorer.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


scorer = _load_scorer()
CASES = scorer.load_cases()


# --- the scorer itself -------------------------------------------------------------------------

def _case(name: str, construct: str, expected: dict) -> "scorer.Case":
    return scorer.Case(name=name, construct=construct, description="d", path=Path("."), expected=expected)


def test_compare_splits_tp_fp_fn():
    expected = {"m.f": ["m.g", "m.h"], "m": ["m.f"]}
    actual = {"m.f": ["m.g", "m.x"], "m.y": ["m.g"]}
    tp, fp, fn = scorer.compare(actual, expected)
    assert tp == {("m.f", "m.g")}
    assert fp == {("m.f", "m.x"), ("m.y", "m.g")}
    assert fn == {("m.f", "m.h"), ("m", "m.f")}


def test_compare_identical_graphs_and_duplicates():
    expected = {"a.f": ["a.g", "a.h"]}
    tp, fp, fn = scorer.compare({"a.f": ["a.h", "a.g", "a.g"]}, expected)
    assert tp == {("a.f", "a.g"), ("a.f", "a.h")} and not fp and not fn


def test_compare_is_per_pair_not_per_caller():
    # the right callee under the wrong caller is both a FP and a FN
    tp, fp, fn = scorer.compare({"a.g": ["a.h"]}, {"a.f": ["a.h"]})
    assert not tp and fp == {("a.g", "a.h")} and fn == {("a.f", "a.h")}


def test_aggregate_is_micro_averaged():
    one = scorer.score_case(_case("x__one", "x", {"m.f": ["m.g"]}), {"m.f": ["m.g", "m.h"]})  # TP1 FP1
    two = scorer.score_case(_case("x__two", "x", {"m.f": ["m.a", "m.b", "m.c"]}), {"m.f": ["m.a"]})  # TP1 FN2
    three = scorer.score_case(_case("y__three", "y", {"m.f": ["m.g"]}), {"m.f": ["m.g"]})  # TP1
    per, overall = scorer.aggregate([one, two, three])
    assert list(per) == ["x", "y"]
    x = per["x"]
    assert (x.cases, x.tp, x.fp, x.fn) == (2, 2, 1, 2)
    assert x.precision == pytest.approx(2 / 3)
    assert x.recall == pytest.approx(2 / 4)  # micro: not the mean of the per-case recalls (1.0, 1/3)
    assert (overall.cases, overall.tp, overall.fp, overall.fn) == (3, 3, 1, 2)
    assert overall.precision == pytest.approx(3 / 4)
    assert overall.recall == pytest.approx(3 / 5)


def test_vacuous_ratios():
    # an unknown_receiver-style case: nothing expected, nothing found
    s = scorer.score_case(_case("u__none", "u", {}), {})
    _, overall = scorer.aggregate([s])
    assert overall.precision == 1.0 and overall.recall == 1.0
    # something found where nothing is expected: precision 0, recall vacuous
    s = scorer.score_case(_case("u__none", "u", {}), {"m.f": ["m.g"]})
    _, overall = scorer.aggregate([s])
    assert overall.precision == 0.0 and overall.recall == 1.0
    # nothing found where something is expected: precision vacuous, recall 0
    s = scorer.score_case(_case("u__some", "u", {"m.f": ["m.g"]}), {})
    _, overall = scorer.aggregate([s])
    assert overall.precision == 1.0 and overall.recall == 0.0


def test_format_table_and_details():
    good = scorer.score_case(_case("alpha__ok", "alpha", {"m.f": ["m.g"]}), {"m.f": ["m.g"]})
    bad = scorer.score_case(_case("beta__bad", "beta", {"m.f": ["m.g", "m.h"]}), {"m.f": ["m.g", "m.z"]})
    table = scorer.format_table([good, bad])
    lines = table.splitlines()
    assert lines[0].split() == ["construct", "cases", "TP", "FP", "FN", "precision", "recall"]
    assert lines[2].split() == ["alpha", "1", "1", "0", "0", "1.000", "1.000"]
    assert lines[3].split() == ["beta", "1", "1", "1", "1", "0.500", "0.500"]
    assert lines[-1].split() == ["OVERALL", "2", "2", "1", "1", "0.667", "0.667"]
    details = scorer.format_details([good, bad])
    assert "alpha__ok" not in details
    assert "beta__bad:" in details
    assert "FP  m.f -> m.z" in details and "FN  m.f -> m.h" in details


def test_format_table_shows_undefined_ratio_as_dash():
    s = scorer.score_case(_case("u__none", "u", {}), {})
    row = scorer.format_table([s]).splitlines()[2].split()
    assert row == ["u", "1", "0", "0", "0", "-", "-"]


def test_json_lines():
    s = scorer.score_case(_case("a__one", "a", {"m.f": ["m.g", "m.h"]}), {"m.f": ["m.g"]})
    lines = [json.loads(line) for line in scorer.json_lines([s])]
    assert lines[0] == {"construct": "a", "cases": 1, "tp": 1, "fp": 0, "fn": 1, "precision": 1.0, "recall": 0.5}
    assert lines[-1]["construct"] == "OVERALL" and lines[-1]["recall"] == 0.5


def test_floors_file():
    floors = scorer.load_floors()
    assert set(floors) == {"precision", "recall"}
    assert all(0.0 <= v <= 1.0 for v in floors.values())


# --- the corpus is well-formed -----------------------------------------------------------------

def test_corpus_size_and_coverage():
    assert len(CASES) >= 90
    counts: dict[str, int] = {}
    for case in CASES:
        counts[case.construct] = counts.get(case.construct, 0) + 1
    assert set(counts) == set(scorer.CONSTRUCTS)
    assert all(n >= 2 for n in counts.values()), counts


def _modules(case_dir: Path) -> dict[str, Path]:
    """Module qualified name -> file, with the conventions: `pkg/__init__.py` -> `pkg`, `src/` stripped."""
    mods = {}
    for path in case_dir.rglob("*.py"):
        parts = list(path.relative_to(case_dir).parts)
        if parts[0] == "src":
            parts = parts[1:]
        parts[-1] = parts[-1][:-3]
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = path
    return mods


def _defines(text: str, name: str) -> bool:
    """`def name`, `class name`, or `name` as an assignment target somewhere in the text; `<lambdaN>`:
    the text has at least N lambdas."""
    lam = re.fullmatch(r"<lambda(\d+)>", name)
    if lam:
        return len(re.findall(r"\blambda\b", text)) >= int(lam.group(1))
    n = re.escape(name)
    return bool(re.search(rf"^\s*(?:async\s+def|def|class)\s+{n}\b", text, re.M)
                or re.search(rf"^\s*{n}\s*(?::[^=\n]+)?=(?!=)", text, re.M))


def _qualname_problem(qualname: str, mods: dict[str, Path]) -> str | None:
    if qualname in mods:
        return None
    owners = [m for m in mods if qualname.startswith(m + ".")]
    if not owners:
        return f"{qualname}: no module of the case is a prefix"
    module = max(owners, key=len)
    text = mods[module].read_text(encoding="utf-8")
    for part in qualname[len(module) + 1:].split("."):
        if not _defines(text, part):
            return f"{qualname}: {part!r} is not defined or assigned in {mods[module].name}"
    return None


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_expected_is_well_formed(case):
    data = json.loads((case.path / "expected.json").read_text(encoding="utf-8"))
    assert set(data) == {"construct", "description", "call_graph"}
    construct, sep, rest = case.name.partition("__")
    assert sep and rest and re.fullmatch(r"[a-z0-9_]+", rest)
    assert data["construct"] == construct and construct in scorer.CONSTRUCTS
    assert isinstance(data["description"], str) and data["description"].strip()
    assert "\n" not in data["description"]
    graph = data["call_graph"]
    assert isinstance(graph, dict)
    for caller, callees in graph.items():
        assert isinstance(caller, str) and isinstance(callees, list) and callees, caller
        assert all(isinstance(c, str) for c in callees) and len(set(callees)) == len(callees), caller
    files = [p for p in case.path.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert all(p.suffix in (".py", ".pyi") for p in files if p.name != "expected.json"), files
    mods = _modules(case.path)
    assert mods, "a case needs at least one .py file"
    names = set(graph) | {c for cs in graph.values() for c in cs}
    problems = [p for p in (_qualname_problem(q, mods) for q in sorted(names)) if p]
    assert not problems, problems


def test_qualname_scan_rejects_unknown_names(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "mod.py").write_text("class A:\n    def m(self):\n        pass\n\ng = lambda: 1\n")
    mods = _modules(tmp_path)
    assert set(mods) == {"pkg", "pkg.mod"}
    for ok in ("pkg", "pkg.mod", "pkg.mod.A", "pkg.mod.A.m", "pkg.mod.g"):
        assert _qualname_problem(ok, mods) is None, ok
    assert _qualname_problem("pkg.mod.<lambda1>", mods) is None
    for bad in ("pkg.other.f", "pkg.mod.B", "pkg.mod.A.n", "elsewhere.f", "pkg.mod.<lambda2>"):
        assert _qualname_problem(bad, mods) is not None, bad


# --- the resolver against the corpus -----------------------------------------------------------

def run_case(case, workdir: Path):
    """Index a copy of one case (without expected.json) and score its exported call graph."""
    from graphmind.query.export import call_graph
    from graphmind.index.indexer import index_workspace

    root = workdir / case.name
    shutil.copytree(case.path, root, ignore=shutil.ignore_patterns("expected.json", "__pycache__", ".graphmind"))
    try:
        index_workspace(root)
        actual = call_graph(root)
    except Exception as exc:  # scored as an empty graph, and reported
        return scorer.score_case(case, {}, error=f"{type(exc).__name__}: {exc}")
    return scorer.score_case(case, actual)


def test_callgraph_precision_recall(tmp_path):
    scores = [run_case(case, tmp_path) for case in CASES]
    _, overall = scorer.aggregate(scores)
    print()
    print(scorer.format_table(scores))
    details = scorer.format_details(scores)
    if details:
        print()
        print(details)
    errors = [f"{s.name}: {s.error}" for s in scores if s.error]
    assert not errors, errors
    floors = scorer.load_floors()
    assert overall.precision >= floors["precision"], f"precision {overall.precision:.3f} < {floors['precision']}"
    assert overall.recall >= floors["recall"], f"recall {overall.recall:.3f} < {floors['recall']}"
