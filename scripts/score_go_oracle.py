"""Precision and recall of graphmind's resolved method-call edges (`x.M()`, `pkg.F()`) on a Go package,
against go/types (scripts/go_oracle.go, run with Debian's Go toolchain: `apt-get install golang-go`;
the package's non-test files, standard-library imports only). Scored like scripts/score_ts_oracle.py.
A folder whose go.mod names a module is scored whole: its non-test files are laid out in a GOPATH
(GO111MODULE=off; other modules from Debian's /usr/share/gocode) and every package the go tool lists
under the module is checked, each package's imports of the module read from their sources.

Usage: python scripts/score_go_oracle.py PACKAGE_OR_MODULE_DIR [--misses FILE]
  e.g. python scripts/score_go_oracle.py ~/.cache/graphmind-corpora/goyaml-3.0.1-3
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from score_ts_oracle import misses_option, our_calls, score


def _module(project: Path, tmp: str) -> tuple[Path, list[str]]:
    """A module's non-test files copied into a GOPATH under tmp; (its root there, the oracle's lines)."""
    module = re.search(r"^module\s+(\S+)", (project / "go.mod").read_text(), re.M).group(1)
    gopath = Path(tmp) / "gopath"
    root = gopath / "src" / module
    shutil.copytree(project, root, ignore=lambda d, names: [n for n in names if n.endswith("_test.go")
                                                            or n in (".graphmind", ".fetched", "testdata")])
    env = dict(os.environ, GO111MODULE="off", GOFLAGS="", GOPATH=f"{gopath}:/usr/share/gocode")
    listed = subprocess.run(["go", "list", "-e", "-f", "{{.ImportPath}} {{.Dir}} {{join .GoFiles \" \"}}",
                             f"{module}/..."], capture_output=True, text=True, check=True, env=env, cwd=root).stdout
    oracle: list[str] = []
    for line in listed.splitlines():
        pkg, folder, *files = line.split()
        if not files:
            continue
        rel = Path(folder).relative_to(root)
        oracle += subprocess.run(["go", "run", str(Path(__file__).with_name("go_oracle.go")), str(root),
                                  *(str(rel / f) for f in files)], capture_output=True, text=True, check=True,
                                 cwd=tmp, env=dict(env, ORACLE_PKG=pkg)).stdout.splitlines()
    return root, oracle


def main(argv: list[str]) -> None:
    dump, argv = misses_option(argv)
    project = Path(argv[0])
    with tempfile.TemporaryDirectory() as tmp:
        if (project / "go.mod").is_file() and re.search(r"^module\s", (project / "go.mod").read_text(), re.M) \
                and any(p.is_dir() and any(p.rglob("*.go")) for p in project.iterdir()):
            root, oracle = _module(project, tmp)
            print(json.dumps(score(project.name, oracle, our_calls(root), dump)))
            return
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
