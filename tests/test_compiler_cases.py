"""Java and Go call sites as their compilers bind them (javac's attribution, go/types), in the idioms
real projects use: what scripts/score_java_oracle.py and scripts/score_go_oracle.py found missed or
wrong, one construct per test (a site the arguments cannot tell apart is `possible`, never several
resolved edges)."""
from __future__ import annotations

import pytest
from langcases import assert_equals_clean, indexed_workspace

from graphmind.index.indexer import index_workspace
from graphmind.lang.go import builds as go_builds
from graphmind.store import open_reader

LOG = """package billing.util;

public final class Log {
    public static void warn(String tag, String message) { }
    public static void warn(String tag, Throwable error) { }
    public static void debug(String tag, String format) { }
    public static void debug(String tag, String format, Throwable error) { }
    public static void debug(String tag, String format, Object... args) { }
}
"""
RATE = """package billing;

public enum Rate {
    FLAT {
        @Override
        public long apply(long cents) { return cents + 100; }
    },
    PERCENT {
        @Override
        public long apply(long cents) { return cents * 101 / 100; }
    };

    public abstract long apply(long cents);
}
"""
LEDGER = """package billing;

public class Ledger {
    public void record(String id, long cents) { }
    public void record(String id, Object note) { }
}
"""
SERVICE = """package billing;

import billing.util.Log;

public class Service {
    protected final String name;
    protected final int retries;

    public Service(String name) {
        this(name, 3);
    }

    public Service(String name, int retries) {
        this.name = name;
        this.retries = retries;
    }
}
"""
REFUNDS = """package billing;

import billing.util.Log;

public class Refunds extends Service {
    private static final String TAG = "Refunds";
    private final Ledger ledger = new Ledger();
    private final Rate rate;

    public Refunds(Rate rate) {
        super("refunds");
        this.rate = rate;
    }

    public Ledger ledger() { return ledger; }

    public long refund(String id, long cents, Object reason, Object handler) {
        long total = rate.apply(cents);
        ledger.record(id, total);
        ledger().record(id, total);
        this.ledger.record(id, reason);
        Ledger book = new Ledger();
        book.record(id, java.util.Objects.requireNonNull(handler));
        Log.warn(TAG, "refund " + id + " issued for an amount the gateway reported as settled: " + total);
        Log.debug(TAG, "refund %s", id);
        ((Refunds) handler).ledger.record(id, total);
        return total;
    }
}
"""
STORE = """package billing;

public abstract class Store<T> {
    public abstract T find(String id);
}
"""
DESK = """package billing;

import java.util.List;
import java.util.Map;
import java.util.Optional;

public class Desk {
    private Store<Ledger> ledgers;
    private Map<String, Ledger> byId;
    private List<Ledger> open;
    private Archive archive;

    public String settle(String id, Optional<Ledger> chosen) {
        ledgers.find(id).record(id, 1L);
        byId.get(id).record(id, 2L);
        open.get(0).record(id, 3L);
        open.iterator().next().record(id, 4L);
        chosen.orElseThrow().record(id, 5L);
        archive.find(id).record(id, 6L);
        open.size();
        Object any = byId.get(id);
        return any.toString();
    }

    @Override
    public String toString() { return "desk"; }
}
"""
CHECK = """package billing;

import java.io.File;
import java.nio.file.Path;

public interface Check extends java.io.FileFilter {
    @Override
    boolean accept(File file);

    boolean accept(File dir, String name);

    default boolean accept(final Path path, final Object attributes) {
        return accept(path.toFile());
    }
}
"""
ALL_CHECKS = """package billing;

import java.io.File;
import java.util.List;

public class AllChecks implements Check {
    private List<Check> checks;

    @Override
    public boolean accept(final File file) {
        for (final Check check : checks) {
            if (!check.accept(file)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean accept(final File dir, final String name) {
        return accept(new File(dir, name));
    }
}
"""
MODE = """package billing;

public enum Mode {
    SYSTEM("system"),
    STRICT("strict");

    private final String label;

    Mode(String label) { this.label = label; }

    public boolean checkEquals(String a, String b) { return a.equals(b); }
}
"""
DEFAULTS = """package billing;

public final class Defaults {
    public static final Ledger LEDGER = new Ledger();

    static boolean same(String a, String b) {
        Defaults.LEDGER.record(a, 1L);
        return Mode.SYSTEM.checkEquals(a, b);
    }
}
"""
JAVA = {"billing/Mode.java": MODE, "billing/Defaults.java": DEFAULTS, "billing/Check.java": CHECK, "billing/AllChecks.java": ALL_CHECKS, "billing/Store.java": STORE, "billing/Archive.java": "package billing;\n\npublic abstract class Archive extends Store<Ledger> { }\n", "billing/Desk.java": DESK, "billing/util/Log.java": LOG, "billing/Rate.java": RATE, "billing/Ledger.java": LEDGER,
        "billing/Service.java": SERVICE, "billing/Refunds.java": REFUNDS}

