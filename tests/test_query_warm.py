"""Queries compiled once, in the writer, before it forks parse workers: each worker inherits them instead of
compiling its own (a TypeScript or C++ tag query costs 0.1-0.3 s of CPU per process)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from graphmind.index import parser

PROBE = """
import sys
from pathlib import Path
from graphmind.index import parser
from graphmind.index.indexer import index_workspace
index_workspace(Path(sys.argv[1]), jobs=2)
print(parser.joint_query.cache_info().currsize)
"""


def test_a_forking_cold_index_compiles_the_queries_in_the_writer(tmp_path: Path):
    root = tmp_path / "proj"
    root.mkdir()
    for i in range(40):            # enough files for parse workers (indexer.SERIAL_BELOW)
        (root / f"m{i}.py").write_text(f"def f{i}(x):\n    return x + {i}\n\n\ndef g{i}():\n    return f{i}(1)\n")
    run = subprocess.run([sys.executable, "-c", PROBE, str(root)], capture_output=True, text=True, check=True)
    assert int(run.stdout) == 1        # Python's joint query (tags and flow), compiled here
    assert (root / ".graphmind" / "index.db").exists()


def test_warm_reports_the_languages_it_cannot_prepare():
    failed = parser.warm("python", "no-such-language")
    assert [name for name, _ in failed] == ["no-such-language"]
    assert parser.joint_query("python") is not None
