"""A Go interface method's declared result types what its call gives: goldmark's `ast.Node` interface
declares `Parent() Node`, so in `if p := v.Parent(); p != nil { p.RemoveChild(p, v) }` (v a Node) `p` is
a Node and the call reaches the interface's `RemoveChild`, as go/types binds it, not `possible` between
it and BaseNode's method of that name; `v.Lines().At(i)` reaches Segments' `At`."""
from __future__ import annotations

from langcases import indexed_workspace

from graphmind.store import open_reader

AST = """package ast

import "github.com/yuin/goldmark/text"

type Node interface {
	Parent() Node
	RemoveChild(self, v Node)
	Lines() *text.Segments
}

type BaseNode struct {
	parent Node
	lines  *text.Segments
}

func (n *BaseNode) Parent() Node { return n.parent }

func (n *BaseNode) RemoveChild(self, v Node) {
	n.parent = nil
}

func (n *BaseNode) Lines() *text.Segments { return n.lines }

func ensureIsolated(v Node) {
	if p := v.Parent(); p != nil {
		p.RemoveChild(p, v)
	}
	for i := 0; i < v.Lines().Len(); i++ {
		_ = v.Lines().At(i)
	}
}
"""
SEGMENT = """package text

type Segment struct{ Start, Stop int }

func (t *Segment) Len() int { return t.Stop - t.Start }

type Segments struct{ values []Segment }

func (s *Segments) Len() int { return len(s.values) }

func (s *Segments) At(i int) Segment { return s.values[i] }
"""


def test_an_interface_methods_result_types_its_call(tmp_path):
    work = indexed_workspace(tmp_path, {"go.mod": "module github.com/yuin/goldmark\n\ngo 1.18\n",
                                        "ast/ast.go": AST, "text/segment.go": SEGMENT})
    rows = {tuple(r) for r in open_reader(work).execute(
        "SELECT c.name, c.line, c.resolution, tf.path, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
        " JOIN symbols t ON t.id = c.target_id JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = 'ast/ast.go' AND c.name IN ('RemoveChild', 'Len', 'At') AND c.kind = 'call'")}
    assert {(name, line, path, start) for name, line, how, path, start in rows if how != "possible"} == {
        ("RemoveChild", 26, "ast/ast.go", 7), ("Len", 28, "text/segment.go", 9), ("At", 29, "text/segment.go", 11)}
    assert not [r for r in rows if r[2] == "possible"]
