"""A method looked up by a name built from a string (a visitor's `getattr(self, f"visit_{type(node).__name__}")`)
may run every method of its class and subclasses whose name extends the literal prefix: the tests reaching the
dispatching method may reach those methods; a method whose name does not fit is not linked."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "tmpl/__init__.py": "",
    "tmpl/visitor.py": '''
        class NodeVisitor:
            def get_visitor(self, node):
                return getattr(self, f"visit_{type(node).__name__}", None)

            def visit(self, node):
                f = self.get_visitor(node)
                if f is not None:
                    return f(node)
                return self.generic_visit(node)

            def generic_visit(self, node):
                return None


        class Dumper:
            def run(self, op):
                return getattr(self, "do_" + op)()

            def do_dump(self):
                return "dumped"

            def undo_dump(self):
                return "undone"
    ''',
    "tmpl/compiler.py": '''
        from tmpl.visitor import NodeVisitor


        class Call:
            pass


        def _make_binop(op):
            def visitor(self, node):
                return "binop " + op

            return visitor


        class CodeGenerator(NodeVisitor):
            def visit_Call(self, node):
                return "call"

            visit_Add = _make_binop("+")

            def render_Call(self, node):
                return "not dispatched"


        def compile_source(node):
            return CodeGenerator().visit(node)


        class Add:
            pass


        class TrackingCodeGenerator(CodeGenerator):
            pass


        def compile_binop(node):
            return TrackingCodeGenerator().visit(node)
    ''',
    "tests/test_compiler.py": '''
        from tmpl.compiler import Add, Call, compile_binop, compile_source
        from tmpl.visitor import Dumper


        def test_compile_call():
            assert compile_source(Call()) == "call"


        def test_compile_add():
            assert compile_binop(Add()) == "binop +"


        def test_dump():
            assert Dumper().run("dump") == "dumped"
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("byname") / "proj", FILES)


def test_a_visitor_method_dispatched_by_an_f_string_name_is_reached(proj):
    doc = impact(proj, "tmpl/compiler.py", 'return "call"', "--no-coverage")
    assert doc["tests_fallback"] is False
    assert how(doc)["tests/test_compiler.py::test_compile_call"] == "may reach"


def test_a_name_joined_with_plus_reaches_the_methods_that_fit(proj):
    doc = impact(proj, "tmpl/visitor.py", 'return "dumped"', "--no-coverage")
    assert how(doc) == {"tests/test_compiler.py::test_dump": "may reach"}


def test_a_method_whose_name_does_not_fit_the_prefix_is_not_linked(proj):
    for text in ('return "not dispatched"', 'return "undone"'):
        doc = impact(proj, "tmpl/compiler.py" if "not" in text else "tmpl/visitor.py", text, "--no-coverage")
        assert doc["tests_fallback"] is True, text


def test_a_function_built_in_the_class_body_under_a_visitor_name_is_reached(proj):
    # `visit_Add = _make_binop("+")`: the nested `visitor` is the method visit_Add
    doc = impact(proj, "tmpl/compiler.py", 'return "binop " + op', "--no-coverage")
    assert how(doc).get("tests/test_compiler.py::test_compile_add") == "may reach"