NODE = """package node

type Lines struct{ starts []int }

func (l *Lines) At(i int) int { return l.starts[i] }

type Base struct{ lines *Lines }

func (b *Base) Lines() *Lines { return b.lines }
func (b *Base) Kind() string  { return "base" }

type Para struct {
	Base
	Text string
}

type Heading struct {
	*Base
	Level int
}

func (h *Heading) Kind() string { return "heading" }

type Node interface {
	Kind() string
	Lines() *Lines
}

func Children(n Node) []*Para { return nil }

func Split() (head *Para, rest *Heading) { return nil, nil }

// Path is the nodes from the root; it has methods of its own, as its elements do.
type Path []Node

func (p Path) Kind() string { return "path" }

// Visit is called on each node; it gives the node's lines.
type Visit func(n Node) *Lines

// Default is the heading a document starts with; Plain the paragraph.
var Default = &Heading{Level: 1}

var Plain Para

// Reset starts the trace again (Tracer is declared in another file of the package).
func Reset() { Tracer.Begin("reset") }
"""
WALK = """package render

import "example.com/doc/node"

type Registry struct {
	byName map[string]*node.Heading
	order  []node.Node
}

func Walk(nodes []node.Node, reg *Registry) int {
	total := 0
	for _, n := range nodes {
		total += len(n.Kind())
	}
	for i := range reg.order {
		reg.order[i].Kind()
	}
	reg.byName["title"].Kind()
	paras := []*node.Para{}
	for _, p := range paras {
		p.Lines().At(0)
	}
	for _, c := range node.Children(nodes[0]) {
		c.Kind()
	}
	var byLevel map[int][]*node.Heading
	byLevel[1][0].Kind()
	return total
}

func Inspect(x interface{}, h *node.Heading) {
	h.Base.Kind()
	if p, ok := x.(*node.Para); ok {
		p.Lines()
	}
	x.(*node.Heading).Kind()
	fresh := new(node.Para)
	fresh.Kind()
	base := node.Base{}
	ref := &base
	ref.Lines()
	first, second := node.Split()
	first.Lines()
	second.Kind()
	if q, ok := node.Path{h}[0].(*node.Heading); ok {
		q.Lines()
	}
	lead, tail := h, x.(*node.Para)
	tail.Kind()
	lead.Lines()
	made := node.Base{}.Lines()
	made.At(0)
	switch v := x.(type) {
	case *node.Lines:
		v.At(0)
	}
	switch w := x.(type) {
	case *node.Heading:
		w.Kind()
	case *node.Para:
		w.Kind()
	}
}

func Trace(path node.Path, visit node.Visit) string {
	for _, step := range path {
		step.Kind()
		visit(step).At(0)
	}
	node.Default.Kind()
	node.Plain.Lines()
	last := path[len(path)-1]
	last.Kind()
	return path.Kind()
}
"""
TRACE_OFF = """//go:build !nodetrace
// +build !nodetrace

package node

type tracer struct{}

func (tracer) Begin(name string) {}
"""
TRACE_ON = """//go:build nodetrace
// +build nodetrace

package node

// tracer counts how deep a walk is.
type tracer struct{ depth int }

func (t *tracer) Begin(name string) { t.depth++ }
"""
OPENER = """package node

// Tracer reports where a walk is; Open reads a file the platform's way.
var Tracer tracer

func Open(path string) string {
	Tracer.Begin(path)
	return openFile(path)
}
"""
GO = {"go.mod": "module example.com/doc\n\ngo 1.19\n", "node/node.go": NODE, "render/walk.go": WALK,
      "node/trace_off.go": TRACE_OFF, "node/trace_on.go": TRACE_ON, "node/open.go": OPENER,
      "node/open_windows.go": "package node\n\nfunc openFile(path string) string { return path }\n",
      "node/open_linux.go": "package node\n\nfunc openFile(path string) string { return path }\n"}


