"""MCP answers as an agent gets them with no daemon started by anyone: `callers` p50 through a real
MCP client over stdio, and how soon an edit shows in the next answer, this tree against a baseline
tree (the old code), both servers open at once and called alternately.

    git archive <base> | tar -x -C BASE_DIR
    python benchmarks/bench_mcp.py --baseline BASE_DIR [--corpus django] [--calls 40] [--edits 5] [--append]

Each tree gets its own copy of the corpus, indexed beforehand by that tree (`graphmind index`), so
both measure a warm workspace. One JSON line per figure; --append adds them to results/mcp.jsonl.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

import benchkit

HERE = Path(__file__).resolve().parents[1]
TARGET = "django.shortcuts.get_object_or_404"
EDITED = "django/contrib/flatpages/views.py"


@contextlib.asynccontextmanager
async def session(tree: Path, root: Path, log: Path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp", "--root", str(root)],
                                   env={"PYTHONPATH": str(tree), "PATH": os.environ.get("PATH", ""),
                                        "PYTHONUTF8": "1"}, cwd=str(root))
    with open(log, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=1200) as s:
                await s.initialize()
                yield s


async def timed(s: ClientSession, symbol: str = TARGET):
    t = time.perf_counter()
    res = await s.call_tool("callers", {"symbol": symbol})
    assert not res.is_error, res.content
    return time.perf_counter() - t, res


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


async def bench(trees: dict[str, Path], roots: dict[str, Path], tmp: Path, calls: int, edits: int) -> list[dict]:
    out = []
    async with contextlib.AsyncExitStack() as stack:
        sess = {k: await stack.enter_async_context(session(trees[k], roots[k], tmp / f"{k}.log")) for k in trees}
        first = {k: (await timed(sess[k]))[0] for k in trees}
        lat = {k: [] for k in trees}
        for i in range(calls):
            for k in (list(trees) if i % 2 == 0 else list(reversed(list(trees)))):
                lat[k].append((await timed(sess[k]))[0])
        seen = {k: [] for k in trees}
        for i in range(edits):
            for k in trees:
                path = roots[k] / EDITED
                path.write_text(path.read_text() + f"\n\ndef bench_probe_{i}(request):\n    return get_object_or_404(request)\n")
                dt, res = await timed(sess[k])
                names = {c["symbol"] for c in res.structured_content["callers"]}
                assert any(n.endswith(f"bench_probe_{i}") for n in names), (k, i)
                seen[k].append(dt)
        load = os.getloadavg()[0]
        for k in trees:
            out.append({"metric": "mcp_callers", "tree": k, "first_call_s": round(first[k], 3),
                        "p50_ms": round(1000 * statistics.median(lat[k]), 1), "p90_ms": round(1000 * pct(lat[k], 0.9), 1),
                        "edit_then_call_median_ms": round(1000 * statistics.median(seen[k]), 1),
                        "edit_then_call_max_ms": round(1000 * max(seen[k]), 1), "calls": calls, "edits": edits,
                        "loadavg_end": load})
    ratio = {"metric": "mcp_callers_ratio", "old_over_new_p50": round(out[1]["p50_ms"] / out[0]["p50_ms"], 2),
             "old_over_new_edit": round(out[1]["edit_then_call_median_ms"] / out[0]["edit_then_call_median_ms"], 2)}
    return out + [ratio]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", type=Path, required=True)
    ap.add_argument("--corpus", default="django")
    ap.add_argument("--calls", type=int, default=40)
    ap.add_argument("--edits", type=int, default=5)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    trees = {"new": HERE, "old": args.baseline.resolve()}
    with tempfile.TemporaryDirectory(prefix="gm-mcp-") as tmp:
        roots = benchkit.indexed_copies(trees, args.corpus, Path(tmp))
        load = os.getloadavg()[0]
        lines = anyio.run(bench, trees, roots, Path(tmp), args.calls, args.edits)
    benchkit.report(lines, "mcp.jsonl" if args.append else None, corpus=args.corpus, loadavg_start=load)


if __name__ == "__main__":
    main()
