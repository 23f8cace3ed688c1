"""Fault suite, input: pathological files are indexed under limits (depth, time, size, file type),
one bad file never stops the rest, and long chains cost time linear in their length.

Each case was reproduced first on the code before the fix (the figures in the comments); each runs in
a subprocess bounded by a timeout, so a hang or a quadratic corner fails instead of blocking the suite.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import apsw
import pytest

from graphmind import config
from graphmind.index import parser
from graphmind.index.filework import process_file
from graphmind.models import FileInfo
from graphmind.query.export import call_graph
from graphmind.store import index_path

OK = "def f():\n    return g()\n\n\ndef g():\n    pass\n"


def bounded(cmd: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess:
    """Run cmd in its own process group; past `timeout` s the whole group (workers too) is killed."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONUTF8="1"), start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def graphmind(*args: str, cwd: Path, timeout: float, data_limit: int | None = None) -> subprocess.CompletedProcess:
    """`graphmind ARGS` in a subprocess killed after `timeout` s (optionally with a data-size limit)."""
    limit = f"resource.setrlimit(resource.RLIMIT_DATA, ({data_limit}, {data_limit}))" if data_limit else ""
    code = ("import resource, runpy, sys\n" + limit + "\nsys.argv = ['graphmind', *sys.argv[1:]]\n"
            "runpy.run_module('graphmind', run_name='__main__')")
    return bounded([sys.executable, "-c", code, *args], cwd, timeout)


def statuses(root: Path) -> dict[str, tuple[str, str | None]]:
    conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return {p: (s, e) for p, s, e in conn.execute("SELECT path, status, error FROM files")}
    finally:
        conn.close()


def test_a_deep_concatenation_is_partial_and_the_rest_is_indexed(tmp_path):
    # ~1,000 string operands on one line: RecursionError, no file indexed, exit 1 with a traceback
    (tmp_path / "deep.py").write_text("s = " + " + ".join(f'"x{i}"' for i in range(1000)) + "\n")
    (tmp_path / "ok.py").write_text(OK)
    proc = graphmind("index", ".", cwd=tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    status, error = statuses(tmp_path)["deep.py"]
    assert status == "partial" and "nested too deeply" in error
    assert call_graph(tmp_path)["ok.f"] == ["ok.g"]


@pytest.mark.parametrize("source", [
    # 20,000 links of `a.b.c…`: 93 s (5,000: 3.8 s) -- each link re-read the whole chain's text
    "class A:\n    b = None\n\n\na = A()\nx = (a\n" + "    .b\n" * 20_000 + ")\n",
    # 20,000 method calls chained on one receiver, over lines
    "class A:\n    def b(self):\n        return self\n\n\na = A()\nx = (a\n" + "    .b()\n" * 20_000 + ")\n",
], ids=["member-chain", "call-chain"])
def test_a_long_chain_is_indexed_in_linear_time(tmp_path, source):
    (tmp_path / "chain.py").write_text(source)
    (tmp_path / "ok.py").write_text(OK)
    proc = graphmind("index", ".", cwd=tmp_path, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert statuses(tmp_path)["chain.py"][0] in ("ok", "partial")
    assert call_graph(tmp_path)["ok.f"] == ["ok.g"]


def test_a_fifo_swapped_in_after_the_walk_is_skipped(tmp_path):
    # the walk saw a regular file; the read found a FIFO and blocked in open() forever
    for i in range(30):                                   # enough files for worker processes
        (tmp_path / f"m{i}.py").write_text(f"def f{i}():\n    return f{i}b()\n\n\ndef f{i}b():\n    pass\n")
    script = (
        "import os, sys\nfrom pathlib import Path\n"
        "from graphmind.index import workspace\nfrom graphmind.index.indexer import index_files\n"
        "from graphmind.store import Store\n"
        "root = Path(sys.argv[1])\nfiles = workspace.walk(root)\n"
        "os.unlink(root / 'm5.py'); os.mkfifo(root / 'm5.py')\n"
        "store = Store(root)\nindex_files(store, files, [], complete=True, jobs=2)\nstore.close()\n")
    proc = bounded([sys.executable, "-c", script, str(tmp_path)], tmp_path, 60)
    assert proc.returncode == 0, proc.stderr
    assert statuses(tmp_path)["m5.py"] == ("skipped", "not a regular file")
    graph = call_graph(tmp_path)
    assert all(graph[f"m{i}.f{i}"] == [f"m{i}.f{i}b"] for i in range(30) if i != 5)


def test_a_file_over_its_parse_time_is_recorded_as_an_error(tmp_path, monkeypatch):
    with pytest.raises(parser.ParseTimeout):
        parser.parse("python", b"x = 1\n" * 50_000, seconds=0)
    assert parser.parse("python", b"x = 1\n", seconds=5).root_node.type == "module"
    path = tmp_path / "slow.py"
    path.write_text("x = 1\n" * 50_000)
    monkeypatch.setattr(config, "MAX_PARSE_SECONDS", 0.0)
    st = path.stat()
    res = process_file(FileInfo("slow.py", str(path), "python", st.st_size, st.st_mtime_ns), None)
    assert res.extraction.status == "error" and "to parse" in res.extraction.error


def test_a_deep_inheritance_chain_keeps_memory_bounded(tmp_path):
    # 4,000 classes each inheriting the previous and calling super(): 520 MB resident, 35 s
    # (10,000: 3.6 GB, 144 s); every class's MRO and subclass set were stored whole
    n = 4000
    (tmp_path / "chain.py").write_text(
        "class C0:\n    def f(self):\n        return 1\n\n\n"
        + "".join(f"class C{i}(C{i - 1}):\n    def f(self):\n        return super().f()\n\n\n" for i in range(1, n)))
    proc = graphmind("index", ".", cwd=tmp_path, timeout=120, data_limit=300 << 20)
    assert proc.returncode == 0, proc.stderr[-2000:]
    graph = call_graph(tmp_path)
    assert graph[f"chain.C{n - 1}.f"] == [f"chain.C{n - 2}.f"] and graph["chain.C1.f"] == ["chain.C0.f"]


def test_callers_of_a_function_called_100000_times_by_one_scope(tmp_path):
    # 40-74 s: every call line was checked against a list of the lines already seen
    (tmp_path / "many.py").write_text("def t():\n    pass\n\n\ndef s():\n" + "    t()\n" * 100_000)
    assert graphmind("index", ".", cwd=tmp_path, timeout=120).returncode == 0
    proc = graphmind("callers", "t", "--root", ".", cwd=tmp_path, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert "many.s" in proc.stdout or "def s()" in proc.stdout


def test_the_daemon_indexes_past_a_bad_file_and_keeps_committing(tmp_path):
    # the deep file made the daemon retry a full reconcile forever and commit no later save
    from daemonkit import caller_names, start_daemon, stop_daemon, wait_fresh
    (tmp_path / "deep.py").write_text("s = " + " + ".join(f'"x{i}"' for i in range(1000)) + "\n")
    (tmp_path / "ok.py").write_text(OK)
    pid = start_daemon(tmp_path)
    try:
        wait_fresh(tmp_path)
        (tmp_path / "later.py").write_text("from ok import g\n\n\ndef later():\n    return g()\n")
        wait_fresh(tmp_path)
        assert caller_names(tmp_path, "ok.g") == {"ok.f", "later.later"}
    finally:
        stop_daemon(tmp_path, pid)
    assert statuses(tmp_path)["deep.py"][0] == "partial"