def _reader(tmp_path_factory, name: str, files: dict[str, str]):
    """A reader of these files, indexed in a folder of their own (one per module)."""
    conn = open_reader(indexed_workspace(tmp_path_factory.mktemp(name), files))
    yield conn
    conn.close()


@pytest.fixture(scope="module")
def java(tmp_path_factory):
    yield from _reader(tmp_path_factory, "java", JAVA)


@pytest.fixture(scope="module")
def go(tmp_path_factory):
    yield from _reader(tmp_path_factory, "go", GO)


def targets(conn, caller: str, callee: str) -> set[tuple[str, str, int]]:
    """(resolution, target, its first line) of the call sites `callee` in `caller`."""
    return set(conn.execute(
        "SELECT c.resolution, t.qualname, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = ? AND c.implicit = 0",
        (caller, callee)))


def test_a_call_on_an_enum_value_reaches_the_enum_declaration_not_each_constant_body(java):
    assert targets(java, "billing.Refunds.refund", "rate.apply") == {("inferred", "billing.Rate.apply", 13)}


@pytest.mark.parametrize("callee,target", [
    ("Defaults.LEDGER.record", ("inferred", "billing.Ledger.record", 4)),       # a static field
    ("Mode.SYSTEM.checkEquals", ("inferred", "billing.Mode.checkEquals", 11)),  # an enum constant
])
def test_a_static_field_or_enum_constant_types_the_receiver(java, callee, target):
    assert targets(java, "billing.Defaults.same", callee) == {target}


def test_overloads_the_arguments_cannot_tell_apart_are_possible(java):
    """`record(id, java.util.Objects.requireNonNull(handler))`: a result typed by an outside method's type
    variable is not known here, so both fit (a JDK `toString()` is a String: tests/test_java_library_overloads.py)."""
    rows = set(java.execute(
        "SELECT c.resolution, t.start_line FROM calls c JOIN symbols t ON t.id = c.target_id"
        " WHERE c.callee = 'book.record'"))
    assert rows == {("possible", 4), ("possible", 5)}


@pytest.mark.parametrize("callee,line", [("ledger.record", 4), ("ledger().record", 4),
                                         ("this.ledger.record", 5), ("((Refunds) handler).ledger.record", 4)])
def test_a_field_named_like_a_method_and_a_cast_type_the_receiver(java, callee, line):
    found = {(t, ln) for how, t, ln in targets(java, "billing.Refunds.refund", callee) if how != "possible"}
    assert found == {("billing.Ledger.record", line)}


def test_explicit_constructor_calls_reach_the_constructor_their_arguments_fit(java):
    assert targets(java, "billing.Service.Service", "this") == {("self", "billing.Service.Service", 13)}
    assert targets(java, "billing.Refunds.Refunds", "super") == {("self", "billing.Service.Service", 9)}


def test_a_long_concatenation_is_a_string_and_varargs_come_after_fixed_arity(java):
    assert targets(java, "billing.Refunds.refund", "Log.warn") == {("import", "billing.util.Log.warn", 4)}
    assert targets(java, "billing.Refunds.refund", "Log.debug") == {("import", "billing.util.Log.debug", 8)}


@pytest.mark.parametrize("callee", ["ledgers.find(id).record", "byId.get(id).record", "open.get(0).record",
                                    "open.iterator().next().record", "chosen.orElseThrow().record",
                                    "archive.find(id).record"])
