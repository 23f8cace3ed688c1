"""The README cannot drift from the code: its example commands are run on the fixtures they describe and
must print what it shows; its kinds list, corpus size and figures are checked against their sources."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import REPOS, copy_repo, run_cli
from graphmind.edgekinds import ALL_KINDS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
# which fixture each example runs on: the shop for refunds, the py dependency fixture for billing
FIXTURE = {"process_refund": "shop", "billing.": "deps/py"}


def examples() -> list[tuple[str, str]]:
    """(command, the output shown) for every ```-block that starts with `$ graphmind`."""
    found = []
    for block in re.findall(r"```\n(\$ graphmind[^\n]*)\n(.*?)```", README, re.S):
        found.append((block[0][2:], block[1].rstrip("\n")))
    return found


def _fixture(command: str) -> str:
    return next(name for key, name in FIXTURE.items() if key in command)


@pytest.mark.parametrize("command, shown", examples(), ids=lambda v: v.split("\n")[0][:40])
def test_each_readme_example_prints_what_the_readme_shows(tmp_path, command, shown):
    from graphmind.index.indexer import index_workspace
    name = _fixture(command)
    if "/" in name:
        import shutil
        root = tmp_path / name.replace("/", "_")
        shutil.copytree(REPOS / name, root)
    else:
        root = copy_repo(name, tmp_path)
    index_workspace(root)
    out = run_cli(*command.split()[1:], cwd=root, check=True).stdout.rstrip("\n")
    assert out == shown, f"README example `{command}` prints:\n{out}"


def test_there_are_examples_to_check():
    assert len(examples()) >= 2


def test_the_kinds_list_names_every_edge_kind():
    para = README[README.index("Blast radius follows every kind of dependency"):]
    para = para[:para.index("```")]
    named = set(re.findall(r"`(\w+)`", para))
    assert set(ALL_KINDS) <= named, sorted(set(ALL_KINDS) - named)


def test_the_call_graph_corpus_size_is_the_number_of_cases():
    cases = [p for p in (ROOT / "tests" / "callgraph" / "cases").iterdir() if (p / "expected.json").is_file()]
    said = re.search(r"hand-written corpus of (\d+) Python programs", README)
    assert said and int(said[1]) == len(cases), (said and said[1], len(cases))


def test_the_views_figure_is_a_recorded_measurement():
    """docs/cli.md's HTML render time of the Django hub is one benchmarks/results/views.jsonl records."""
    doc = (ROOT / "docs" / "cli.md").read_text()
    said = re.search(r"\(([\d,]+) symbols\) is drawn ([\d.]+) s after navigation", doc)
    assert said
    nodes, seconds = int(said[1].replace(",", "")), float(said[2])
    rows = [json.loads(line) for line in (ROOT / "benchmarks" / "results" / "views.jsonl").read_text().splitlines()]
    assert any(r["nodes"] == nodes and round(r["navigation_to_drawn_s"], 1) == seconds for r in rows), rows
