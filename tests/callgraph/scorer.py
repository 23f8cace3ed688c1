"""Scoring of resolved Python call edges against the hand-written ground truth in `cases/`.

Pure functions only: loading the cases, comparing an actual call graph with an expected one as sets
of (caller, callee) pairs, micro-averaged totals per construct and overall, and text/JSON reports.
Nothing here indexes or runs anything (see tests/test_callgraph.py and scripts/score_callgraph.py).

Vacuous ratios: precision with no predicted edge (TP + FP == 0) and recall with no expected edge
(TP + FN == 0) are 1.0, and the table shows them as "-".
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

CASES_DIR = Path(__file__).resolve().parent / "cases"
FLOORS_FILE = Path(__file__).resolve().parent / "floors.json"

# The constructs a case may belong to (the part of its folder name before "__").
CONSTRUCTS = (
    "scopes_locals", "closures", "class_body", "module_globals", "builtins_shadowing",
    "import_module", "from_import", "relative_import", "reexport_init", "star_import",
    "conditional_import", "alias_chain", "constructor", "self_method", "cls_method",
    "inheritance_mro", "diamond", "super_call", "nested_class", "property", "local_flow",
    "attr_flow", "return_type", "annotations", "callbacks", "dispatch_tables", "partial",
    "lambdas", "generators", "context_managers", "decorators", "operators", "unknown_receiver",
    "mutual_recursion", "shadowing", "closures_returned", "same_name_modules", "param_flow", "registries",
    "iteration", "attr_holds", "conditional_receiver", "isinstance_narrowing",
)

Edge = tuple[str, str]
Graph = Mapping[str, Iterable[str]]


@dataclass(frozen=True)
class Case:
    """One ground-truth case: a tiny workspace folder plus its expected call graph."""
    name: str
    construct: str
    description: str
    path: Path
    expected: dict[str, list[str]]


def load_case(path: Path) -> Case:
    data = json.loads((path / "expected.json").read_text(encoding="utf-8"))
    return Case(name=path.name, construct=data["construct"], description=data["description"],
                path=path, expected=data["call_graph"])


def load_cases(cases_dir: Path = CASES_DIR) -> list[Case]:
    """Every case folder (one holding an expected.json), sorted by name."""
    return [load_case(p) for p in sorted(cases_dir.iterdir()) if (p / "expected.json").is_file()]


def load_floors(path: Path = FLOORS_FILE) -> dict[str, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {"precision": float(data["precision"]), "recall": float(data["recall"])}


def edges(graph: Graph) -> set[Edge]:
    """A call graph {caller: [callee, ...]} as a set of (caller, callee) pairs (duplicates collapse)."""
    return {(caller, callee) for caller, callees in graph.items() for callee in callees}


def ratio(num: int, den: int) -> float:
    return num / den if den else 1.0


@dataclass
class CaseScore:
    """TP/FP/FN of one case, as sets of (caller, callee) pairs."""
    name: str
    construct: str
    tp: set[Edge] = field(default_factory=set)
    fp: set[Edge] = field(default_factory=set)
    fn: set[Edge] = field(default_factory=set)
    error: str | None = None  # set when indexing/exporting the case failed

    @property
    def perfect(self) -> bool:
        return not self.fp and not self.fn and self.error is None


def compare(actual: Graph, expected: Graph) -> tuple[set[Edge], set[Edge], set[Edge]]:
    """(TP, FP, FN) of an actual call graph against the expected one."""
    got, want = edges(actual), edges(expected)
    return got & want, got - want, want - got


def score_case(case: Case, actual: Graph, error: str | None = None) -> CaseScore:
    tp, fp, fn = compare(actual, case.expected)
    return CaseScore(case.name, case.construct, tp, fp, fn, error)


@dataclass
class Totals:
    """Micro-averaged counts over a group of cases."""
    cases: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, score: CaseScore) -> None:
        self.cases += 1
        self.tp += len(score.tp)
        self.fp += len(score.fp)
        self.fn += len(score.fn)

    @property
    def precision(self) -> float:
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return ratio(self.tp, self.tp + self.fn)

    def as_dict(self) -> dict:
        return {"cases": self.cases, "tp": self.tp, "fp": self.fp, "fn": self.fn,
                "precision": round(self.precision, 4), "recall": round(self.recall, 4)}


def aggregate(scores: Iterable[CaseScore]) -> tuple[dict[str, Totals], Totals]:
    """Totals per construct (sorted by construct name) and overall."""
    per: dict[str, Totals] = {}
    overall = Totals()
    for s in scores:
        per.setdefault(s.construct, Totals()).add(s)
        overall.add(s)
    return dict(sorted(per.items())), overall


def _fmt_ratio(num: int, den: int) -> str:
    return f"{num / den:.3f}" if den else "-"


def format_table(scores: Iterable[CaseScore]) -> str:
    """A fixed-width table: construct, cases, TP, FP, FN, precision, recall, then the overall row."""
    per, overall = aggregate(scores)
    width = max([len("construct"), len("OVERALL")] + [len(c) for c in per])
    head = f"{'construct':<{width}}  {'cases':>5}  {'TP':>5}  {'FP':>5}  {'FN':>5}  {'precision':>9}  {'recall':>6}"
    lines = [head, "-" * len(head)]

    def row(name: str, t: Totals) -> str:
        return (f"{name:<{width}}  {t.cases:>5}  {t.tp:>5}  {t.fp:>5}  {t.fn:>5}  "
                f"{_fmt_ratio(t.tp, t.tp + t.fp):>9}  {_fmt_ratio(t.tp, t.tp + t.fn):>6}")

    lines += [row(name, t) for name, t in per.items()]
    lines += ["-" * len(head), row("OVERALL", overall)]
    return "\n".join(lines)


def format_details(scores: Iterable[CaseScore]) -> str:
    """The wrong (FP) and missing (FN) edges of every imperfect case, for debugging."""
    out = []
    for s in sorted(scores, key=lambda s: s.name):
        if s.perfect:
            continue
        out.append(f"{s.name}:")
        if s.error:
            out.append(f"  ERROR {s.error}")
        out += [f"  FP  {a} -> {b}" for a, b in sorted(s.fp)]
        out += [f"  FN  {a} -> {b}" for a, b in sorted(s.fn)]
    return "\n".join(out)


def format_report(scores: list[CaseScore], label: str = "overall", details: bool = True) -> str:
    """The table, the overall line and (unless `details` is False) the wrong/missing edges per case."""
    _, overall = aggregate(scores)
    out = [format_table(scores),
           f"\n{label}: {overall.cases} cases, precision {overall.precision:.3f}, "
           f"recall {overall.recall:.3f} (TP {overall.tp}, FP {overall.fp}, FN {overall.fn})"]
    text = format_details(scores) if details else ""
    return "\n".join(out + (["\n" + text] if text else []))


def json_lines(scores: Iterable[CaseScore]) -> list[str]:
    """One JSON object per construct, then one for the overall figures."""
    per, overall = aggregate(scores)
    lines = [json.dumps({"construct": name, **t.as_dict()}) for name, t in per.items()]
    lines.append(json.dumps({"construct": "OVERALL", **overall.as_dict()}))
    return lines
