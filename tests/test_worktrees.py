"""A second worktree of a repository parses only content never seen in any worktree: the extraction
cache lives in the repository's common git directory (graphmind/index/reuse.py), with real daemons."""
from __future__ import annotations

import json

from conftest import copy_repo, run_cli
from daemonkit import assert_same_graph, start_daemon, stop_daemon, wait_fresh
from graphmind.index import reuse
from graphmind.store import index_path
from test_impact import git


def status(root) -> dict:
    return json.loads(run_cli("status", "--json", cwd=root, check=True).stdout)


def test_a_second_worktree_reuses_the_first_ones_extractions(tmp_path, no_leaks):
    main = copy_repo("shop", tmp_path)
    git(main, "init", "-q", "-b", "main")
    git(main, "add", "-A")
    git(main, "commit", "-q", "-m", "shop")
    second = tmp_path / "second"
    git(main, "worktree", "add", "-q", "-b", "feature", str(second))
    assert reuse.cache_path(second) == reuse.cache_path(main) == (main / ".git" / "graphmind" / "extractions.db").resolve()

    pid = start_daemon(main)                     # no index yet: the daemon indexes, parsing everything
    try:
        wait_fresh(main)
    finally:
        stop_daemon(main, pid)
    first = status(main)["reuse"]
    assert first["parsed"] > 0 and first["reused"] == 0

    (second / "shop" / "extra.py").write_text("def only_here():\n    return 1\n")   # content no worktree has
    pid = start_daemon(second)
    try:
        wait_fresh(second)
    finally:
        stop_daemon(second, pid)
    other = status(second)["reuse"]
    assert other["parsed"] == 1                  # only the new file
    assert other["reused"] == first["parsed"]
    assert other["cache_file"] == first["cache_file"]

    (second / "shop" / "extra.py").unlink()      # the same tree as main: the same graph
    run_cli("index", ".", cwd=second, check=True)
    assert_same_graph(index_path(main), index_path(second))
