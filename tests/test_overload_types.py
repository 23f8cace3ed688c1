"""Same-arity overloads chosen by the static types of the arguments (Java): literals, `new T[]`,
`new T()`, casts, typed locals, parameters, fields (own and through a typed receiver), `this`, a
subclass passed for its base; an argument whose type is not known keeps every candidate with the
count; and a daemon-style update that changes only a field's declared type equals a clean index."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from daemonkit import assert_same_graph

from graphmind.index import workspace
from graphmind.index.indexer import index_files, index_workspace
from graphmind.resolve.overloads import param_types, type_parameters
from graphmind.resolve.session import ResolveSession
from graphmind.store import Store, open_reader

SINK = """package shop;

import java.io.InputStream;

public class Sink {
    public long total;
    public long[] batch;
    public void add(long v) { }
    public void add(long[] v) { }
    public String parse(InputStream in) { return null; }
    public String parse(String text) { return text; }
    public void f(int x) { }
    public void f(String x) { }
    public void put(Item item) { }
    public void put(String s) { }
    public void take(java.util.List<String> items) { }
    public void take(Class<?> type) { }
}
"""
ENTRY = "package shop;\n\npublic class Entry {\n    public long handle;\n    public long[] handles;\n}\n"
BOX = """package shop;

public class Box<TValue> {
    public void put(TValue value) { }
    public void put(int[] values) { }
    public String label() { return ""; }
}
"""
HOLDER = "package app;\n\nclass Holder {\n    long id;\n    long[] ids;\n}\n"
JAVA = {
    "shop/Sink.java": SINK,
    "shop/Item.java": "package shop;\n\npublic class Item {\n}\n",
    "shop/Entry.java": ENTRY,
    "app/Holder.java": HOLDER,
    "shop/Box.java": BOX,
    "shop/Special.java": "package shop;\n\npublic class Special extends Item {\n}\n",
    "app/App.java": """package app;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import shop.Box;
import shop.Entry;
import shop.Sink;
import shop.Special;

public class App {
    private Sink sink = new Sink();
    private long[] buffer = new long[4];
    private String name = "n";

    void literals() {
        sink.add(1L);
        sink.add(new long[] {1, 2});
        sink.f(3);
        sink.f("three");
        sink.add(7);
        sink.add(null);
        sink.f('c');
    }

    void locals(InputStream in) {
        String s = "x";
        long n = 2;
        sink.parse(in);
        sink.parse(s);
        sink.add(n);
    }

    void fields() {
        sink.add(buffer);
        sink.f(name);
        sink.add(sink.total);
        sink.add(sink.batch);
        sink.add(this.buffer);
    }

    void params(long v, long[] vs, int i) {
        sink.add(v);
        sink.add(vs);
        sink.f(i);
    }

    void casts(Object o) {
        sink.f((String) o);
        sink.add((long) 3.5);
        sink.put(new Special());
    }

    void entries(Entry entry) {
        sink.add(entry.handle);
        sink.add(entry.handles);
    }

    void holders(Holder holder) {
        sink.add(holder.id);
        sink.add(holder.ids);
    }

    void unknown(List<String> list) {
        sink.f(list.get(0));
    }

    void collections(ArrayList<String> all, List<String> some, Class<?> type) {
        sink.take(all);
        sink.take(some);
        sink.take(type);
    }

    void lambdas(List<Long> values) {
        values.forEach(buffer -> sink.add(buffer));
    }

