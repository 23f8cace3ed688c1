"""C++ overloads of one argument count told apart by the arguments' types (a local's declared type, a
field's, a literal), out-of-line members of a nested namespace definition (`namespace a::b`) paired
with their declarations, and overloads the arguments cannot tell apart left `possible`."""
from __future__ import annotations

import pytest

from langcases import index_fixture, resolution

NS = "src.parser.app.internal"
PASS = "src.pass.app.internal.CompilerPass"


@pytest.fixture(scope="module")
def cpp(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cpp_passes"), "cpp_passes")


def lines(conn, caller: str, callee: str) -> list[tuple[str, int]]:
    """(resolution, target's first line) of each row of the sites `callee` in `caller`, in line order."""
    return [tuple(r) for r in conn.execute(
        "SELECT c.resolution, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = ? AND c.kind = 'call' ORDER BY c.line, t.start_line",
        (caller, callee))]


def test_same_count_overloads_follow_the_argument_types(cpp):
    """span(tok) / span(tok, next) / span(tok, body): a Token local, a const Token& parameter, an AST*."""
    assert lines(cpp, f"{NS}.Parser.parse", "span") == [("local", 5), ("local", 10), ("local", 15)]


def test_a_literal_and_an_object_pick_their_overload_on_a_typed_receiver(cpp):
    assert lines(cpp, f"{NS}.Parser.parse", "pass->emit") == [("inferred", 26), ("inferred", 22)]
    assert lines(cpp, f"{NS}.Parser.parse", "pass->visit") == [("inferred", 11)]
    assert lines(cpp, f"{PASS}.emit", "emit") == [("self", 22)]        # emit(1) inside emit(const Token &)


def test_members_of_a_nested_namespace_definition_are_paired_with_their_declarations(cpp):
    """`namespace app::internal { void CompilerPass::expr(…) }`: a call on this reaches the definition."""
    assert resolution(cpp, f"{PASS}.visit", "expr") == {("self", f"{PASS}.expr")}
    assert cpp.execute("SELECT count(*) FROM symbols WHERE qualname LIKE 'src.pass.%' AND definition_id"
                       " IS NOT NULL").fetchone()[0] == 11


def test_overloads_the_arguments_cannot_tell_apart_stay_possible(cpp):
    """describe(std::string) / describe(std::u32string) with an argument of an outside type: two
    `possible` rows, never two resolved edges."""
    assert lines(cpp, f"{NS}.Parser.parse", "describe") == [("possible", 20), ("possible", 25)]


def test_a_call_in_a_macro_body_is_matched_against_overloads_by_its_argument_count(cpp):
    """`#define VISIT(var, astClass) visit(static_cast<astClass *>(var))`: one argument, three overloads
    of one parameter (two defined out of line, one inline in the class) that the macro's text cannot
    tell apart: `possible`, not the last declared."""
    assert lines(cpp, "src.pass.app.internal.VISIT", "visit") == [("possible", 11), ("possible", 16), ("possible", 26)]


def test_declarations_written_over_several_lines_pair_with_the_definition_of_their_types(cpp):
    """`int convert(int code,⏎ int length) const;` and `int convert(const Token &tok,⏎ …)`, defined in
    the other order: each declaration names the definition of its own parameter types."""
    pairs = set(cpp.execute(
        "SELECT d.start_line, t.start_line FROM symbols d JOIN symbols t ON t.id = d.definition_id"
        " JOIN files f ON f.id = d.file_id WHERE f.path = 'src/pass.h' AND d.name = 'convert'"))
    assert pairs == {(30, 37), (32, 31)}


def test_a_const_parameter_calls_the_const_overload_and_this_the_callers(cpp):
    """`other.size()` on a `const CompilerPass &other` reaches `size() const`, a bare `size()` in a
    non-const member the other; `other.convert(tok, 2)` the Token overload."""
    assert lines(cpp, f"{PASS}.twice", "other.size") == [("inferred", 48)]
    assert lines(cpp, f"{PASS}.twice", "size") == [("self", 43)]
    assert lines(cpp, f"{PASS}.twice", "other.convert") == [("inferred", 31)]


def test_a_local_built_by_direct_initialisation_calls_the_constructor(cpp):
    """`Parser direct(shared);` (which the grammar reads as a function's declaration) and `Parser
    braced{&pass};` instantiate Parser (its one constructor is inline in the class); the local is typed."""
    rows = cpp.execute(
        "SELECT c.line, c.kind, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
        " ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = 'Parser' AND c.kind != 'reference'"
        " ORDER BY c.line", (f"{NS}.run",)).fetchall()
    assert rows == [(64, "instantiate", f"{NS}.Parser"), (65, "instantiate", f"{NS}.Parser")]
    assert resolution(cpp, f"{NS}.run", "direct.parse") == {("inferred", f"{NS}.Parser.parse")}


def test_an_enum_argument_and_an_overload_inline_in_the_header(cpp):
    """kind_str(tok.kind) takes the Token::Kind overload (the other fits through Token's constructor
    from a Kind; an exact match ranks first), kind_str(tok) the other; visit(ast) with an AST* reaches
    visit(AST *) written inline in the header, not the two of the source file."""
    assert lines(cpp, f"{NS}.kind_str", "kind_str") == [("local", 30)]
    assert lines(cpp, f"{PASS}.expr", "visit") == [("self", 26)]


@pytest.fixture(scope="module")
def ctors(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cpp_ctors"), "cpp_ctors")


def test_temporaries_and_aliases_run_the_out_of_line_constructor(ctors):
    """marisa-trie's idioms: `Agent().swap(*this)` and `key_ = Key(id)` run the constructor defined in
    agent.cc (the overload of their argument count), not the class in the header; a `typedef` and a
    `using X = …` alias build and type their locals as the class they name; a const local is typed."""
    def rows(callee):
        return [tuple(r) for r in ctors.execute(
            "SELECT c.resolution, t.start_line FROM calls c LEFT JOIN symbols t ON t.id = c.target_id"
            " WHERE c.callee = ? AND c.kind IN ('call', 'constructor') ORDER BY c.line", (callee,))]
    kinds = dict(ctors.execute("SELECT c.line, c.kind FROM calls c WHERE c.callee IN ('Agent', 'Key', 'KeyType', 'KeyRef')"
                               " AND c.kind NOT IN ('reference', 'override')").fetchall())
    assert rows("Agent") == [("local", 9)] and kinds[13] == "constructor"
    assert rows("Key") == [("local", 6), ("local", 6)]                 # Key(id), `const Key fixed(id);`
    assert rows("KeyType") == [("local", 6)] and rows("KeyRef") == [("local", 6)]
    assert rows("fixed.id") == rows("typed.id") == rows("aliased.id") == [("inferred", 7)]
