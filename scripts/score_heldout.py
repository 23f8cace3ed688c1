#!/usr/bin/env python3
"""Score graphmind's Python call graph against a held-out suite of small programs written by others.

Usage:
    python scripts/score_heldout.py DIR                 # table by category, overall, wrong/missing edges
    python scripts/score_heldout.py DIR --json          # one JSON line per category, then one overall
    python scripts/score_heldout.py DIR --kinds call,constructor,decorator,implicit
    python scripts/score_heldout.py DIR -k lambdas      # only cases whose path contains "lambdas"

DIR holds cases in the layout of a well-known public call-graph micro-benchmark: any folder under it
with a `callgraph.json` (`{"caller": ["callee", ...]}`) next to the case's `.py` files is a case, and
the first folder below DIR names its category (`DIR/lambdas/call/` is category `lambdas`). The suite
is not ours and is never committed: fetch it to a scratch folder. Each case is copied to a temporary
folder, indexed with `index_workspace`, and its resolved edges of the chosen kinds (default: the strict
call graph, `call` + `constructor` + `decorator`) are compared with `callgraph.json` as sets of
(caller, callee) pairs, with tests/callgraph/scorer.py.

Differences of convention, decided here (the suite's side is mapped to ours, or left out):
- Only in-workspace edges are scored: an expected edge whose caller or callee is not defined in the
  case's files (`<builtin>.len`, `<**PyStr**>.join`, a module that is not there such as `ext.Cls`) is
  dropped, as our exporter leaves callees outside the workspace out.
- Lambdas: the suite names the n-th lambda of a scope `<scope>.<lambdaN>` (counted in source order);
  we name a lambda bound to a single name after that name and any other the k-th such lambda of its
  scope, `<scope>.<lambdaK>` (graphmind/index/python/lambdas.py). Ours are renamed to the suite's form
  before comparing.
- Names are otherwise the same: module path with dots, then the scope chain; a class call reaching
  `__init__` is an edge to `Cls.__init__` on both sides (an `instantiate` edge to a class with no
  `__init__` is not in the strict kinds, and the suite has none either).
- Kept as differences, not mapped: calling a decorated function is an edge to the decorated function
  and to the wrapper the decorator returned in our corpus, to the wrapper only in the suite; implicit dunder calls of a `for`
  loop (`__iter__`, `__next__`) are `implicit` edges for us, outside the strict kinds.
Exit status: 0, 1 when a case failed to index, 2 when DIR holds no case.
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from score_callgraph import load_scorer, score_all

STRICT = ("call", "constructor", "decorator")


def module_name(rel: Path) -> str:
    parts = list(rel.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def definitions(root: Path) -> tuple[set[str], dict[str, str]]:
    """Every module, class and function name the case's files define (the suite's convention), and
    our name of each lambda -> the suite's `<lambdaN>` name (with the scopes above it renamed too)."""
    names: set[str] = set()
    renames: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        module = module_name(path.relative_to(root))
        names.add(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        theirs_seen: dict[str, int] = {}          # the suite counts every lambda of a scope
        ours_seen: dict[str, int] = {}            # we count the lambdas not bound to a single name

        def visit(node: ast.AST, children: list, ours: str, theirs: str) -> None:
            for child in children:
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(f"{theirs}.{child.name}")
                    if ours != theirs:
                        renames[f"{ours}.{child.name}"] = f"{theirs}.{child.name}"
                    outside = getattr(child, "decorator_list", []) + getattr(child, "bases", [])
                    visit(child, outside, ours, theirs)        # evaluated in the enclosing scope
                    visit(child, [c for c in ast.iter_child_nodes(child) if all(c is not o for o in outside)],
                          f"{ours}.{child.name}", f"{theirs}.{child.name}")
                    continue
                if isinstance(child, ast.Lambda):
                    n = theirs_seen[theirs] = theirs_seen.get(theirs, 0) + 1
                    suite = f"{theirs}.<lambda{n}>"
                    names.add(suite)
                    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                        mine = f"{ours}.{node.targets[0].id}"
                    else:
                        k = ours_seen[ours] = ours_seen.get(ours, 0) + 1
                        mine = f"{ours}.<lambda{k}>"
                    renames[mine] = suite
                    visit(child, list(ast.iter_child_nodes(child)), mine, suite)
                    continue
                visit(child, list(ast.iter_child_nodes(child)), ours, theirs)

        visit(tree, list(ast.iter_child_nodes(tree)), module, module)
    return names, renames


def load_cases(folder: Path, text: str) -> list:
    scorer = load_scorer()
    cases = []
    for graph in sorted(folder.rglob("callgraph.json")):
        rel = graph.parent.relative_to(folder)
        if text not in str(rel) or not any(graph.parent.glob("*.py")):
            continue
        known, _ = definitions(graph.parent)
        raw = json.loads(graph.read_text(encoding="utf-8"))
        expected = {caller: [c for c in callees if c in known] for caller, callees in raw.items() if caller in known}
        cases.append(scorer.Case(name=str(rel), construct=rel.parts[0], description="", path=graph.parent,
                                 expected={k: v for k, v in expected.items() if v}))
    return cases


def actual_graph(root: Path, kinds: tuple[str, ...]) -> dict[str, list[str]]:
    from graphmind.query.export import dependency_edges
    from graphmind.store import open_reader

    _, renames = definitions(root)
    conn = open_reader(root)
    try:
        rows = dependency_edges(conn)
    finally:
        conn.close()
    graph: dict[str, set[str]] = {}
    for row in rows:
        if row["kind"] in kinds:
            graph.setdefault(renames.get(row["caller"], row["caller"]), set()).add(
                renames.get(row["callee"], row["callee"]))
    return {k: sorted(v) for k, v in graph.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the suite's folder of categories")
    parser.add_argument("--kinds", default=",".join(STRICT), help="edge kinds scored (default: strict call graph)")
    parser.add_argument("--json", action="store_true", help="one JSON line per category and one overall")
    parser.add_argument("-k", dest="filter", default="", help="only cases whose path contains this")
    parser.add_argument("--no-details", action="store_true", help="leave out the wrong/missing edges")
    parser.add_argument("--record", metavar="NOTE", help="append the JSON lines, stamped, to "
                        "benchmarks/results/heldout.jsonl with this note (the suite's name and cut)")
    args = parser.parse_args(argv)

    scorer = load_scorer()
    cases = load_cases(args.folder, args.filter)
    if not cases:
        print(f"no case (a folder with callgraph.json and .py files) under {args.folder}", file=sys.stderr)
        return 2
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    with tempfile.TemporaryDirectory(prefix="graphmind-heldout-") as tmp:
        scores = score_all(cases, Path(tmp), lambda root: actual_graph(root, kinds), ("callgraph.json", "*.md"))
    if args.record:
        sys.path.insert(0, str(REPO / "benchmarks"))
        from benchkit import report
        report([json.loads(line) for line in scorer.json_lines(scores)], "heldout.jsonl",
               bench="heldout", kinds=list(kinds), note=args.record)
    elif args.json:
        print("\n".join(scorer.json_lines(scores)))
    else:
        print(scorer.format_report(scores, f"overall ({', '.join(kinds)})", not args.no_details))
    for s in scores:
        if s.error:
            print(f"error: {s.name}: {s.error}", file=sys.stderr)
    return 1 if any(s.error for s in scores) else 0


if __name__ == "__main__":
    sys.exit(main())
