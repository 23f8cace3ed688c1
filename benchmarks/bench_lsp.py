"""`graphmind lsp` on a real project with the daemon warm: server start to first answer, and p50/p99 of
call hierarchy (prepare + incoming calls), references and definition over random definitions and
call sites, through a real LSP client over stdio (tests/lspkit.py).

    python benchmarks/bench_lsp.py [--corpus django] [--samples 200] [--append]

The corpus is copied, indexed (`graphmind index`), and served by `graphmind daemon start` before the
server starts, so the server attaches to a warm daemon as an editor's would. One JSON line per figure;
--append adds them to results/lsp.jsonl.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import apsw

import benchkit

sys.path.insert(0, str(benchkit.REPO / "tests"))
from lspkit import Client, uri  # noqa: E402


def _cli(root: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=root, check=True, capture_output=True)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / args.corpus
        shutil.copytree(benchkit.corpus_path(args.corpus), root)
        benchkit.log(f"indexing {root}")
        _cli(root, "index", ".")
        _cli(root, "daemon", "start")
        try:
            _cli(root, "status", "--wait-fresh", "600")     # the daemon warm: its start-up reconcile done
            conn = apsw.Connection(str(root / ".graphmind" / "index.db"), flags=apsw.SQLITE_OPEN_READONLY)
            rng = random.Random(11)
            defs = rng.sample(list(conn.execute(
                "SELECT f.path, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id"
                " WHERE s.kind IN ('function', 'method', 'class')")), args.samples)
            sites = rng.sample(list(conn.execute(
                "SELECT f.path, c.line, c.col + length(c.callee) - 1 FROM calls c JOIN files f ON f.id = c.file_id"
                " WHERE c.target_id IS NOT NULL AND c.kind = 'call' AND c.resolution NOT IN ('possible', 'pending')")),
                args.samples)
            conn.close()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            probe = Client(root)                        # start, initialize, one answer, exit: its CPU time,
            probe.initialize(root)                      # which a loaded machine does not inflate as it does wall time
            probe.request("workspace/symbol", {"query": "get"})
            probe.close()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            start_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            started = time.perf_counter()
            client = Client(root)
            client.initialize(root)
            initialized = time.perf_counter() - started
            first_path, first_line = defs[0]
            client.request("textDocument/prepareCallHierarchy", {"textDocument": {"uri": uri(root / first_path)},
                                                                 "position": {"line": first_line - 1, "character": 0}})
            first = time.perf_counter() - started
            hierarchy, refs, found = [], [], []
            for path, line in defs:
                doc = {"textDocument": {"uri": uri(root / path)}, "position": {"line": line - 1, "character": 0}}
                t = time.perf_counter()
                items = client.request("textDocument/prepareCallHierarchy", doc)
                if items:
                    client.request("callHierarchy/incomingCalls", {"item": items[0]})
                hierarchy.append(time.perf_counter() - t)
                t = time.perf_counter()
                client.request("textDocument/references", {**doc, "context": {"includeDeclaration": False}})
                refs.append(time.perf_counter() - t)
            for path, line, col in sites:
                t = time.perf_counter()
                client.request("textDocument/definition", {"textDocument": {"uri": uri(root / path)},
                                                           "position": {"line": line - 1, "character": col}})
                found.append(time.perf_counter() - t)
            client.close()
        finally:
            _cli(root, "daemon", "stop")
    load = os.getloadavg()[0]
    lines = [{"figure": "lsp_start_to_first_answer_s", "value": round(first, 3)},
             {"figure": "lsp_start_to_initialized_s", "value": round(initialized, 3)},
             {"figure": "lsp_start_to_first_answer_cpu_s", "value": round(start_cpu, 3)}]
    for name, values in (("call_hierarchy", hierarchy), ("references", refs), ("definition", found)):
        lines += [{"figure": f"lsp_{name}_p50_ms", "value": _pct(values, 0.5)},
                  {"figure": f"lsp_{name}_p99_ms", "value": _pct(values, 0.99)},
                  {"figure": f"lsp_{name}_median_ms", "value": round(1000 * statistics.median(values), 2)}]
    benchkit.report(lines, "lsp.jsonl" if args.append else None, corpus=args.corpus, samples=args.samples,
                    load=round(load, 2))


if __name__ == "__main__":
    main()
