"""Kept tables in the languages whose hooks rewrite them when a pass starts (Go receivers and import
paths, Rust impl blocks and `use` paths, C++ out-of-line members): after every scripted edit the kept
tables equal freshly loaded and rewritten ones, the tables are loaded once, and the index ends equal
to a clean index. The edits are the ones that move what the rewrites link: a method and its type in
different files, the type's file changing or vanishing, an impl block's trait."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_session import assert_equals_clean, check_session

from graphmind.index import workspace
from graphmind.index.indexer import index_files, index_workspace
from graphmind.resolve.session import ResolveSession
from graphmind.store import Store

GO = {
    "go.mod": "module example.com/kept\n\ngo 1.21\n",
    "store/store.go": "package store\n\ntype Store struct {\n\tn int\n}\n\nfunc NewStore() *Store {\n\treturn &Store{}\n}\n",
    "store/methods.go": "package store\n\nfunc (s *Store) Add(x int) int {\n\treturn s.n + x\n}\n",
    "app/main.go": ('package app\n\nimport "example.com/kept/store"\n\nfunc Run() int {\n\ts := store.NewStore()\n'
                    "\treturn s.Add(1)\n}\n"),
}
GO_EDITS = [
    ("store/methods.go", "package store\n\nfunc (s *Store) Add(x int) int {\n\ty := x * 2\n\treturn s.n + y\n}\n"),
    ("store/store.go", None),                                              # the receiver type vanishes
    ("store/store.go", GO["store/store.go"].replace("n int", "n int\n\tm int")),   # and comes back
    ("store/methods.go", "package store\n\nfunc (s *Store) Put(x int) int {\n\treturn x\n}\n"),   # renamed
    ("store/store.go", GO["store/store.go"] + "\nfunc (s *Store) Add(x int) int {\n\treturn s.Put(x)\n}\n"),
    ("app/main.go", GO["app/main.go"].replace("s.Add(1)", "s.Add(s.Put(2))")),
]

RUST = {
    "Cargo.toml": '[package]\nname = "kept"\nversion = "0.1.0"\n',
    "src/lib.rs": "pub mod shapes;\npub mod impls;\npub mod app;\n",
    "src/shapes.rs": "pub trait Area {\n    fn area(&self) -> u32;\n}\n\npub struct Square {\n    pub side: u32,\n}\n",
    "src/impls.rs": ("use crate::shapes::{Area, Square};\n\nimpl Square {\n    pub fn new(side: u32) -> Square {\n"
                     "        Square { side }\n    }\n}\n\nimpl Area for Square {\n    fn area(&self) -> u32 {\n"
                     "        self.side * self.side\n    }\n}\n"),
    "src/app.rs": ("use crate::shapes::Square;\n\npub fn run() -> u32 {\n    let s = Square::new(2);\n"
                   "    s.area()\n}\n"),
}
RUST_EDITS = [
    ("src/impls.rs", RUST["src/impls.rs"].replace("self.side * self.side", "self.side * 2")),
    ("src/impls.rs", RUST["src/impls.rs"].split("impl Area")[0]),         # the trait impl (a base) goes
    ("src/shapes.rs", RUST["src/shapes.rs"] + "\npub struct Circle {\n    pub r: u32,\n}\n"),
    ("src/impls.rs", RUST["src/impls.rs"]),                                # and comes back
    ("src/shapes.rs", None),                                               # the type's file vanishes
    ("src/shapes.rs", RUST["src/shapes.rs"]),
    ("src/app.rs", RUST["src/app.rs"].replace("s.area()", "s.area() + Square::new(3).area()")),
]

CPP = {
    "include/shape.hpp": "#pragma once\nclass Shape {\npublic:\n    int area();\n    int side;\n};\n",
    "src/shape.cpp": '#include "shape.hpp"\n\nint Shape::area() {\n    return side * side;\n}\n',
    "src/main.cpp": ('#include "shape.hpp"\n\nint run() {\n    Shape s;\n    return s.area();\n}\n'),
}
CPP_EDITS = [
    ("src/shape.cpp", '#include "shape.hpp"\n\nint Shape::area() {\n    int k = side;\n    return k * side;\n}\n'),
    ("include/shape.hpp", None),                                           # the class vanishes
    ("include/shape.hpp", CPP["include/shape.hpp"].replace("int side;", "int side;\n    int twice();")),
    ("src/shape.cpp", CPP["src/shape.cpp"] + "\nint Shape::twice() {\n    return area() * 2;\n}\n"),
    ("src/main.cpp", CPP["src/main.cpp"].replace("s.area()", "s.twice()")),
]


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


@pytest.mark.parametrize("files,edits", [(GO, GO_EDITS), (RUST, RUST_EDITS), (CPP, CPP_EDITS)], ids=["go", "rust", "cpp"])
def test_scripted_edits_keep_rewritten_tables_exact(files, edits, tmp_path):
    root = tmp_path / "ws"
    write(root, files)
    index_workspace(root)
    store, session = Store(root), ResolveSession()
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        for rel, text in edits:
            if text is None:
                (root / rel).unlink()
            else:
                write(root, {rel: text})
            index_files(store, workspace.walk(root), [], complete=True, session=session)
            check_session(session, root, store)
        assert session.loads == 1 and len(session.tables.rewrites) > 0
    finally:
        store.close()
    assert_equals_clean(root, tmp_path)


def test_a_trait_impl_in_another_file_moves_the_types_bases(tmp_path):
    """`impl Area for Square` written in impls.rs makes Area a base of shapes.rs's Square; removing the
    impl takes the base away, with the kept tables and bases (the impl's file alone changes)."""
    root = tmp_path / "ws"
    write(root, RUST)
    store, session = Store(root), ResolveSession()

    def bases() -> set[tuple[str, str]]:
        return set(store.conn.execute("SELECT s.qualname, t.qualname FROM inherits i JOIN symbols s ON"
                                      " s.id = i.class_id JOIN symbols t ON t.id = i.target_id"))
    try:
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        assert session.bases[session.tables.by_qual["crate.shapes.Square"]] == [session.tables.by_qual["crate.shapes.Area"]]
        write(root, {"src/impls.rs": RUST["src/impls.rs"].split("impl Area")[0]})
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        assert session.bases.get(session.tables.by_qual["crate.shapes.Square"], []) == []
        check_session(session, root, store)
        write(root, {"src/impls.rs": RUST["src/impls.rs"]})
        index_files(store, workspace.walk(root), [], complete=True, session=session)
        check_session(session, root, store)
        assert session.loads == 1 and bases() == {("crate.impls.Square", "crate.shapes.Area")}
    finally:
        store.close()


APPENDS = {"csharp_shop": ("Shop/Extra.cs", "namespace Shop {{\n    class Extra{n} {{\n        void Run() {{ }}\n    }}\n}}\n"),
           "kotlin_shop": ("src/main/kotlin/com/acme/util/Extra.kt",
                           "package com.acme.util\n\nfun extra{n}(s: String): String = Strings.clean(upper(s))\n"),
           "c_shop": ("src/extra.c", "int extra{n}(void) {{ return {n}; }}\n")}


def test_daemon_keeps_tables_through_edits_in_every_language(tmp_path, no_leaks):
    """A real daemon on a workspace of Go, Rust, C++, C, C# and Kotlin: edits in each language (the
    scripted ones above, files added in the others) end equal to a clean index, and the resolver's
    tables were loaded once, at start (`daemon status` reports `tables_loaded`)."""
    import json

    from conftest import run_cli
    from daemonkit import assert_equals_clean as daemon_equals_clean
    from daemonkit import start_daemon, stop_daemon, wait_fresh
    root = tmp_path / "ws"
    for name, files in (("go", GO), ("rust", RUST), ("cpp", CPP)):
        write(root, {f"{name}/{rel}": text for rel, text in files.items()})
    repos = Path(__file__).parent / "fixtures" / "repos"
    for name in APPENDS:
        shutil.copytree(repos / name, root / name)
    index_workspace(root)
    pid = start_daemon(root)
    try:
        wait_fresh(root)
        steps = [(f"{name}/{rel}", text) for name, edits in (("go", GO_EDITS), ("rust", RUST_EDITS), ("cpp", CPP_EDITS))
                 for rel, text in edits]
        steps += [(f"{name}/{rel}", text.format(n=n)) for n in range(2) for name, (rel, text) in APPENDS.items()]
        for i, (rel, text) in enumerate(steps):
            if text is None:
                (root / rel).unlink()
            else:
                write(root, {rel: text})
            if i % 3 == 2:
                wait_fresh(root)
        wait_fresh(root)
        status = json.loads(run_cli("daemon", "status", "--json", cwd=root, check=True).stdout)
        assert status["updates"] >= 5 and status["tables_loaded"] == 1, status
    finally:
        stop_daemon(root, pid)
    daemon_equals_clean(root, tmp_path, "scripted edits in Go, Rust, C++, C, C# and Kotlin")
