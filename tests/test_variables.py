"""Module- and class-level variables and constants as definitions, and `read` edges to them: what they
reach, and that saves (a constant added, removed, renamed, turned into a function and back) leave the
same rows as a clean index, for the CLI's incremental runs and for the daemon's kept tables."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_session import check_session

from graphmind.index import workspace
from graphmind.index.indexer import index_files, index_workspace
from graphmind.resolve.session import ResolveSession
from graphmind.store import Store, open_reader

CONFIG = 'LIMIT = 5\nnames: list[str] = []\n\n\nclass Mode:\n    FAST = "fast"\n'
USER = ("import config\nfrom config import LIMIT, Mode\n\n\n"
        "def bare():\n    return LIMIT + 1\n\n\n"
        "def dotted():\n    return config.LIMIT, config.names\n\n\n"
        "def member():\n    return Mode.FAST\n\n\n"
        "def shadowed(LIMIT):\n    return LIMIT\n")
# each edit of config.py, then back: the readers in user.py must follow
EDITS = [
    "names: list[str] = []\n\n\nclass Mode:\n    FAST = 'fast'\n",              # LIMIT removed
    CONFIG.replace("LIMIT", "CAP"),                                         # renamed
    CONFIG.replace("LIMIT = 5", "def LIMIT():\n    return 5"),              # a function now
    CONFIG.replace('    FAST = "fast"', "    SLOW = 1"),                    # the class constant renamed
    CONFIG + "\n\nEXTRA = LIMIT * 2\n",                                    # one more, reading another
]


def reads(root: Path) -> set[tuple[str, str, str]]:
    """(reader, variable, resolution) of every resolved read edge."""
    conn = open_reader(root)
    try:
        return set(conn.execute(
            "SELECT s.qualname, t.qualname, c.resolution FROM calls c JOIN symbols s ON s.id = c.caller_id"
            " JOIN symbols t ON t.id = c.target_id WHERE c.kind = 'read'"))
    finally:
        conn.close()


def rows(root: Path) -> list[tuple]:
    """Every call row as content, kind included (hidden read rows too)."""
    conn = open_reader(root)
    try:
        return sorted(conn.execute(
            "SELECT f.path, s.qualname, c.callee, c.line, c.col, t.qualname, c.resolution, c.implicit, c.kind"
            " FROM calls c JOIN files f ON f.id = c.file_id JOIN symbols s ON s.id = c.caller_id"
            " LEFT JOIN symbols t ON t.id = c.target_id"), key=repr)
    finally:
        conn.close()


def _workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "config.py").write_text(CONFIG)
    (root / "user.py").write_text(USER)
    return root


def _clean(root: Path, tmp_path: Path, name: str) -> list[tuple]:
    copy = tmp_path / name
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(copy)
    return rows(copy)


def test_reads_of_constants_reach_their_definitions(tmp_path):
    root = _workspace(tmp_path)
    index_workspace(root)
    assert reads(root) == {
        ("user.bare", "config.LIMIT", "import"),
        ("user.dotted", "config.LIMIT", "import"),
        ("user.dotted", "config.names", "import"),
        ("user.member", "config.Mode.FAST", "import"),
    }
    conn = open_reader(root)
    kinds = dict(conn.execute("SELECT qualname, kind || ' ' || signature FROM symbols WHERE kind IN"
                              " ('constant', 'variable')"))
    assert kinds == {"config.LIMIT": "constant LIMIT = 5", "config.names": "variable names: list[str] = []",
                     "config.Mode.FAST": 'constant FAST = "fast"'}
    # the imports of a constant are dependencies of the importing module
    imports = set(conn.execute("SELECT t.qualname FROM calls c JOIN symbols t ON t.id = c.target_id"
                               " WHERE c.kind = 'import'"))
    assert ("config.LIMIT",) in imports
    conn.close()


def test_the_head_of_a_member_read_is_a_read_once_per_scope(tmp_path):
    """`REGISTRY.get(k)`: the variable it starts from is read (the flow facts take that read from the
    member read's match), once per scope, at its first place; names the file neither defines nor
    imports are not (`self` here), whatever they are called (`cls` imported under that name is)."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "reg.py").write_text("REGISTRY = {}\nother = 1\n")
    (root / "use.py").write_text(
        "from reg import REGISTRY\n\n\n"
        "def lookup(k):\n    return REGISTRY.get(k)\n\n\n"
        "def twice():\n    REGISTRY.clear()\n    x = REGISTRY.keys\n    return x\n\n\n"
        "def unknown(obj):\n    return obj.get(1)\n\n\n"
        "def aliased():\n    from reg import other as cls\n    return cls.real\n\n\n"
        "class Holder:\n    REGISTRY = None\n\n    def own(self):\n        return self.REGISTRY\n")
    index_workspace(root)
    assert reads(root) == {("use.lookup", "reg.REGISTRY", "import"), ("use.twice", "reg.REGISTRY", "import"),
                           ("use.aliased", "reg.other", "import")}     # `cls` is a name imported here
    conn = open_reader(root)
    try:
        places = sorted(conn.execute(
            "SELECT s.qualname, c.line, c.col FROM calls c JOIN symbols s ON s.id = c.caller_id"
            " WHERE c.kind = 'read' AND c.callee IN ('REGISTRY', 'cls', 'self', 'obj')"))
    finally:
        conn.close()
    assert places == [("use.aliased", 20, 11), ("use.lookup", 5, 11), ("use.twice", 9, 4)]


@pytest.mark.parametrize("step", range(len(EDITS)))
def test_saves_then_incremental_equals_clean(tmp_path, step):
    root = _workspace(tmp_path)
    index_workspace(root)
    before = rows(root)
    (root / "config.py").write_text(EDITS[step])
    index_workspace(root)
    assert rows(root) == _clean(root, tmp_path, "clean-edited")
    assert rows(root) != before
    (root / "config.py").write_text(CONFIG)
    index_workspace(root)
    assert rows(root) == before


def test_daemon_kept_tables_follow_variables(tmp_path):
    """The daemon's path: one store, tables kept between updates, equal to freshly loaded ones."""
    root = _workspace(tmp_path)
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        for text in EDITS + [CONFIG]:
            (root / "config.py").write_text(text)
            index_files(store, workspace.walk(root), [], complete=True, session=session)
            check_session(session, root, store)
    finally:
        store.close()
    assert rows(root) == _clean(root, tmp_path, "clean-daemon")
    assert ("user.bare", "config.LIMIT", "import") in reads(root)


def test_javascript_reads(tmp_path):
    root = tmp_path / "js"
    root.mkdir()
    (root / "config.js").write_text('export const LIMIT = 5;\nexport let count = 0;\n\n'
                                    'export class Mode {\n  static FAST = "fast";\n}\n')
    (root / "user.js").write_text('import { LIMIT, Mode } from "./config.js";\nimport * as config from "./config.js";\n\n'
                                  'export function check(n) {\n  return n < LIMIT && Mode.FAST && config.count;\n}\n\n'
                                  'export function own() {\n  const LIMIT = 1;\n  return LIMIT;\n}\n')
    index_workspace(root)
    assert reads(root) == {("user.check", "config.LIMIT", "import"), ("user.check", "config.Mode.FAST", "import"),
                           ("user.check", "config.count", "import")}
    conn = open_reader(root)
    kinds = dict(conn.execute("SELECT qualname, kind FROM symbols WHERE kind IN ('constant', 'variable')"))
    conn.close()
    assert kinds == {"config.LIMIT": "constant", "config.count": "variable", "config.Mode.FAST": "variable"}
