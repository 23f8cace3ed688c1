"""A cold index, this tree against a baseline tree (the old code), alternated on copies of one corpus:
wall seconds, peak RSS of the main process and of the largest worker, CPU, medians and their ratio.

    git archive <base> | tar -x -C BASE_DIR
    python benchmarks/bench_cold.py --baseline BASE_DIR [BASE_DIR ...] [--corpus django] [--runs 3] [--append]

Several baselines run in the same loop (each named by its folder, e.g. the commit archived there:
`baseline` in its lines; one baseline alone keeps the tree name `old`). One JSON line per figure;
--append adds them to results/cold.jsonl. The load average is recorded: on a shared machine the
ratio of medians means more than either absolute time.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
from pathlib import Path

import benchkit
from bench_index import run_graphmind

HERE = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", type=Path, nargs="+", required=True)
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    bases = args.baseline
    trees = {"new": HERE, **({"old": bases[0].resolve()} if len(bases) == 1 else {b.name: b.resolve() for b in bases})}
    runs: dict[str, list[dict]] = {k: [] for k in trees}
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory(prefix="gm-cold-") as tmp:
        root = Path(tmp) / args.corpus
        shutil.copytree(benchkit.corpus_path(args.corpus), root, ignore=shutil.ignore_patterns(".graphmind"))
        for i in range(args.runs):
            for k in (list(trees) if i % 2 == 0 else list(reversed(list(trees)))):
                shutil.rmtree(root / ".graphmind", ignore_errors=True)
                os.environ["PYTHONPATH"] = str(trees[k])
                res = run_graphmind(root, ["index", "--json", "."], Path(tmp))
                benchkit.log(f"{k} run {i + 1}: {res['wall']:.1f}s")
                runs[k].append(res)
    load.append(os.getloadavg()[0])
    lines = []
    for k, rs in runs.items():
        lines.append({"metric": "cold_index", "tree": k, "corpus": args.corpus, "runs": len(rs),
                      "wall_median_s": round(statistics.median(r["wall"] for r in rs), 2),
                      "walls": [round(r["wall"], 2) for r in rs],
                      "main_maxrss_mb": round(max(r["rusage"]["self_maxrss_kb"] for r in rs) / 1024, 1),
                      "largest_worker_maxrss_mb": round(max(r["rusage"]["children_maxrss_kb"] for r in rs) / 1024, 1),
                      "cpu_s_median": round(statistics.median(r["rusage"]["self_cpu_s"] + r["rusage"]["children_cpu_s"]
                                                              for r in rs), 1),
                      "symbols": rs[-1]["summary"]["symbols"], "edges": rs[-1]["summary"]["edges"],
                      "loadavg_start_end": load})
    for line in lines[1:]:
        line["baseline"] = trees[line["tree"]].name
    lines.extend({"metric": "cold_index_ratio", "corpus": args.corpus, "baseline": line["baseline"],
                  "old_over_new_wall": round(line["wall_median_s"] / lines[0]["wall_median_s"], 2)} for line in lines[1:])
    benchkit.report(lines, "cold.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
