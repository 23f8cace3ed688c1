"""A save finds the subclasses of a changed name and the functions it decorates by index (the name a base
or a decorator ends with, stored beside its text), not by reading every base and decorator text of the
workspace: the rows found are those the text says, and the index still equals a clean one."""
from __future__ import annotations

import apsw

from daemonkit import assert_equals_clean
from langcases import indexed_workspace
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path
from graphmind.store.ancestors import last_name
from graphmind.store.reopen import DECORATED_SQL, SUBCLASSES_SQL

GUARDS = "def logged(fn):\n    return fn\n\n\ndef retry(times):\n    return logged\n"
BASES = "class Base:\n    def run(self):\n        return 1\n"
APP = ('import guards\nimport bases\nfrom typing import Generic, TypeVar\n\nT = TypeVar("T")\n\n\n'
       "class Sub(bases.Base):\n    pass\n\n\nclass Box(Sub, Generic[T]):\n    pass\n\n\n"
       "class Mid(bases.Base[T]):\n    pass\n\n\n"
       "@guards.logged\ndef work():\n    return Box()\n\n\n@guards.retry(times=3)\ndef again():\n    return work()\n\n\n"
       "def use():\n    Sub().run()\n    again()\n    return work()\n")


def _conn(root):
    return apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)


def test_bases_and_decorators_carry_the_name_they_end_with(tmp_path):
    work = indexed_workspace(tmp_path, {"guards.py": GUARDS, "bases.py": BASES, "app.py": APP})
    conn = _conn(work)
    try:
        bases = conn.execute("SELECT base, last_name FROM inherits").fetchall()
        decorators = conn.execute("SELECT value, last_name FROM bindings WHERE kind = 'decorator'").fetchall()
        others = conn.execute("SELECT count(*) FROM bindings WHERE kind != 'decorator' AND last_name IS NOT NULL")
        assert all(n == last_name(b) for b, n in bases) and {n for _, n in bases} == {"Base", "Sub", "Generic"}
        assert "bases.Base" in {b for b, _ in bases}
        assert all(n == last_name(v) for v, n in decorators) and {n for _, n in decorators} == {"logged", "retry"}
        assert others.fetchone()[0] == 0
        subclasses = {n for (n,) in conn.execute(SUBCLASSES_SQL, ('["Base"]',))}
        assert subclasses == {"Sub", "Mid"}
        assert {n for (n,) in conn.execute(DECORATED_SQL, ('["retry"]',))} == {"@again"}
    finally:
        conn.close()


def test_the_lookups_read_an_index(tmp_path):
    work = indexed_workspace(tmp_path, {"guards.py": GUARDS, "bases.py": BASES, "app.py": APP})
    conn = _conn(work)
    try:
        for sql, index in ((SUBCLASSES_SQL, "inherits_last_name"), (DECORATED_SQL, "bindings_decorators")):
            plan = " | ".join(row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, ('["Base"]',)))
            assert f"USING INDEX {index}" in plan or f"USING COVERING INDEX {index}" in plan, plan
    finally:
        conn.close()


def test_a_decorator_and_a_base_that_change_reopen_what_they_name(tmp_path):
    work = indexed_workspace(tmp_path, {"guards.py": GUARDS, "bases.py": BASES, "app.py": APP})
    (work / "guards.py").write_text(GUARDS.replace("return logged", "return fn") + "\n\ndef fn(f):\n    return f\n")
    (work / "bases.py").write_text(BASES + "\n\nclass Other:\n    def run(self):\n        return 2\n")
    index_workspace(work)
    assert_equals_clean(work, tmp_path, "a decorator factory's return and a base module changed")
    (work / "bases.py").write_text("class Base:\n    def __init__(self, x):\n        self.x = x\n")
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "again", "the base's constructor changed")


PARENT = "class Base:\n    def settings(self):\n        return 0\n\n    def runshell(self):\n        return self.settings()\n"
CHILD = "from parent import Base\n\n\nclass Client(Base):\n    def settings(self):\n        return 1\n"


def _plan(work, rel: str, text: str):
    """The planner's answer for `rel` becoming `text` (nothing written)."""
    from graphmind.index import workspace
    from graphmind.index.filework import process_file
    from graphmind.live.watcher import file_info
    from graphmind.resolve.interface import PLANNER
    from graphmind.store import Store
    (work / rel).write_text(text)
    ext = process_file(file_info(work, workspace.IgnoreRules(work), rel), None).extraction
    store = Store(work)
    try:
        (file_id,) = store.conn.execute("SELECT id FROM files WHERE path=?", (rel,)).fetchone()
        return PLANNER.plan(store.conn, file_id, ext)
    finally:
        store.close()


def test_the_bases_of_a_file_are_named_only_when_a_member_comes_or_goes(tmp_path):
    """An override that comes or goes re-dispatches its bases' self-calls (store/ancestors.py); a
    function appended at module level overrides nothing: its classes' bases are not named."""
    work = indexed_workspace(tmp_path, {"parent.py": PARENT, "child.py": CHILD})
    appended = _plan(work, "child.py", CHILD + "\n\ndef helper():\n    return 2\n")
    assert not appended.wide and "helper" in appended.changed
    assert not {n for n in appended.changed if n[:1] == "^"}
    method = _plan(work, "child.py", CHILD + "\n    def runshell(self):\n        return 2\n")
    assert not method.wide and "^Base" in method.changed
    (work / "child.py").write_text(CHILD + "\n\ndef helper():\n    return 2\n\n\nclass Late(Base):\n    pass\n")
    index_workspace(work)
    assert_equals_clean(work, tmp_path, "a function and a subclass appended")
