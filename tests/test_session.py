"""Tables kept between updates (graphmind/resolve/session.py) and narrowed re-resolution (graphmind/resolve/interface.py):
after every edit the kept tables equal freshly loaded ones, the kept class bases equal freshly resolved
ones, and after a sequence of edits the index equals a clean index of the final tree."""
from __future__ import annotations

import dataclasses
import random
import re
import shutil
from pathlib import Path

import pytest

from graphmind.index import workspace
from graphmind.index.indexer import index_files, index_workspace
from graphmind.index.reuse import made_here
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.session import ResolveSession
from graphmind.store import Store, open_reader
from graphmind.resolve.tables import load_tables
from flowcases import FLOW
from langcases import snapshot

CASES = Path(__file__).parent / "callgraph" / "cases"
REPOS = Path(__file__).parent / "fixtures" / "repos"
_DEF = re.compile(r"^(\s*)(def|class) (\w+)", re.M)


def plain(value):
    """Tables as comparable plain values: no empty containers, no default factories."""
    if isinstance(value, dict):
        out = {k: plain(v) for k, v in value.items()}
        return {k: v for k, v in out.items() if v not in ({}, [], set())}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def table_state(t) -> dict:
    state = {f.name: plain(getattr(t, f.name)) for f in dataclasses.fields(t) if f.name not in ("root", "rewrites")}
    state["definers"] = {k: sorted(v) for k, v in state["definers"].items()}   # a set in all but name
    return state


def edit(rng: random.Random, text: str, step: int) -> str:
    """A random edit, most often inside a function body (the common save), sometimes of the interface."""
    lines = text.splitlines()
    body = [i for i, ln in enumerate(lines) if ln.startswith("    ") and not _DEF.match(ln) and ln.strip()]
    choice = rng.randrange(10)
    if choice == 9:                               # a docstring appears (search texts change, nothing else)
        heads = [i for i, ln in enumerate(lines) if _DEF.match(ln) and ln.rstrip().endswith(":")]
        if heads:
            i = rng.choice(heads)
            indent = len(lines[i]) - len(lines[i].lstrip()) + 4
            lines.insert(i + 1, " " * indent + f'"""Note {step} on refunds."""')
            return "\n".join(lines) + "\n"
    if choice <= 2 and body:                      # duplicate, drop or swap body lines
        i = rng.choice(body)
        if choice == 0:
            lines.insert(i, lines[i])
        elif choice == 1 and len(body) > 1:
            del lines[i]
        else:
            j = rng.choice(body)
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines) + "\n"
    defs = _DEF.findall(text)
    if choice == 3 and defs:                      # rename a definition
        name = rng.choice(defs)[2]
        return re.sub(rf"\b{name}\b", f"{name}_r{step}", text, count=1)
    if choice == 4:                               # a module-level binding others may be typed through
        names = [d[2] for d in defs] or ["None"]
        return text + f"\nCONST_{step % 3} = {rng.choice(names)}\n"
    if choice == 5 and "class " in text:          # bases change
        return re.sub(r"class (\w+)\((\w+)\)", r"class \1", text, count=1) if "(" in text else text
    if choice == 6:
        return text + f"\n\ndef added_{step % 4}(x):\n    return added_{step % 4}(x - 1) if x else None\n"
    if choice == 7 and defs:                      # a new method override in a new subclass
        cls = [d[2] for d in defs if d[1] == "class"]
        if cls:
            return text + f"\n\nclass Sub{step}({rng.choice(cls)}):\n    def run(self):\n        return self.run()\n"
    return text + "\n\nclass Added:\n    def run(self):\n        return self.run()\n"


def check_session(session: ResolveSession, root: Path, store: Store) -> None:
    fresh = load_tables(store.conn, root)
    r = Resolver(fresh)                  # its languages' hooks rewrite the tables, as the pass did the kept ones
    assert table_state(session.tables) == table_state(fresh)
    assert session.bases == {c: r.class_bases(c) for c in fresh.bases}


