"""Java call sites whose receiver is certainly of an outside type are `external`, not `possible` among
the workspace's same-named methods (graphmind/lang/externals.py), one construct per case as JPype
writes them; receivers that may hold a workspace type stay `possible`. Also: a generic base class
(`extends Parser<List<Attr>>`) is found, and a try-with-resources variable is typed."""
from __future__ import annotations

import pytest

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

SHOP = """package shop;

import java.io.InputStream;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

public class Shop<T> extends ClassLoader {
    public static final HashSet<String> NAMES = new HashSet<>();
    Map<String, List<String>> index;
    List<Item> items;
    List<T> held;

    public boolean equals(Object a, Object b) { return a == b; }
    public boolean contains(String s) { return false; }
    public String toString(int radix) { return ""; }
    public Object order() { return null; }
    public int read() { return 0; }
    public Object getResource(String name) { return null; }
    public void add(Object o) { }

    boolean literal(String s) { return "x".equals(s); }
    Object cast(Object b) { return ((java.nio.ByteBuffer) b).order(); }
    boolean chain(URI uri) { return uri.getScheme().equals("jar"); }
    boolean array(StackTraceElement[] trace) { return trace[0].equals(null); }
    void statics() { Runtime.getRuntime().exit(0); }
    boolean field() { return NAMES.contains("a"); }
    void generic() { this.index.get("k").add("v"); }
    Object parent() { return super.getResource("r"); }
    int resource(InputStream in) throws Exception {
        try (InputStream is = in) { return is.read(); }
    }
    // a workspace type may come back: these stay possible
    void itemOf() { items.get(0).add("x"); }
    void typeParameter() { held.get(0).equals(null); }
}
"""
ITEM = """package shop;

public class Item {
    public void add(Object o) { }
    public String name() { return this.toString(); }
}
"""
PARSERS = """package shop;

import java.util.List;

class Parser<T> {
    public T parse(String s) { return null; }
}

class ListParser extends Parser<List<String>> {
    static void use() { new ListParser().parse("a"); }
}
"""


@pytest.fixture(scope="module")
def rows(tmp_path_factory) -> dict[str, set[str]]:
    root = tmp_path_factory.mktemp("javaext") / "ws"
    for rel, text in (("shop/Shop.java", SHOP), ("shop/Item.java", ITEM), ("shop/Parsers.java", PARSERS)):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    index_workspace(root)
    conn = open_reader(root)
    out: dict[str, set[str]] = {}
    for caller, callee, how, target in conn.execute(
            "SELECT s.name, c.callee, c.resolution, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
            " LEFT JOIN symbols t ON t.id = c.target_id WHERE c.implicit = 0 AND c.kind != 'reference'"):
        out.setdefault(f"{caller}:{callee}", set()).add(how if target is None else f"{how} {target}")
    conn.close()
    return out


@pytest.mark.parametrize("site", [
    'literal:"x".equals', "cast:((java.nio.ByteBuffer) b).order", "chain:uri.getScheme().equals",
    "array:trace[0].equals", "statics:Runtime.getRuntime().exit", "field:NAMES.contains",
    'generic:this.index.get("k").add', "parent:super.getResource", "resource:is.read", "name:this.toString"])
def test_outside_receivers_are_external(rows, site):
    assert rows[site] == {"external"}, rows[site]


def test_receivers_that_may_hold_a_workspace_type_stay_possible(rows):
    site = "typeParameter:held.get(0).equals"
    assert "external" not in rows[site] and any(r.startswith("possible") for r in rows[site]), rows[site]


def test_an_element_of_an_outside_container_of_a_workspace_type_is_that_type(rows):
    """`List<Item> items; items.get(0).add(…)`: javac binds Item.add."""
    assert rows["itemOf:items.get(0).add"] == {"inferred shop.Item.add"}


def test_a_generic_base_class_is_found(rows):
    assert rows['use:new ListParser().parse'] == {"inferred shop.Parser.parse"}
