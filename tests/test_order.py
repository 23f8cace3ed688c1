"""The index does not depend on the order files arrive in: a file added after the files that use it,
or a re-exporting package deleted under its users, leaves the same rows as a clean index."""
from __future__ import annotations

import shutil
from pathlib import Path

from graphmind.index.indexer import index_workspace
from langcases import snapshot

THING = '''class Base:
    def run(self):
        return 1


class Thing:
    @property
    def size(self):
        return 3

    def __eq__(self, other):
        return True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
'''
USER = '''import a


class Sub(a.Base):
    def run(self):
        return 2


def use():
    t = a.Thing()
    n = t.size
    same = t == t
    with t:
        pass
    return n, same
'''


def _clean_copy(work: Path, tmp_path: Path) -> Path:
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    return clean


def test_a_definition_file_added_after_its_users(tmp_path):
    """b.py's property read, `==`, `with` and subclass reach a.py only once it exists."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "b.py").write_text(USER)
    index_workspace(work)
    (work / "a.py").write_text(THING)
    index_workspace(work)
    clean = _clean_copy(work, tmp_path)
    got, want = snapshot(work), snapshot(clean)
    assert got == want
    # the case is not empty: the implicit and property rows a clean index has
    assert {r[5] for r in want["calls"] if r[8]} >= {"a.Thing.size", "a.Thing.__eq__", "a.Thing.__enter__"}


def test_a_re_exporting_package_deleted_under_its_users(tmp_path):
    work = tmp_path / "work"
    (work / "pkg").mkdir(parents=True)
    (work / "pkg" / "impl.py").write_text("def f():\n    return 1\n")
    (work / "pkg" / "__init__.py").write_text("from .impl import f\n")
    (work / "user.py").write_text("from pkg import f\n\n\ndef go():\n    return f()\n")
    index_workspace(work)
    (work / "pkg" / "__init__.py").unlink()
    index_workspace(work)
    clean = _clean_copy(work, tmp_path)
    assert snapshot(work) == snapshot(clean)
