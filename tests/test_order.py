"""The index does not depend on the order files arrive in: a file added after the files that use it,
or a re-exporting package deleted under its users, leaves the same rows as a clean index."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from daemonkit import assert_same_graph, start_daemon, stop_daemon, wait_fresh
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path, open_reader
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


def _workspace(tmp_path: Path, files: dict[str, str]) -> Path:
    """tmp_path/work holding these files (relative path -> text)."""
    work = tmp_path / "work"
    work.mkdir()
    for rel, text in files.items():
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_text(text)
    return work


BARE = "class Base:\n    def run(self):\n        return 1\n\n\nclass Thing:\n    pass\n"


def _clean_copy(work: Path, tmp_path: Path) -> Path:
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    return clean


def test_a_definition_file_added_after_its_users(tmp_path):
    """b.py's property read, `==`, `with` and subclass reach a.py only once it exists."""
    work = _workspace(tmp_path, {"b.py": USER})
    index_workspace(work)
    (work / "a.py").write_text(THING)
    index_workspace(work)
    clean = _clean_copy(work, tmp_path)
    got, want = snapshot(work), snapshot(clean)
    assert got == want
    # the case is not empty: the implicit and property rows a clean index has
    assert {r[5] for r in want["calls"] if r[8]} >= {"a.Thing.size", "a.Thing.__eq__", "a.Thing.__enter__"}


def test_a_re_exporting_package_deleted_under_its_users(tmp_path):
    work = _workspace(tmp_path, {"pkg/impl.py": "def f():\n    return 1\n", "pkg/__init__.py": "from .impl import f\n",
                                 "user.py": "from pkg import f\n\n\ndef go():\n    return f()\n"})
    index_workspace(work)
    (work / "pkg" / "__init__.py").unlink()
    index_workspace(work)
    clean = _clean_copy(work, tmp_path)
    assert snapshot(work) == snapshot(clean)


def test_a_base_moved_away_under_a_relative_re_export_unbinds_the_overrides_below(tmp_path):
    """Found by a Django order run (seed 11: `storage/filesystem.py` renamed away): the package's
    `from .fs import FileSystemStorage` stops binding, so `Custom`'s base is gone and its method
    overrides nothing; the incremental index kept the override of `Storage.get_valid_name`."""
    work = _workspace(tmp_path, {
        "pkg/base.py": "class Storage:\n    def get_valid_name(self, name):\n        return name\n",
        "pkg/fs.py": "from .base import Storage\n\n\nclass FileSystemStorage(Storage):\n    def save(self):\n        return 1\n",
        "pkg/__init__.py": "from .base import Storage\nfrom .fs import FileSystemStorage\n",
        "pkg/mixin.py": "class SettingsMixin:\n    def clear(self):\n        return 1\n",      # (without it, it passed)
        "models.py": "from pkg import FileSystemStorage\n\n\nclass Custom(FileSystemStorage):\n"
                     "    def get_valid_name(self, name):\n        return name + '_valid'\n"})
    index_workspace(work)
    overrides = [r for r in snapshot(work)["calls"] if r[1] == "models.Custom.get_valid_name"]
    assert [r[5] for r in overrides] == ["pkg.base.Storage.get_valid_name"]      # the case is not empty
    (work / "pkg" / "fs.py").rename(work / "pkg" / "moved.py")
    index_workspace(work)
    clean = _clean_copy(work, tmp_path)
    assert snapshot(work) == snapshot(clean)


# -- the same scenarios through the daemon, and definitions added to files that already exist --------

def _settle(work: Path, mode: str, pid: int | None) -> None:
    """Bring the index up to date: one CLI run, or the running daemon's answer that it is fresh."""
    if mode == "cli":
        index_workspace(work)
    else:
        wait_fresh(work)


def _run_steps(work: Path, tmp_path: Path, mode: str, steps) -> None:
    """Index the first tree, apply each step (settling after each), compare with a clean index."""
    index_workspace(work)
    pid = start_daemon(work) if mode == "daemon" else None
    try:
        for step in steps:
            step()
            _settle(work, mode, pid)
    finally:
        if pid is not None:
            stop_daemon(work, pid)
    clean = _clean_copy(work, tmp_path)
    assert_same_graph(index_path(work), index_path(clean))


MODES = ["cli", "daemon"]


@pytest.mark.parametrize("mode", MODES)
def test_definition_file_added_after_its_users(tmp_path, mode):
    work = _workspace(tmp_path, {"b.py": USER})
    _run_steps(work, tmp_path, mode, [lambda: (work / "a.py").write_text(THING)])


@pytest.mark.parametrize("mode", MODES)
def test_members_added_to_a_class_that_existed(tmp_path, mode):
    """A property, `__eq__` and `__enter__`/`__exit__` added later to a class b.py already uses."""
    work = _workspace(tmp_path, {"a.py": BARE, "b.py": USER})
    _run_steps(work, tmp_path, mode, [lambda: (work / "a.py").write_text(THING)])


@pytest.mark.parametrize("mode", MODES)
def test_members_removed_then_restored(tmp_path, mode):
    work = _workspace(tmp_path, {"a.py": THING, "b.py": USER})
    _run_steps(work, tmp_path, mode, [lambda: (work / "a.py").write_text(BARE),
                                      lambda: (work / "a.py").write_text(THING)])


CONSTRUCTED = '''class Base:
    def __init__(self):
        self.x = 1


class Sub(Base):
    pass


class Sub2(Sub):
    pass
'''
BUILDERS = "from a import Sub, Sub2\n\n\ndef make():\n    return Sub(), Sub2()\n"


