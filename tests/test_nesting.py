"""A function that stores its own result in the container it returns (SymPy's `_desolve`:
`retdict[i] = _desolve(...)`, `return retdict`) gives values nested one level deeper each time its
cycle is evaluated again; nesting is bounded (containers.MAX_NESTING), so the evaluation settles.
Before, indexing this file never finished: it runs in a subprocess, with a guard against a hang."""
from __future__ import annotations

import json
import subprocess
import sys

SOLVER = '''class Result:
    def show(self):
        return "r"


def solve(eq, hints):
    found = {}
    for hint in hints:
        if hint:
            found[hint] = solve(eq, [])
        else:
            found[hint] = Result()
    return found


def main():
    answer = solve(1, [2])
    answer[2][3].show()
'''

SCRIPT = """
import json, sys
from pathlib import Path
from graphmind.index.indexer import index_workspace
from graphmind.query.export import call_graph
index_workspace(Path(sys.argv[1]))
print(json.dumps(call_graph(Path(sys.argv[1]))))
"""


def test_a_function_storing_its_result_in_what_it_returns_settles(tmp_path):
    (tmp_path / "solver.py").write_text(SOLVER)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True,
                          timeout=600, check=True)      # a hang guard, not a measure
    graph = json.loads(done.stdout)
    assert graph["solver.main"] == ["solver.Result.show", "solver.solve"]
    assert graph["solver.solve"] == ["solver.Result", "solver.solve"]
