"""A save rewrites a file's call, binding and import rows as a difference (graphmind/store/keep.py):
the rows it leaves as they were keep their ids, and the index still equals a clean one."""
from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from daemonkit import assert_equals_clean
from langcases import indexed_workspace
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path

LIB = "class Store:\n    def get(self, key):\n        return key\n\n\ndef make():\n    return Store()\n"
APP = ("import os\nfrom lib import Store, make\n\nLIMIT = make()\n\n\ndef load(path):\n    s = make()\n"
       "    s.get(path)\n    return os.path.join(path, 'x')\n\n\ndef save(path):\n    s = Store()\n"
       "    return s.get(path)\n")


def _rows(root: Path, table: str, columns: str) -> dict[int, tuple]:
    conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return {r[0]: r[1:] for r in conn.execute(
            f"SELECT t.id, {columns} FROM {table} t JOIN files f ON f.id = t.file_id WHERE f.path = 'app.py'")}
    finally:
        conn.close()


def _workspace(tmp_path: Path) -> Path:
    return indexed_workspace(tmp_path, {"lib.py": LIB, "app.py": APP})


def test_an_appended_function_leaves_the_other_rows_in_place(tmp_path):
    work = _workspace(tmp_path)
    calls = _rows(work, "calls", "t.callee, t.line, t.target_id, t.resolution")
    bindings = _rows(work, "bindings", "t.name, t.kind, t.value, t.line")
    imports = _rows(work, "imports", "t.module, t.symbol, t.line")
    assert any(r[3] != "pending" and r[2] is not None for r in calls.values())     # resolved rows to keep
    (work / "app.py").write_text(APP + "\n\ndef added(path):\n    return load(path)\n")
    index_workspace(work)
    after_calls = _rows(work, "calls", "t.callee, t.line, t.target_id, t.resolution")
    assert {i: after_calls.get(i) for i in calls} == calls
    assert {r[0] for r in after_calls.values()} - {r[0] for r in calls.values()} == {"load"}
    after = _rows(work, "bindings", "t.name, t.kind, t.value, t.line")
    # the rows before the first that differs stay (argument rows come last in a file: rewritten)
    own = {i: r for i, r in bindings.items() if r[1] != "args"}
    assert own and {i: after.get(i) for i in own} == own and len(after) > len(bindings)
    assert _rows(work, "imports", "t.module, t.symbol, t.line") == imports
    assert_equals_clean(work, tmp_path, "a function appended")


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("import os\n", "import os\nimport sys\n"),                # every line moves
    lambda t: t.replace("    s.get(path)\n", "    s.get(path)\n    s.get(path)\n"),  # a site twice
    lambda t: t.replace("    s = Store()\n", "    s = make()\n"),                  # a binding changes mid-file
    lambda t: t.replace("from lib import Store, make\n", "from lib import make\n"),  # an import goes
])
def test_an_edit_inside_the_file_equals_a_clean_index(tmp_path, edit):
    work = _workspace(tmp_path)
    (work / "app.py").write_text(edit(APP))
    index_workspace(work)
    assert_equals_clean(work, tmp_path, "an edit inside app.py")
