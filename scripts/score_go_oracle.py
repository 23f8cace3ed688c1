"""Precision and recall of graphmind's resolved method-call edges (`x.M()`, `pkg.F()`) on a Go package,
against go/types (scripts/go_oracle.go, run with Debian's Go toolchain: `apt-get install golang-go`;
the package's non-test files, standard-library imports only). Scored like scripts/score_ts_oracle.py.

Usage: python scripts/score_go_oracle.py PACKAGE_DIR [--misses FILE]
  e.g. python scripts/score_go_oracle.py ~/.cache/graphmind-corpora/goyaml-3.0.1-3
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from score_ts_oracle import misses_option, our_calls, score


def main(argv: list[str]) -> None:
    dump, argv = misses_option(argv)
    project = Path(argv[0])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / project.name
        root.mkdir()
        files = sorted(p.name for p in project.glob("*.go") if not p.name.endswith("_test.go"))
        for name in [*files, "go.mod"]:
            if (project / name).is_file():
                shutil.copyfile(project / name, root / name)
        oracle = subprocess.run(["go", "run", str(Path(__file__).with_name("go_oracle.go")), str(root), *files],
                                capture_output=True, text=True, check=True, cwd=tmp).stdout.splitlines()
        ours = our_calls(root)
    print(json.dumps(score(project.name, oracle, ours, dump)))


if __name__ == "__main__":
    main(sys.argv[1:])
