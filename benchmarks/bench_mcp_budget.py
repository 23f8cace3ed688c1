"""Do MCP answers fit their budget whole on a real project? For each budgeted tool, the answers to 10
questions chosen to be large on Django (hubs, long definitions, common words), counted as the agent
receives them: text plus structured content (compact JSON), one estimator (graphmind/tokens.py).

Usage: python benchmarks/bench_mcp_budget.py --index DIR [--append]

DIR: an indexed copy of the Django corpus. One JSON line per tool: the 10 answers' largest cost, the
budget, how many exceed it, and how many exceed it only by the one-row floor (a page shows at least
one row). The server runs with --no-daemon, through the SDK's stdio client.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

from benchkit import corpus_version, log, report

HUBS = ("SELECT s.qualname FROM calls c JOIN symbols s ON s.id = c.target_id JOIN files f ON f.id = s.file_id"
        " WHERE s.kind IN ('function', 'method') AND f.path NOT LIKE 'tests/%' GROUP BY s.id ORDER BY count(*) DESC LIMIT 10")
CALLERS = ("SELECT s.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN files f ON f.id = s.file_id"
           " WHERE s.kind IN ('function', 'method') AND c.target_id IS NOT NULL AND f.path NOT LIKE 'tests/%'"
           " GROUP BY s.id ORDER BY count(DISTINCT c.target_id) DESC LIMIT 10")
LONGEST = ("SELECT s.qualname FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind IN ('function', 'method')"
           " AND f.path NOT LIKE 'tests/%' ORDER BY s.end_line - s.start_line DESC LIMIT 10")
HUB_FILES = ("SELECT f.path, s.start_line FROM calls c JOIN symbols s ON s.id = c.target_id JOIN files f ON f.id = s.file_id"
             " WHERE s.kind IN ('function', 'method') AND f.path NOT LIKE 'tests/%' GROUP BY s.id ORDER BY count(*) DESC LIMIT 10")
WORDS = ["get", "save", "model", "form", "field", "request", "query", "cache", "render", "url"]


def questions(root: Path) -> dict[str, list[dict]]:
    from graphmind.store import open_reader
    conn = open_reader(root)
    hubs = [r[0] for r in conn.execute(HUBS)]
    return {"blast_radius": [{"symbol": h} for h in hubs], "callers": [{"symbol": h} for h in hubs],
            "callees": [{"symbol": r[0], "depth": 2} for r in conn.execute(CALLERS)],
            "symbol_source": [{"symbol": r[0]} for r in conn.execute(LONGEST)],
            "find_symbol": [{"query": w} for w in WORDS], "search": [{"query": w} for w in WORDS],
            "change_impact": [{"ranges": [f"{p}:{line}"]} for p, line in conn.execute(HUB_FILES)]}


async def ask(root: Path, asked: dict[str, list[dict]]) -> dict[str, list]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp", "--no-daemon", "--root",
                                                                  str(root)],
                                   env={"PYTHONUTF8": "1", "PATH": os.environ.get("PATH", "")}, cwd=str(root))
    out: dict[str, list] = {}
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=600) as session:
                await session.initialize()
                for tool, calls in asked.items():
                    out[tool] = [await session.call_tool(tool, args) for args in calls]
                    log(f"{tool}: {len(calls)} answers")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    from graphmind import budget
    asked = questions(args.index)
    answers = anyio.run(ask, args.index, asked)
    lines = []
    for tool, results in answers.items():
        limit = budget.SOURCE_TOKENS if tool == "symbol_source" else budget.DEFAULT_TOKENS
        costs, floor, errors = [], 0, 0
        for res in results:
            if res.is_error:
                errors += 1
                continue
            sc = res.structured_content
            cost = budget.answer_tokens(res.content[0].text, sc)
            costs.append(cost)
            floor += cost > limit and bool(sc.get("cut")) and sc["cut"]["shown"] == 1
        lines.append({"figure": "mcp_answer_tokens", "corpus": f"django-{corpus_version('django')}", "tool": tool,
                      "answers": len(costs), "errors": errors, "budget": limit, "max_tokens_seen": max(costs, default=0),
                      "over_budget": sum(c > limit for c in costs), "over_by_one_row_floor": floor,
                      "median_tokens": sorted(costs)[len(costs) // 2] if costs else 0})
    report(lines, "mcp.jsonl" if args.append else None)


if __name__ == "__main__":
    main()
