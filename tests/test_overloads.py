"""Overloads picked by argument count (graphmind/resolve/overloads.py): Java methods and constructors,
an overload inherited from a base, varargs, two overloads that both fit an argument of unknown type
(both rows, with the count), C++ overloads declared in a class and defined out of line; and a daemon-style update that
changes only a call's argument count re-resolves it."""
from __future__ import annotations

from pathlib import Path

import pytest

from graphmind.index import workspace
from graphmind.index.indexer import index_files, index_workspace
from graphmind.resolve.overloads import param_counts
from graphmind.resolve.session import ResolveSession
from graphmind.store import Store, open_reader

JAVA = {
    "shop/Printer.java": """package shop;

public class Printer {
    public Printer() { }
    public Printer(String name) { }
    public void print(String s) { }
    public void print(String s, int times) { }
    public void log(String head, Object... parts) { }
    public void log(int level) { }
    public void pad(int a) { }
    public void pad(String a) { }
}
""",
    "shop/Fancy.java": """package shop;

public class Fancy extends Printer {
    public void print(String s, int times, boolean bold) { }
}
""",
    "app/App.java": """package app;

import shop.Fancy;
import shop.Printer;

public class App {
    void one(Printer p) { p.print("x"); }
    void two(Printer p) { p.print("x", 2); }
    void inherited(Fancy f) { f.print("x"); }
    void own(Fancy f) { f.print("x", 1, true); }
    void varargs(Printer p) { p.log("a", 1, 2, 3); }
    void level(Printer p) { p.log(3); }
    void both(Printer p) { p.pad(Settings.width()); }
    void none() { new Printer(); }
    void named() { new Printer("n"); }
}
""",
}

CPP = {
    "shape.hpp": "class Shape {\npublic:\n    int scale(int k);\n    int scale(int k, int m);\n};\n",
    "shape.cpp": ('#include "shape.hpp"\n\nint Shape::scale(int k) {\n    return k;\n}\n\n'
                  "int Shape::scale(int k, int m) {\n    return k * m;\n}\n"),
    "main.cpp": ('#include "shape.hpp"\n\nint one() {\n    Shape s;\n    return s.scale(1);\n}\n\n'
                 "int two() {\n    Shape s;\n    return s.scale(1, 2);\n}\n"),
}


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def targets(root: Path, caller: str) -> set[tuple[str, int, str, int]]:
    """(target qualified name, its line, resolution, candidates) of every resolved row of a caller."""
    conn = open_reader(root)
    try:
        return set(conn.execute(
            "SELECT t.qualname, t.start_line, c.resolution, c.candidates FROM calls c JOIN symbols s"
            " ON s.id = c.caller_id JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ?"
            " AND c.kind IN ('call', 'constructor')", (caller,)))
    finally:
        conn.close()


@pytest.fixture
def java(tmp_path):
    root = tmp_path / "java"
    write(root, JAVA)
    index_workspace(root)
    return root


def test_param_counts_from_signatures():
    assert param_counts("public void log(String head, Object... parts)", "log") == (1, None)
    assert param_counts("public <T> Map<K, V> get(Class<T> c, int i) throws IOException", "get") == (2, 2)
    assert param_counts("int f(int a, int b = 0)", "f") == (1, 2)
    assert param_counts("fun g(a: Int, b: Map<String, Int> = mapOf()): Int", "g") == (1, 2)
    assert param_counts("void Run(params int[] rest)", "Run") == (0, None)
    assert param_counts("int f(void)", "f") == (0, 0)


@pytest.mark.parametrize("caller,expected", [
    ("app.App.one", {("shop.Printer.print", 6)}),
    ("app.App.two", {("shop.Printer.print", 7)}),
    ("app.App.inherited", {("shop.Printer.print", 6)}),          # the subclass has only a 3-argument one
    ("app.App.own", {("shop.Fancy.print", 4)}),
    ("app.App.varargs", {("shop.Printer.log", 8)}),
    ("app.App.level", {("shop.Printer.log", 9)}),
    ("app.App.none", {("shop.Printer.Printer", 4)}),
    ("app.App.named", {("shop.Printer.Printer", 5)}),
])
def test_java_calls_reach_the_overload_their_arguments_fit(java, caller, expected):
    assert {(q, line) for q, line, _, _ in targets(java, caller)} == expected


def test_two_fitting_overloads_are_both_listed_possible_with_their_count(java):
    assert {(q, line, how, n) for q, line, how, n in targets(java, "app.App.both")} == {
        ("shop.Printer.pad", 10, "possible", 2), ("shop.Printer.pad", 11, "possible", 2)}


def test_cpp_out_of_line_overloads(tmp_path):
    root = tmp_path / "cpp"
    write(root, CPP)
    index_workspace(root)
    assert {(q, line) for q, line, _, _ in targets(root, "main.one")} == {("shape.Shape.scale", 3)}
    assert {(q, line) for q, line, _, _ in targets(root, "main.two")} == {("shape.Shape.scale", 7)}


def test_an_argument_count_changed_in_a_save_re_resolves_the_call(java):
    """Only the call's argument count changes (same text before the parenthesis): the row is not
    carried over from the old resolution, it reaches the other overload."""
    store, session = Store(java), ResolveSession()
    try:
        index_files(store, workspace.walk(java), [], complete=True, session=session)
        write(java, {"app/App.java": JAVA["app/App.java"].replace('p.print("x"); }', 'p.print("x", 5); }')})
        index_files(store, workspace.walk(java), [], complete=True, session=session)
    finally:
        store.close()
    assert {(q, line) for q, line, _, _ in targets(java, "app.App.one")} == {("shop.Printer.print", 7)}


def test_a_java_variable_named_cls_is_no_self(tmp_path):
    """`cls.equals(x)` on a `Class cls` parameter: outside Python `cls` is an ordinary name, so the
    call never reaches the class's own static `equals(a, b)` as a `self` call (a wrong JPype edge)."""
    root = tmp_path / "cls"
    write(root, {"u/Util.java": """package u;

public class Util {
    static boolean same(Class cls, Object o) {
        return cls.equals(o.getClass());
    }

    private static boolean equals(Object a, Object b) {
        return a == b;
    }
}
"""})
    index_workspace(root)
    assert targets(root, "u.Util.same") == set()