@pytest.mark.parametrize("mode", MODES)
def test_a_constructor_added_to_a_subclass(tmp_path, mode):
    """`Sub()` and `Sub2()` reached Base.__init__; once Sub has its own, they reach Sub.__init__."""
    work = _workspace(tmp_path, {"a.py": CONSTRUCTED, "b.py": BUILDERS})
    own = CONSTRUCTED.replace("class Sub(Base):\n    pass", "class Sub(Base):\n    def __init__(self):\n"
                              "        super().__init__()")
    _run_steps(work, tmp_path, mode, [lambda: (work / "a.py").write_text(own)])
    rows = {(r[1], r[5]) for r in snapshot(work)["calls"]}
    assert ("b.make", "a.Sub.__init__") in rows


@pytest.mark.parametrize("mode", MODES)
def test_a_base_file_added_after_its_subclasses(tmp_path, mode):
    work = _workspace(tmp_path, {"pkg/__init__.py": "", "pkg/sub.py": (
        "from pkg.base import Base\n\n\nclass Sub(Base):\n    pass\n\n\n"
        "def use():\n    s = Sub()\n    s.run()\n    return s[0]\n")})
    base = ("class Base:\n    def __init__(self):\n        pass\n\n    def run(self):\n        return 1\n\n"
            "    def __getitem__(self, k):\n        return k\n")
    _run_steps(work, tmp_path, mode, [lambda: (work / "pkg" / "base.py").write_text(base)])


HOOKED = "class Wrapper:\n    def __exit__(self, *exc):\n        self.close()\n\n    def flush(self):\n        self.close()\n"
OVERRIDE = "from base import Wrapper\n\n\nclass {name}(Wrapper):\n    def close(self):\n        return 1\n"


@pytest.mark.parametrize("own", [False, True], ids=["hook", "override"])
def test_self_calls_reaching_subclasses_do_not_depend_on_arrival(tmp_path, own):
    """`self.close()` in a base reaching the subclasses' `close`: which row is the call and which a
    dispatch follows the hierarchy (the base's own `close` when it has one), not which file came first."""
    base = HOOKED + ("\n    def close(self):\n        return 0\n" if own else "")
    work = _workspace(tmp_path, {"base.py": base, "zeta.py": OVERRIDE.format(name="Zeta")})
    index_workspace(work)
    (work / "alpha.py").write_text(OVERRIDE.format(name="Alpha"))
    index_workspace(work)
    clean = _clean_copy(work, tmp_path)
    assert_same_graph(index_path(work), index_path(clean))
    closes = set(open_reader(clean).execute(
        "SELECT t.qualname, c.kind FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t ON t.id = c.target_id"
        " WHERE s.qualname = 'base.Wrapper.flush'"))
    expected = {("alpha.Alpha.close", "dispatch" if own else "call"), ("zeta.Zeta.close", "dispatch" if own else "call")}
    assert expected <= closes, closes


PTR = "class G:\n    @property\n    def ptr(self):\n        return 1\n\n\nclass H:\n    pass\n"
GEO = ("class Geo:\n    def __init__(self, geo_input):\n        if isinstance(geo_input, bytes):\n"
       "            geo_input = str(geo_input)\n        self.p = str(geo_input.ptr)\n\n\n"
       "def fromstr(s, **kw):\n    g = s\n    return Geo(g, **kw)\n")
PASSING = "from a import {cls}\nfrom m import fromstr\n\n\ndef go():\n    return fromstr({cls}())\n"


@pytest.mark.parametrize("mode", MODES)
def test_arguments_passed_on_through_a_second_function(tmp_path, mode):
    """`fromstr(s)` passes its parameter on to `Geo(g)`: when what p.py passes to fromstr changes, what
    Geo.__init__'s parameter holds changes too, and its typed reads follow (two hops of argument flow)."""
    work = _workspace(tmp_path, {"a.py": PTR, "m.py": GEO, "p.py": PASSING.format(cls="G")})
    _run_steps(work, tmp_path, mode, [lambda: (work / "p.py").write_text(PASSING.format(cls="H"))])
    rows = {(r[1], r[2], r[5], r[6]) for r in snapshot(work)["calls"]}
    assert ("m.Geo.__init__", "geo_input.ptr", None, "unreached") in rows
    (work / "p.py").write_text(PASSING.format(cls="G"))
    index_workspace(work)
    assert_same_graph(index_path(work), index_path(_clean_copy(work, tmp_path / "again")))
    rows = {(r[1], r[2], r[5]) for r in snapshot(work)["calls"]}
    assert ("m.Geo.__init__", "geo_input.ptr", "a.G.ptr") in rows


CLIENT_BASE = ("class BaseClient:\n    def settings(self):\n        raise NotImplementedError\n\n"
               "    def runshell(self):\n        return self.settings()\n")
CLIENT = ("from pkg.base import BaseClient\n\n\nclass Client(BaseClient):\n    def settings(self):\n        return 1\n\n"
          "    def runshell(self):\n        return super().runshell()\n")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("override", ["dropped", "added"])
def test_an_override_that_comes_or_goes_redispatches_the_base(tmp_path, mode, override):
    """`self.settings()` in BaseClient.runshell dispatches to the subclasses that inherit runshell:
    when Client starts or stops overriding runshell (no other change of the file's interface),
    the base's call follows, as a clean index has it."""
    bare = CLIENT.split("\n    def runshell")[0] + "\n"
    first, second = (CLIENT, bare) if override == "dropped" else (bare, CLIENT)
    work = _workspace(tmp_path, {"pkg/__init__.py": "", "pkg/base.py": CLIENT_BASE, "pkg/pg.py": first})
    _run_steps(work, tmp_path, mode, [lambda: (work / "pkg" / "pg.py").write_text(second)])
