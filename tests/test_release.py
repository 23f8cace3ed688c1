"""What a new user meets first: the distribution's name, its licence, `graphmind --version`, the MCP
server's version."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent


def test_distribution_name_is_not_the_taken_one_and_licence_ships():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "graphmind-code"          # `graphmind` on the public index is another project
    assert project["scripts"] == {"graphmind": "graphmind.cli:main"}
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "the graphmind authors" in (ROOT / "LICENSE").read_text() and "MIT License" in (ROOT / "LICENSE").read_text()
    assert len(project["classifiers"]) >= 5 and "mcp" in project["keywords"]


def test_readme_and_docs_name_the_distribution():
    readme = (ROOT / "README.md").read_text()
    assert "pip install graphmind-code" in readme
    assert "pip install graphmind\n" not in readme and "pip install graphmind " not in readme


def test_version_flag_prints_the_installed_version(tmp_path):
    proc = run_cli("--version", cwd=tmp_path, check=True)
    assert re.fullmatch(r"graphmind (\S+) \(graphmind-code\)\n", proc.stdout)
    assert proc.stdout.split()[1] == metadata.version("graphmind-code")


def test_docs_and_scripts_name_no_machine_specific_paths():
    # top-level folders of one machine's layout, and numbered virtualenvs (spelled in parts, so this
    # test does not name them itself)
    roots = ("work", "root", "home", "tmp", "opt")
    machine = re.compile("|".join(rf"/{r}/\w" for r in roots) + r"|venv" + r"-\d")
    files = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "benchmarks").glob("*.py"),
             ROOT / "benchmarks" / "README.md", *(ROOT / "scripts").glob("*.py")]
    found = [f"{p.relative_to(ROOT)}:{n}" for p in files
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if machine.search(line)]
    assert found == []
