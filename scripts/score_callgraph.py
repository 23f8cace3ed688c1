#!/usr/bin/env python3
"""Score graphmind's resolved Python call edges against the corpus in tests/callgraph/cases.

Usage:
    python scripts/score_callgraph.py            # per-construct table, overall figures, wrong/missing edges
    python scripts/score_callgraph.py --json     # one JSON line per construct, then one overall
    python scripts/score_callgraph.py -k super   # only cases whose name contains "super"

Each case is copied (without expected.json) into a temporary directory, indexed with
graphmind.index.indexer.index_workspace and exported with graphmind.query.export.call_graph.
Exit status: 0, or 1 when a case failed to index/export.
"""
from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def load_scorer():
    name = "graphmind_callgraph_scorer"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "tests" / "callgraph" / "scorer.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def score_all(cases, workdir: Path, graph=None, skip: tuple[str, ...] = ("expected.json",)):
    """Each case copied (without the `skip` patterns) under workdir, indexed and scored on `graph(root)`
    (default: graphmind.query.export.call_graph); a case that fails is scored empty, with its error."""
    from graphmind.index.indexer import index_workspace
    if graph is None:
        from graphmind.query.export import call_graph as graph

    scorer = load_scorer()
    scores = []
    for n, case in enumerate(cases):
        root = workdir / str(n)
        shutil.copytree(case.path, root, ignore=shutil.ignore_patterns(*skip, "__pycache__", ".graphmind"))
        try:
            index_workspace(root)
            actual = graph(root)
        except Exception as exc:  # scored as an empty graph, and reported
            scores.append(scorer.score_case(case, {}, error=f"{type(exc).__name__}: {exc}"))
            continue
        scores.append(scorer.score_case(case, actual))
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON line per construct and one overall")
    parser.add_argument("-k", dest="filter", default="", help="only cases whose name contains this")
    parser.add_argument("--no-details", action="store_true", help="leave out the wrong/missing edges")
    args = parser.parse_args(argv)

    scorer = load_scorer()
    cases = [c for c in scorer.load_cases() if args.filter in c.name]
    if not cases:
        print("no case matches", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="graphmind-callgraph-") as tmp:
        scores = score_all(cases, Path(tmp))

    if args.json:
        print("\n".join(scorer.json_lines(scores)))
    else:
        print(scorer.format_report(scores, "overall", not args.no_details))
    errors = [s for s in scores if s.error]
    for s in errors:
        print(f"error: {s.name}: {s.error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
