"""Inputs and interruptions that once broke the index (found by review; each case reproduced first)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import apsw
import pytest

from graphmind.errors import AmbiguousSymbolError
from graphmind.query.export import call_graph
from graphmind.index.indexer import index_files, index_workspace
from graphmind.query.lookup import symbol_refs
from graphmind.models import FileInfo
from graphmind.store import Store, index_path, open_reader


def test_deep_inheritance_chain_resolves(tmp_path):
    lines = ["class K0:\n    def f(self):\n        pass"]
    lines += [f"class K{i}(K{i - 1}):\n    pass" for i in range(1, 1500)]
    lines.append("def use():\n    return K1499().f()")
    (tmp_path / "a.py").write_text("\n\n".join(lines) + "\n")
    index_workspace(tmp_path)
    assert call_graph(tmp_path)["a.use"] == ["a.K0.f", "a.K1499"]


def test_an_interrupted_first_index_is_finished_by_the_next_run(indexed_shop, tmp_path):
    clean = call_graph(indexed_shop)
    conn = apsw.Connection(str(index_path(indexed_shop)))       # as if killed before resolution
    conn.execute("UPDATE calls SET resolution='pending', target_id=NULL")
    conn.close()
    assert index_workspace(indexed_shop).changed == 0
    assert call_graph(indexed_shop) == clean


def test_a_file_name_that_is_not_utf8_is_skipped(tmp_path):
    (tmp_path / "ok.py").write_text("def f():\n    return g()\n\n\ndef g():\n    pass\n")
    with open(os.path.join(os.fsencode(tmp_path), b"bad\xffname.py"), "w") as fh:
        fh.write("def h():\n    pass\n")
    summary = index_workspace(tmp_path)
    assert summary.scanned == 1 and call_graph(tmp_path) == {"ok.f": ["ok.g"]}


def test_a_file_that_could_not_be_read_is_tried_again(tmp_path):
    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    index_workspace(tmp_path)
    store = Store(tmp_path)
    ghost = FileInfo("b.py", str(tmp_path / "b.py"), "python", 30, 1_700_000_000_000_000_000)
    index_files(store, [ghost], [], complete=False)               # vanished while indexing
    store.close()
    assert open_reader(tmp_path).execute("SELECT status FROM files WHERE path='b.py'").fetchone() == ("error",)
    (tmp_path / "b.py").write_text("from a import f\n\n\ndef g():\n    f()\n")
    os.utime(tmp_path / "b.py", ns=(ghost.mtime_ns, ghost.mtime_ns))  # back, with the old mtime
    index_workspace(tmp_path)
    assert call_graph(tmp_path)["b.g"] == ["a.f"]


def test_two_first_runs_at_once_give_one_clean_index(shop, tmp_path):
    for i in range(60):                                   # enough files for worker processes
        (shop / f"gen_{i}.py").write_text("from shop.orders import validate\n\n\ndef f():\n    validate(None)\n")
    procs = [subprocess.Popen([sys.executable, "-m", "graphmind", "index", str(shop)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for p in procs:
        assert p.wait(timeout=120) == 0, p.stderr.read()
    clean = tmp_path / "clean"
    shutil.copytree(shop, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert call_graph(shop) == call_graph(clean)


def test_a_module_and_its_function_of_the_same_name_are_ambiguous(tmp_path):
    (tmp_path / "foo.py").write_text("def foo():\n    return 1\n\n\ndef bar():\n    foo()\n")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    with pytest.raises(AmbiguousSymbolError):
        symbol_refs(conn, "foo")
    assert [r.qualname for r in symbol_refs(conn, "foo.foo")] == ["foo.foo"]


def test_file_line_prefers_the_definition_over_the_module(tmp_path):
    (tmp_path / "m.py").write_text("def spaced():\n    return 1\n")
    index_workspace(tmp_path)
    assert [r.qualname for r in symbol_refs(open_reader(tmp_path), "m.py:1")] == ["m.spaced"]


def _open_store(root: str, barrier, results) -> None:
    from graphmind.store import Store
    barrier.wait()
    try:
        Store(Path(root)).close()
        results.put("ok")
    except Exception as exc:                     # reported to the test, which fails on it
        results.put(f"{type(exc).__name__}: {exc}")


def test_processes_creating_the_same_index_at_once_all_succeed(tmp_path):
    """A new file is switched to WAL by one process at a time (SQLite answers busy without waiting),
    and none may take another's half-made index for an old version and delete it."""
    import multiprocessing
    ctx = multiprocessing.get_context("fork")
    outcomes = []
    for trial in range(20):
        root = tmp_path / f"ws{trial}"
        root.mkdir()
        barrier, results = ctx.Barrier(3), ctx.Queue()
        procs = [ctx.Process(target=_open_store, args=(str(root), barrier, results)) for _ in range(3)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        outcomes += [results.get(timeout=10) for _ in procs]
        assert Store(root).conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert outcomes == ["ok"] * 60
