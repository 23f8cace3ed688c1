"""Go's type switch as go/types binds it: in `switch s := ps.(type)`, each case's `s` is that case's
type (`case StructField:` a StructField), while a case of several types (`case Indirect, TypeAssertion:`)
and `default:` hold what the switched value holds (a PathStep), as the Go specification says. The
shape is go-cmp's report builder (report_value.go), which names `s` in every case."""
from __future__ import annotations

import pytest
from langcases import indexed_workspace

from graphmind.store import open_reader

PATH = """package report

import "reflect"

type PathStep interface {
	String() string
	Type() reflect.Type
}

type StructField struct{ name string }

func (sf StructField) String() string     { return "." + sf.name }
func (sf StructField) Type() reflect.Type { return nil }
func (sf StructField) Name() string       { return sf.name }

type MapIndex struct{ key string }

func (mi MapIndex) String() string     { return "[" + mi.key + "]" }
func (mi MapIndex) Type() reflect.Type { return nil }
func (mi MapIndex) Key() string        { return mi.key }

type Indirect struct{}

func (in Indirect) String() string     { return "*" }
func (in Indirect) Type() reflect.Type { return nil }

type TypeAssertion struct{}

func (ta TypeAssertion) String() string     { return ".(T)" }
func (ta TypeAssertion) Type() reflect.Type { return nil }
"""
VALUE = """package report

import "strings"

type valueNode struct {
	Records []string
}

func (parent *valueNode) push(ps PathStep) string {
	var b strings.Builder
	switch s := ps.(type) {
	case StructField:
		parent.Records = append(parent.Records, s.Name())
	case MapIndex:
		b.WriteString(s.Key())
		b.WriteString(s.String())
	case Indirect, TypeAssertion:
		b.WriteString(s.String())
	default:
		b.WriteString(s.String())
	}
	return b.String()
}
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    files = {"go.mod": "module example.com/report\n\ngo 1.19\n", "report/path.go": PATH, "report/value.go": VALUE}
    conn = open_reader(indexed_workspace(tmp_path_factory.mktemp("report"), files))
    yield conn
    conn.close()


def _rows(conn, line: int, callee: str) -> set[tuple[str, str]]:
    return {("possible" if how == "possible" else "resolved", qual) for how, qual in conn.execute(
        "SELECT c.resolution, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = 'report.valueNode.push' AND c.line = ?"
        " AND c.callee = ?", (line, callee))}


def test_each_case_binds_the_switched_name_to_its_type(report):
    assert _rows(report, 13, "s.Name") == {("resolved", "report.StructField.Name")}
    assert _rows(report, 15, "s.Key") == {("resolved", "report.MapIndex.Key")}
    assert _rows(report, 16, "s.String") == {("resolved", "report.MapIndex.String")}


def test_a_case_of_several_types_and_default_hold_the_switched_value(report):
    assert _rows(report, 18, "s.String") == {("resolved", "report.PathStep.String")}
    assert _rows(report, 20, "s.String") == {("resolved", "report.PathStep.String")}