def run_edits(src: Path, tmp_path: Path, seed: str, steps: int, suffixes: tuple[str, ...]) -> ResolveSession:
    rng = random.Random(seed)
    work = tmp_path / "work"
    shutil.copytree(src, work, ignore=shutil.ignore_patterns("expected.json", ".graphmind"))
    index_workspace(work)
    store, session = Store(work), ResolveSession()
    try:
        files = sorted(p for p in work.rglob("*") if p.suffix in suffixes)   # code, not config files
        for step in range(steps):
            for _ in range(rng.choice([1, 1, 2, 3])):        # one update may carry several files
                path = rng.choice(files)
                if rng.random() < 0.1 and len(files) > 1:
                    path.unlink()
                    files.remove(path)
                else:
                    path.write_text(edit(rng, path.read_text(), step))
            index_files(store, workspace.walk(work), [], complete=True, session=session)
            if session.tables is not None:
                check_session(session, work, store)
    finally:
        store.close()
    assert_equals_clean(work, tmp_path)
    return session


def assert_equals_clean(root: Path, tmp_path: Path) -> None:
    """The index of root equals a clean index of a copy of its tree: call rows, bases, search rows."""
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(root) == snapshot(clean)
    assert lexical(root) == lexical(clean)


def lexical(root: Path) -> dict:
    """Which symbols each word and each name trigram finds in the lexical index (graphmind/store/searchindex.py)."""
    conn = open_reader(root)
    syms = {i: (p, q) for i, p, q in conn.execute(
        "SELECT s.id, f.path, s.qualname FROM symbols s JOIN files f ON f.id = s.file_id")}
    words = {w.lower() for (text,) in conn.execute("SELECT qualname || ' ' || signature FROM symbols")
             for w in re.findall(r"[A-Za-z]{3,}", text)} | {"note", "refunds"}
    out = {}
    for word in sorted(words):
        for table in ("search_text", "search_names"):
            out[(table, word)] = sorted(syms.get(r, r) for (r,) in conn.execute(
                f"SELECT rowid FROM {table} WHERE {table} MATCH ?", (f'"{word}"',)))
    conn.close()
    return out


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.iterdir() if p.is_dir())[::3])
def test_python_edits_with_kept_tables_equal_clean(case, tmp_path):
    session = run_edits(CASES / case, tmp_path, case, 8, (".py",))
    assert session.tables is not None and session.loads == 1      # loaded once, then updated in place


@pytest.mark.parametrize("repo", ["js_mixed", "ts_paths", "tsx_components"])
def test_js_edits_with_kept_tables_equal_clean(repo, tmp_path):
    session = run_edits(REPOS / repo, tmp_path, repo, 8, (".js", ".jsx", ".ts", ".tsx"))
    assert session.tables is not None and session.loads == 1


@pytest.mark.parametrize("case,suffix", [("csharp", ".cs"), ("kotlin", ".kt"), ("php", ".php"), ("ruby", ".rb"),
                                         ("lua", ".lua"), ("swift", ".swift"), ("bash", ".sh")])
def test_typed_languages_keep_their_tables(case, suffix, tmp_path):
    """Languages whose hooks only read the tables: loaded once, updated file by file, exact."""
    session = run_edits(FLOW / case, tmp_path, case, 6, (suffix,))
    assert session.tables is not None and session.loads == 1


@pytest.mark.parametrize("src,suffixes", [
    (REPOS / "go_shop", (".go",)), (FLOW / "go", (".go",)), (REPOS / "rust_shop", (".rs",)), (FLOW / "rust", (".rs",)),
    (REPOS / "c_shop", (".c", ".h")), (REPOS / "cpp_shop", (".cpp", ".h", ".hpp")), (FLOW / "cpp", (".cpp", ".h", ".hpp")),
    (FLOW / "ruby_refunds", (".rb",)), (FLOW / "swift_refunds", (".swift",)), (FLOW / "scala_refunds", (".scala",))],
    ids=lambda v: v.parent.name + "/" + v.name if isinstance(v, Path) else "")
def test_languages_that_rewrite_tables_keep_them(src, suffixes, tmp_path):
    """Go, Rust, C/C++, Ruby, Swift and Scala hooks rewrite the tables when a pass starts (receivers,
    impl blocks, extensions, companions, reopened modules, out-of-line members, import paths): the session undoes the rewrites, updates the changed files
    and the pass rewrites again; loaded once, equal to fresh tables after every edit, exact."""
    session = run_edits(src, tmp_path, src.name, 6, suffixes)
    assert session.tables is not None and session.loads == 1


