"""A parser dispatching on a name built from a token's type (`getattr(self, "_token_nud_%s" % token["type"])`)
runs `_token_nud_lbracket` only for input holding the text the lexer makes that token of: the lexer's own
literals say which (a dict with the type and its text, a table of texts to types, a helper called with both).
The tests named are those whose strings hold the text, and those fed cases computed from data files. A visitor's
`visit_list`, chosen by the type of a tree node only such a method builds, takes that method's texts."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "query/lexer.py": '''
        import string


        class Lexer:
            START_IDENTIFIER = set(string.ascii_letters + "_")
            SIMPLE_TOKENS = {
                ".": "dot",
                "@": "current",
                "]": "rbracket",
            }

            def tokenize(self, expression):
                chars = list(expression)
                i = 0
                while i < len(chars):
                    current = chars[i]
                    if current in self.SIMPLE_TOKENS:
                        yield {"type": self.SIMPLE_TOKENS[current], "value": current, "start": i}
                    elif current in self.START_IDENTIFIER:
                        start = i
                        while i + 1 < len(chars) and chars[i + 1] in self.START_IDENTIFIER:
                            i += 1
                        yield {"type": "identifier", "value": expression[start:i + 1], "start": start}
                    elif current == "[":
                        yield {"type": "lbracket", "value": "[", "start": i}
                    elif current == "|":
                        yield self._match_or_else(chars, i, "|", "or", "pipe")
                        i += 1 if chars[i + 1:i + 2] == ["|"] else 0
                    i += 1
                yield {"type": "eof", "value": "", "start": i}

            def _match_or_else(self, chars, i, expected, match_type, else_type):
                if chars[i + 1:i + 2] == [expected]:
                    return {"type": match_type, "value": expected * 2, "start": i}
                return {"type": else_type, "value": chars[i], "start": i}
    ''',
    "query/nodes.py": '''
        def current_node():
            return {"type": "current", "children": []}


        def field(name):
            return {"type": "field", "children": [], "value": name}
    ''',
    "query/parser.py": '''
        from query import nodes
        from query.lexer import Lexer


        class Parser:
            BINDING_POWER = {"eof": 0, "identifier": 0, "rbracket": 0, "pipe": 1, "or": 2, "dot": 40,
                             "lbracket": 55, "current": 0}

            def parse(self, expression):
                self._tokens = list(Lexer().tokenize(expression))
                self._index = 0
                return self._expression()

            def _expression(self, binding_power=0):
                token = self._tokens[self._index]
                self._index += 1
                nud = getattr(self, "_token_nud_%s" % token["type"])
                left = nud(token)
                current = self._current_token()
                while binding_power < self.BINDING_POWER[current]:
                    led = getattr(self, "_token_led_%s" % current)
                    self._index += 1
                    left = led(left)
                    current = self._current_token()
                return left

            def _current_token(self):
                return self._tokens[self._index]["type"]

            def _token_nud_identifier(self, token):
                return nodes.field(token["value"])

            def _token_nud_current(self, token):
                return nodes.current_node()

            def _token_nud_lbracket(self, token):
                right = self._expression()
                self._index += 1
                return {"type": "list", "children": [right]}

            def _token_led_dot(self, left):
                return {"type": "subexpression", "children": [left, self._expression(40)]}

            def _token_led_or(self, left):
                return {"type": "or", "children": [left, self._expression(2)]}

            def _token_led_pipe(self, left):
                return {"type": "pipe", "children": [left, self._expression(1)]}
    ''',
    "query/visitor.py": '''
        class Visitor:
            def visit(self, node):
                method = getattr(self, "visit_%s" % node["type"])
                return method(node)


        class Interpreter(Visitor):
            def visit_list(self, node):
                return [self.visit(child) for child in node["children"]]

            def visit_field(self, node):
                return node["value"].upper()
    ''',
    "tests/test_search.py": '''
        from query.parser import Parser
        from query.visitor import Interpreter


        def test_search_list():
            assert Interpreter().visit(Parser().parse("[foo]")) == ["FOO"]


        def test_search_field():
            assert Interpreter().visit(Parser().parse("foo")) == "FOO"
    ''',
    "tests/test_parser.py": '''
        import json

        import pytest

        from query.parser import Parser


        def test_field():
            assert Parser().parse("foo")["type"] == "field"


        def test_dot():
            assert Parser().parse("foo.bar")["type"] == "subexpression"


        def test_current():
            assert Parser().parse("@")["type"] == "current"


        def test_or():
            assert Parser().parse("a || b")["type"] == "or"


        def test_list():
            assert Parser().parse("[foo]")["type"] == "list"


        def _cases(path="cases.json"):
            try:
                with open(path) as f:
                    return json.load(f)
            except OSError:
                return [("foo", "field")]


        @pytest.mark.parametrize("expression, kind", _cases())
        def test_compliance(expression, kind):
            assert Parser().parse(expression)["type"] == kind
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("tokentypes") / "proj", FILES)


@pytest.mark.parametrize("text, tests", [
    ('return {"type": "list"', {"test_list", "test_search_list"}),  # a text beside the type
    ("return nodes.current_node()", {"test_current"}),               # a table of texts to types
    ('return {"type": "or"', {"test_or"}),                           # a helper called with the type and text
    ('return {"type": "subexpression"', {"test_dot"}),               # the type read through a method
])
def test_a_method_chosen_by_a_token_type_names_the_tests_holding_its_text(proj, text, tests):
    doc = impact(proj, "query/parser.py", text, "--no-coverage")
    assert {t.split("::")[-1] for t in how(doc)} == tests | {"test_compliance"}, text


def test_a_token_made_from_a_computed_text_is_not_narrowed(proj):
    doc = impact(proj, "query/parser.py", "return nodes.field(", "--no-coverage")
    assert {"tests/test_parser.py::test_field", "tests/test_parser.py::test_dot"} <= set(how(doc))


def test_a_function_only_such_methods_call_takes_their_texts(proj):
    doc = impact(proj, "query/nodes.py", 'return {"type": "current"', "--no-coverage")
    assert set(how(doc)) == {"tests/test_parser.py::test_current", "tests/test_parser.py::test_compliance"}


def test_a_visitor_method_chosen_by_a_node_type_takes_the_texts_of_the_methods_building_the_node(proj):
    doc = impact(proj, "query/visitor.py", "return [self.visit(child)", "--no-coverage")
    assert set(how(doc)) == {"tests/test_search.py::test_search_list"}
