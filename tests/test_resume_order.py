"""A cold index cut short while loading, where files loaded after the cut change how the files loaded
before it resolve (issue 35): a base class defined later, an import target defined later, a name a
later module shadows. The resume equals a clean index, and the cut is checked to have fallen between
the files that name something and the files that supply it."""
from __future__ import annotations

import apsw
import pytest

from daemonkit import assert_same_graph
from graphmind.index.indexer import index_workspace
from graphmind.store import index_path

EARLY = {   # loaded first (paths sort before the fillers): each names what a late file supplies
    "a_models.py": ("from zz_base import Model\n\n\nclass User(Model):\n    def greet(self):\n"
                    "        return self.save()\n\n\ndef make():\n    u = User()\n    u.validate()\n    return u.greet()\n"),
    "a_jobs.py": ("from zz_tasks import send, Mailer\nimport zz_tasks as tasks\n\n\ndef run():\n    send(1)\n"
                  "    tasks.send(2)\n    return Mailer().deliver()\n"),
    "a_shadow.py": ("from b_util import clean, render\nfrom zz_over import render\n\n\ndef fmt(x):\n    return x\n\n\n"
                    "def use():\n    return render(1) + clean(2)\n\n\ndef shadowed():\n    return fmt(3)\n"),
    "b_util.py": "def render(x):\n    return x\n\n\ndef clean(x):\n    return x\n",
}
LATE = {    # loaded after the cut
    "zz_base.py": ("class Base:\n    def validate(self):\n        return 1\n\n\n"
                   "class Model(Base):\n    def save(self):\n        return self.validate()\n"),
    "zz_tasks.py": "def send(x):\n    return x\n\n\nclass Mailer:\n    def deliver(self):\n        return send(0)\n",
    "zz_over.py": "def render(x):\n    return -x\n",    # shadows b_util.render in a_shadow
}
FILLERS = 100
CUT = 64                    # files committed before the stop (one transaction of a cold load)


def _rows(root, sql):
    conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _write(root):
    root.mkdir(parents=True)
    files = {**EARLY, **LATE, **{f"m{i:03}.py": f"def f{i}(x):\n    return x\n" for i in range(FILLERS)}}
    for name, text in files.items():
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize("jobs", [1, 2])
def test_files_loaded_after_the_cut_change_what_was_loaded_before_and_the_resume_equals_clean(tmp_path, jobs):
    clean = _write(tmp_path / "clean")
    index_workspace(clean, jobs=jobs)
    root = _write(tmp_path / "cut")

    def stop(step, done, total):
        if step == "parse" and done >= CUT:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        index_workspace(root, jobs=jobs, progress=stop)
    kept = {path for (path,) in _rows(root, "SELECT path FROM files")}
    assert set(EARLY) <= kept and not kept & set(LATE), sorted(kept)
    index_workspace(root, jobs=jobs)
    assert_same_graph(index_path(root), index_path(clean))
    # in a clean index the early files reach the late ones: the cut fell between them
    reached = set(_rows(clean, "SELECT c.callee, s.qualname FROM calls c JOIN files f ON f.id = c.file_id"
                               " JOIN symbols s ON s.id = c.target_id WHERE f.path LIKE 'a\\_%' ESCAPE '\\'"))
    assert {("u.validate", "zz_base.Base.validate"), ("self.save", "zz_base.Model.save"), ("send", "zz_tasks.send"),
            ("tasks.send", "zz_tasks.send"), ("Mailer().deliver", "zz_tasks.Mailer.deliver"),
            ("render", "zz_over.render")} <= reached, sorted(reached)