def test_a_body_edit_leaves_other_files_edges_untouched(tmp_path):
    """Editing only a function body keeps the ids of the file's definitions, so no call elsewhere is
    resolved again; a definition that vanishes re-opens the calls that reached it."""
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "core.py").write_text("def target(x):\n    return x\n\n\ndef other():\n    return 1\n")
    (root / "pkg" / "use.py").write_text("from pkg.core import target\n\n\ndef caller():\n    return target(1)\n")
    index_workspace(root)
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        ids = dict(store.conn.execute("SELECT qualname, id FROM symbols"))
        edge = store.conn.execute("SELECT id, target_id FROM calls WHERE callee='target'").fetchone()
        (root / "pkg" / "core.py").write_text("def target(x):\n    y = x + 1\n    return y\n\n\ndef other():\n    return 2\n")
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        assert dict(store.conn.execute("SELECT qualname, id FROM symbols")) == ids
        # the same row, never re-opened: its id and target are unchanged
        assert store.conn.execute("SELECT id, target_id FROM calls WHERE callee='target'").fetchone() == edge
        (root / "pkg" / "core.py").write_text("def renamed(x):\n    return x\n")
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        row = store.conn.execute("SELECT target_id, resolution FROM calls WHERE callee='target'").fetchone()
        assert row == (None, "unresolved")
        check_session(session, root, store)
    finally:
        store.close()


@pytest.mark.parametrize("before, after", [
    # the base is imported under another name: the class must follow its definition vanishing
    ("class Base:\n    def run(self):\n        return 1\n", "class Other:\n    def run(self):\n        return 1\n"),
    # the base appears: a class whose base named nothing now derives from it
    ("class Other:\n    pass\n", "class Other:\n    pass\n\n\nclass Base:\n    def run(self):\n        return 1\n"),
])
def test_bases_follow_their_definitions(tmp_path, before, after):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "a.py").write_text(before)
    (root / "b.py").write_text("from a import Base as B\n\n\nclass Sub(B):\n    def go(self):\n        return self.run()\n\n\n"
                                "def make():\n    return B().run()\n")
    (root / "c.py").write_text("from b import Sub\n\n\nclass Leaf(Sub):\n    pass\n")
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "a.py").write_text(after)
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        check_session(session, root, store)
        bases = dict(store.conn.execute("SELECT s.qualname, t.qualname FROM inherits i JOIN symbols s ON"
                                        " s.id = i.class_id LEFT JOIN symbols t ON t.id = i.target_id"))
        assert bases == {"b.Sub": "a.Base" if "Base" in after else None, "c.Leaf": "b.Sub"}
    finally:
        store.close()
    assert_equals_clean(root, tmp_path)


def test_a_return_type_changed_through_a_local_reaches_every_caller(tmp_path):
    """`x = A()` -> `x = B()` under an unchanged `return x`: callers typed through make() follow,
    in other files and in the same file (whose own unchanged functions must not keep old rows)."""
    root = tmp_path / "ws"
    root.mkdir()
    classes = "class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 2\n\n\n"
    same_file = "\n\ndef user():\n    return make().run()\n"
    (root / "a.py").write_text(classes + "def make():\n    x = A()\n    return x\n" + same_file)
    (root / "b.py").write_text("from a import make\n\n\ndef use():\n    return make().run()\n")
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "a.py").write_text(classes + "def make():\n    x = B()\n    return x\n" + same_file)
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        targets = dict(store.conn.execute(
            "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
            " JOIN symbols t ON t.id = c.target_id WHERE c.callee = 'make().run'"))
        assert targets == {"b.use": "a.B.run", "a.user": "a.B.run"}
    finally:
        store.close()


