"""Precision and recall of graphmind's resolved method-call edges (`a.b(…)`) on a Java project, against
javac's own resolution (scripts/JavaOracle.java, run with the JDK's `java`; the project must compile
with the JDK alone). Scored like scripts/score_ts_oracle.py (same rules, same JSON line).

Usage: python scripts/score_java_oracle.py PROJECT_DIR [SUBFOLDER] [--misses FILE]
  e.g. python scripts/score_java_oracle.py ~/.cache/graphmind-corpora/jpype-1.5.0 native/java
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from score_ts_oracle import byte_columns, misses_option, our_calls, score


def main(argv: list[str]) -> None:
    dump, argv = misses_option(argv)
    project = Path(argv[0])
    sub = argv[1] if len(argv) > 1 else "."
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / project.name
        shutil.copytree(project / sub, root / sub, ignore=shutil.ignore_patterns(".graphmind"))
        files = sorted(str(p.relative_to(root)) for p in (root / sub).rglob("*.java"))
        oracle = subprocess.run(["java", str(Path(__file__).with_name("JavaOracle.java")), str(root), *files],
                                capture_output=True, text=True, check=True).stdout.splitlines()
        oracle = byte_columns(root, oracle)
        ours = our_calls(root)
    print(json.dumps(score(project.name, oracle, ours, dump)))


if __name__ == "__main__":
    main(sys.argv[1:])