def test_type_arguments_type_what_a_generic_gives(java, callee):
    """`Store<Ledger>.find` declared to give a T (also through `Archive extends Store<Ledger>`), and the
    JDK's containers: javac binds Ledger.record."""
    assert targets(java, "billing.Desk.settle", callee) == {("inferred", "billing.Ledger.record", 4)}


def test_a_declared_type_wins_over_what_is_assigned_and_outside_members_stay_external(java):
    """`Object any = byId.get(id); any.toString()`: javac binds Object.toString, not Desk's or Ledger's."""
    assert set(java.execute("SELECT c.callee, c.resolution FROM calls c JOIN symbols s ON s.id = c.caller_id WHERE"
                            " s.qualname = 'billing.Desk.settle' AND c.callee IN ('any.toString', 'open.size')")) == {
        ("any.toString", "external"), ("open.size", "external")}


def test_an_abstract_method_under_an_annotation_line_keeps_its_parameters(java):
    """`@Override` on the line above `boolean accept(File file);`: javac binds `check.accept(file)` to
    that one-parameter declaration, never to the two-parameter default method declared after it."""
    assert targets(java, "billing.AllChecks.accept", "check.accept") == {("inferred", "billing.Check.accept", 7)}
    assert targets(java, "billing.Check.accept", "accept") == {("self", "billing.Check.accept", 7)}


def test_an_override_names_the_overload_with_its_parameters(java):
    """`AllChecks.accept(File)` overrides `Check.accept(File)` and `accept(File, String)` the
    two-parameter one, as javac's @Override check has it; never the overload declared last."""
    rows = set(java.execute(
        "SELECT s.start_line, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN symbols t ON t.id = c.target_id WHERE c.kind = 'override' AND s.qualname = 'billing.AllChecks.accept'"))
    assert rows == {(9, 7), (19, 10)}


@pytest.mark.parametrize("callee,target", [
    ("n.Kind", "node.Node.Kind"),                    # range over a slice of an interface
    ("reg.order[i].Kind", "node.Node.Kind"),         # an element of a slice field
    ('reg.byName["title"].Kind', "node.Heading.Kind"),   # a value of a map field
    ("p.Lines", "node.Base.Lines"),                  # range over a composite literal, promoted method
    ("p.Lines().At", "node.Lines.At"),
    ("c.Kind", "node.Base.Kind"),                    # range over a function's result
    ("byLevel[1][0].Kind", "node.Heading.Kind"),     # a map of slices
])
def test_go_elements_of_slices_maps_and_ranges(go, callee, target):
    assert {(how, t) for how, t, _ in targets(go, "render.Walk", callee)} == {("inferred", target)}


@pytest.mark.parametrize("callee,target", [
    ("h.Base.Kind", "node.Base.Kind"),               # an embedded field named by its type
    ("p.Lines", "node.Base.Lines"),                  # `p, ok := x.(*T)`
    ("x.(*node.Heading).Kind", "node.Heading.Kind"),
    ("fresh.Kind", "node.Base.Kind"),                # new(T)
    ("ref.Lines", "node.Base.Lines"),                # &x
    ("first.Lines", "node.Base.Lines"),              # a named result
    ("second.Kind", "node.Heading.Kind"),            # `a, b := f()`: f's second result
    ("q.Lines", "node.Base.Lines"),                  # `q, ok := <any operand>.(*T)`
    ("tail.Kind", "node.Base.Kind"),                 # `a, b := x, y`: b holds y
    ("made.At", "node.Lines.At"),                    # what a method of a composite literal `T{}.M()` returns
    ("v.At", "node.Lines.At"),                       # a type switch's variable in its one case type
])
def test_go_assertions_new_addresses_embedded_fields_and_results(go, callee, target):
    assert {(how, t) for how, t, _ in targets(go, "render.Inspect", callee)} == {("inferred", target)}


@pytest.mark.parametrize("callee,target", [
    ("step.Kind", "node.Node.Kind"),                 # range over a named slice type: its element, an interface
    ("last.Kind", "node.Node.Kind"),                 # an index into it
    ("path.Kind", "node.Path.Kind"),                 # the slice type's own method
    ("visit(step).At", "node.Lines.At"),             # calling a value of a named function type: its result
    ("node.Default.Kind", "node.Heading.Kind"),      # another package's variable, by its initializer
    ("node.Plain.Lines", "node.Base.Lines"),         # by its declared type (a promoted method)
])
def test_go_named_slice_and_function_types_and_package_variables(go, callee, target):
    assert {(how, t) for how, t, _ in targets(go, "render.Trace", callee)} == {("inferred", target)}