def test_unchanged_functions_keep_their_resolved_rows(tmp_path):
    """A save inside one function re-resolves that function's calls only; the rows of the others are
    copied (same targets at their new lines), and the result equals a clean index."""
    root = tmp_path / "ws"
    root.mkdir()
    body = "def helper():\n    return 1\n\n\ndef first():\n    return helper()\n\n\ndef second():\n    return helper()\n"
    (root / "m.py").write_text(body)
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "m.py").write_text("\n\n" + body.replace("def first():\n    return helper()",
                                                         "def first():\n    y = 2\n    print(y)\n    return helper()"))
        written = []
        store.conn.set_profile(lambda sql, ns: written.append(sql))
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        store.conn.set_profile(None)
        rows = store.conn.execute("SELECT s.name, c.line, t.name, c.resolution FROM calls c JOIN symbols s"
                                  " ON s.id = c.caller_id JOIN symbols t ON t.id = c.target_id ORDER BY c.line").fetchall()
        assert rows == [("first", 10, "helper", "local"), ("second", 14, "helper", "local")]
        # second's call was written resolved; only first's went through the resolver
        resolved_inserts = [q for q in written if q.startswith("INSERT INTO calls") and "'pending'" not in q]
        assert resolved_inserts, "no call row was carried over"
    finally:
        store.close()
    assert_equals_clean(root, tmp_path)


def test_a_changed_local_re_resolves_the_calls_of_its_scope(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    classes = "class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 2\n\n\n"
    (root / "m.py").write_text(classes + "def f():\n    x = A()\n    x.run()\n")
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "m.py").write_text(classes + "def f():\n    x = B()\n    x.run()\n")
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        target = store.conn.execute("SELECT t.qualname FROM calls c JOIN symbols t ON t.id = c.target_id"
                                    " WHERE c.callee = 'x.run'").fetchall()
        assert target == [("m.B.run",)]
    finally:
        store.close()


def test_a_write_by_another_process_makes_the_session_load_afresh(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "a.py").write_text("def f():\n    return 1\n")
    (root / "b.py").write_text("from a import f\n\n\ndef g():\n    return f()\n")
    store, session = made_here(Store(root)), ResolveSession()      # stamped, as the daemon's writer is
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "a.py").write_text("def f():\n    return 2\n\n\ndef h():\n    return 3\n")
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        assert session.loads == 1
        (root / "a.py").write_text("def h():\n    return 3\n")
        index_workspace(root)                      # another writer: the session's tables are behind
        (root / "b.py").write_text("from a import h\n\n\ndef g():\n    return h()\n")
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        assert session.loads == 2
        check_session(session, root, store)
    finally:
        store.close()


def test_a_chain_through_an_added_method_follows_it(tmp_path):
    """`m.added().run()` in an importing file: nothing named `run` changed, but `added` appeared."""
    root = tmp_path / "ws"
    root.mkdir()
    head = "class A:\n    def run(self):\n        return 1\n\n\nclass Maker:\n    def other(self):\n        return 0\n"
    (root / "a.py").write_text(head)
    (root / "b.py").write_text("from a import Maker\n\n\ndef use(m: Maker):\n    return m.added().run()\n")
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "a.py").write_text(head + "\n    def added(self) -> A:\n        return A()\n")
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        assert session.loads == 1
        row = store.conn.execute("SELECT t.qualname, c.resolution FROM calls c JOIN symbols t ON t.id = c.target_id"
                                 " WHERE c.callee = 'm.added().run'").fetchall()
        assert row == [("a.A.run", "inferred")]
    finally:
        store.close()
    assert_equals_clean(root, tmp_path)


@pytest.mark.parametrize("before, after, passed", [("apply(a)", "apply(b)", {"app.b"}),
                                                   ("apply(a)", "apply(fn=b)", {"app.b"}),
                                                   ("apply(a)", "len(a)", set()), ("len(a)", "apply(a)", {"app.a"})])
def test_an_argument_changed_in_a_body_reaches_the_parameter_in_another_file(tmp_path, before, after, passed):
    """`apply(a)` -> `apply(b)` inside a function of another file: `fn()` in apply follows, with kept
    tables (the daemon) and without, and the index equals a clean one."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "lib.py").write_text("def apply(fn):\n    def inner():\n        return fn()\n    return fn(), inner\n")
    app = "from lib import apply\n\n\ndef a():\n    return 1\n\n\ndef b():\n    return 2\n\n\ndef run():\n    return {}\n"
    (root / "app.py").write_text(app.format(before))
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        (root / "app.py").write_text(app.format(after))
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        targets = {(s, t) for s, t in store.conn.execute(
            "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
            " JOIN symbols t ON t.id = c.target_id WHERE c.callee = 'fn' AND c.resolution = 'inferred'")}
        assert targets == {(caller, callee) for caller in ("lib.apply", "lib.apply.inner") for callee in passed}
    finally:
        store.close()
    assert_equals_clean(root, tmp_path)