    void built(Box<String> box) {
        sink.put(new Special().toString());
        box.put("s");
        box.put(new int[0]);
    }
}
""",
}
ADD_LONG, ADD_ARRAY, PARSE_STREAM, PARSE_STRING, F_INT, F_STRING, PUT_ITEM = 8, 9, 10, 11, 12, 13, 14
TAKE_LIST, TAKE_CLASS = 16, 17


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def sites(root: Path, caller: str) -> dict[int, set[tuple[int, int]]]:
    """Call line -> {(target line, candidates)} for the calls of one method to Sink."""
    conn = open_reader(root)
    try:
        out: dict[int, set[tuple[int, int]]] = {}
        for line, target, n in conn.execute(
                "SELECT c.line, t.start_line, c.candidates FROM calls c JOIN symbols s ON s.id = c.caller_id"
                " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.kind = 'call'"
                " AND t.qualname LIKE 'shop.Sink.%'", (caller,)):
            out.setdefault(line, set()).add((target, n))
        return out
    finally:
        conn.close()


def chosen(root: Path, caller: str) -> list[int | None]:
    """The one overload each call of the method reaches, in line order (None: several listed)."""
    found = sites(root, caller)
    return [next(iter(t))[0] if len(t) == 1 else None for _, t in sorted(found.items())]


@pytest.fixture
def java(tmp_path):
    root = tmp_path / "java"
    write(root, JAVA)
    index_workspace(root)
    return root


def test_parameter_types_and_type_parameters_from_signatures():
    assert param_types("void f(int a[], long[][] b, final Map<K, V> m, @Nullable String s)", "f") == (
        "int[]", "long[][]", "Map", "String")
    assert param_types("void log(String head, Object... parts)", "log") == ("String", "Object[]")
    assert param_types("void f()", "f") == ()
    assert type_parameters("public class Box<K, V extends Comparable<V>> extends Base<K>", "Box") == ("K", "V")
    assert type_parameters("public static <T extends Foo<T>, U> T get(Class<T> c)", "get") == ("T", "U")
    assert type_parameters("void f(Map<K, V> m)", "f") == ()


@pytest.mark.parametrize("caller,expected", [
    ("literals", [ADD_LONG, ADD_ARRAY, F_INT, F_STRING, ADD_LONG, ADD_ARRAY, F_INT]),
    ("locals", [PARSE_STREAM, PARSE_STRING, ADD_LONG]),
    ("fields", [ADD_ARRAY, F_STRING, ADD_LONG, ADD_ARRAY, ADD_ARRAY]),
    ("params", [ADD_LONG, ADD_ARRAY, F_INT]),
    ("casts", [F_STRING, ADD_LONG, PUT_ITEM]),
    ("entries", [ADD_LONG, ADD_ARRAY]),
    ("holders", [ADD_LONG, ADD_ARRAY]),
    ("collections", [TAKE_LIST, TAKE_LIST, TAKE_CLASS]),
])
def test_same_arity_overloads_follow_argument_types(java, caller, expected):
    assert chosen(java, f"app.App.{caller}") == expected


def test_an_argument_of_unknown_type_keeps_both_overloads(java):
    assert list(sites(java, "app.App.unknown").values()) == [{(F_INT, 2), (F_STRING, 2)}]


def test_a_lambda_parameter_is_not_the_field_of_its_name(java):
    """`buffer -> sink.add(buffer)`: the lambda's `buffer` (a Long) is not the field `long[] buffer`."""
    assert list(sites(java, "app.App.lambdas").values()) == [{(ADD_LONG, 2), (ADD_ARRAY, 2)}]


def test_a_call_on_a_new_object_is_not_the_object_and_a_type_variable_takes_anything(java):
    """`new Special().toString()` is not a Special (not known: both `put` stay); `Box<TValue>.put(TValue)`
    takes a String (`put(int[])` cannot); an int array fits both (TValue's argument is not followed)."""
    conn = open_reader(java)
    try:
        rows = conn.execute(
            "SELECT c.line, t.qualname, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id"
            " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = 'app.App.built' AND c.kind = 'call'"
            " ORDER BY c.line, t.start_line").fetchall()
    finally:
        conn.close()
    first = min(line for line, _, _ in rows)
    assert [(line - first, q, n) for line, q, n in rows] == [
        (0, "shop.Sink.put", PUT_ITEM), (0, "shop.Sink.put", PUT_ITEM + 1),
        (1, "shop.Box.put", 4), (2, "shop.Box.put", 4), (2, "shop.Box.put", 5)]


@pytest.mark.parametrize("path,old,new,caller,expected", [
    # the overloads' own file changes
    ("shop/Sink.java", SINK, SINK.replace("long total;", "long[] total;").replace("long[] batch;", "long batch;"),
     "fields", [ADD_ARRAY, F_STRING, ADD_ARRAY, ADD_LONG, ADD_ARRAY]),
    # a third file, which neither the call's text nor the overloads name
    ("shop/Entry.java", ENTRY, ENTRY.replace("long handle;", "long[] handle;").replace("long[] handles;", "long handles;"),
     "entries", [ADD_ARRAY, ADD_LONG]),
    # only an overload's parameter type changes: an InputStream is not a Reader (the JDK's supertypes),
    # and a String is neither (none fits: both stay)
    ("shop/Sink.java", SINK, SINK.replace("parse(String text)", "parse(java.io.Reader text)"),
     "locals", [PARSE_STREAM, None, ADD_LONG]),
    # a class of the caller's own package (no import)
    ("app/Holder.java", HOLDER, HOLDER.replace("long id;", "long[] id;").replace("long[] ids;", "long ids;"),
     "holders", [ADD_ARRAY, ADD_LONG]),
])
def test_a_field_type_changed_elsewhere_re_resolves_and_equals_a_clean_index(java, tmp_path, path, old, new,
                                                                             caller, expected):
    """Only a class's field declarations change (an array becomes a long and back): the calls in App
    passing those fields reach the other overload after a daemon-style update, as a clean index says."""
    store, session = Store(java), ResolveSession()
    try:
        index_files(store, workspace.walk(java), [], complete=True, session=session)
        write(java, {path: new})
        index_files(store, workspace.walk(java), [], complete=True, session=session)
    finally:
        store.close()
    assert chosen(java, f"app.App.{caller}") == expected
    clean = tmp_path / "clean"
    shutil.copytree(java, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert_same_graph(java / ".graphmind" / "index.db", clean / ".graphmind" / "index.db")