def test_go_the_default_build_keeps_its_files_definitions_over_those_it_leaves_out(go):
    """`//go:build !nodetrace` against `//go:build nodetrace`, `_linux.go` against `_windows.go`: what
    go/types checks for linux/amd64 without tags."""
    assert {(how, t, line) for how, t, line in targets(go, "node.Open", "Tracer.Begin")} == {
        ("inferred", "node.tracer.Begin", 8)}
    assert {(how, t, line) for how, t, line in targets(go, "node.Reset", "Tracer.Begin")} == {
        ("inferred", "node.tracer.Begin", 8)}
    rows = go.execute("SELECT c.resolution, f.path FROM calls c JOIN symbols t ON t.id = c.target_id"
                      " JOIN files f ON f.id = t.file_id WHERE c.callee = 'openFile'").fetchall()
    assert rows == [("import", "node/open_linux.go")]


@pytest.mark.parametrize("path, line, kept", [
    ("a.go", "//go:build linux && (amd64 || arm64)", True),
    ("a.go", "//go:build !windows && (darwin || !linux)", False),
    ("a.go", "// +build windows,amd64 darwin", False),
    ("a.go", "// +build linux,!cgo openbsd", False),
    ("a_windows.go", None, False),
    ("a_linux_amd64_test.go", None, True),
    ("a.go", "//go:build ((linux)", True),                              # malformed: kept
    ("a.go", "//go:build " + "(" * 400 + "windows" + ")" * 400, True),  # a planted file nests deep: kept
    ("a.go", "//go:build " + "!" * 401 + "linux", True),
])
def test_go_build_lines_are_read_without_running_them(path, line, kept):
    """A build line is parsed, never evaluated as code: `!` over `&&` over `||`, brackets; malformed or
    nested deeper than a bound, the file is kept."""
    assert go_builds(path, line) is kept


def test_a_type_switch_variable_holds_its_case_type_in_each_case(go):
    """`case *node.Heading: w.Kind()` is Heading's, `case *node.Para: w.Kind()` the Kind Para embeds
    (go/types: each case's variable has that case's type; tests/test_go_type_switch.py has the rest)."""
    rows = go.execute("SELECT c.line, c.resolution, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
                      " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = 'render.Inspect' AND c.callee = 'w.Kind'")
    assert sorted(rows) == [(59, "inferred", "node.Heading.Kind"), (61, "inferred", "node.Base.Kind")]


def _edits_equal_clean(work, tmp_path, *edits: dict[str, str]) -> None:
    """Each edit (files to write) indexed in turn; after each, the index equals a clean one."""
    for files in edits:
        for rel, text in files.items():
            (work / rel).write_text(text)
        index_workspace(work)
        assert_equals_clean(work, tmp_path)


def test_the_index_after_edits_equals_a_clean_one(tmp_path):
    work = indexed_workspace(tmp_path, JAVA)
    # the overload an override names comes and goes with the base's declarations
    _edits_equal_clean(work, tmp_path, {"billing/Ledger.java": LEDGER.replace("Object note", "Long note")},
                       {"billing/Check.java": CHECK.replace("    boolean accept(File dir, String name);\n", "")},
                       {"billing/Check.java": CHECK})


def test_go_edits_to_build_lines_and_named_types_equal_a_clean_index(tmp_path):
    """The build line moves from one file to the other, and Path stops being a slice: the edges that
    follow them are those of a clean index."""
    work = indexed_workspace(tmp_path, GO)
    _edits_equal_clean(work, tmp_path, {"node/trace_on.go": TRACE_ON.replace("build nodetrace", "build !nodetrace"),
                                        "node/trace_off.go": TRACE_OFF.replace("build !nodetrace", "build nodetrace")},
                       {"node/node.go": NODE.replace("type Path []Node", "type Path struct{ Node }")})
