"""C++ calls as a numeric library writes them (fastText's matrices): `const` and non-const overloads
of one accessor defined inline in the class, overloads told apart by a primitive local or loop
variable against a class taken by reference (its one-argument constructor `explicit`), a declaration's
default argument reaching the out-of-line definition, base and delegating constructors in a
member-initializer list chosen by argument count, and `std::make_unique<T>` / `std::make_shared<T>`
running T's constructor."""
from __future__ import annotations

import pytest

from langcases import index_fixture

NS = "src.matrix.linalg"


@pytest.fixture(scope="module")
def cpp(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cpp_matrix"), "cpp_matrix")


def rows(conn, caller_line: int, callee: str, path: str = "src/matrix.cc") -> list[tuple[str, str, int]]:
    """(resolution, target's file, target's first line) of each row of the sites `callee` in the function
    starting at caller_line, in line order."""
    return [tuple(r) for r in conn.execute(
        "SELECT c.resolution, tf.path, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN files f ON f.id = s.file_id LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = ? AND s.start_line = ? AND c.callee = ? AND c.kind IN ('call', 'constructor')"
        " ORDER BY c.line, c.col", (path, caller_line, callee))]


def test_a_const_member_calls_the_const_accessor_and_a_non_const_one_the_other(cpp):
    """`at(i, j)` inside `l2NormRow(int64_t) const` is `at(…) const` (header line 33), inside `scale` the
    non-const `at` (line 36): two overloads of one parameter list are not `#if` alternatives."""
    assert rows(cpp, 36, "at") == [("self", "src/matrix.h", 33)] * 2
    assert rows(cpp, 50, "at") == [("self", "src/matrix.h", 36)]


def test_a_primitive_local_picks_the_primitive_overload_over_an_explicit_constructor(cpp):
    """`l2NormRow(i)` with `auto i = 0` takes `l2NormRow(int64_t)` (Vector's constructor from int64_t
    is `explicit`, so the int cannot become a Vector&); `l2NormRow(norms)` the Vector one."""
    assert rows(cpp, 44, "l2NormRow") == [("self", "src/matrix.cc", 36)]
    assert rows(cpp, 50, "l2NormRow") == [("self", "src/matrix.cc", 44)]


def test_a_default_argument_of_the_declaration_reaches_the_definition(cpp):
    """`input.save(path)`: the header declares `progress = {}`, the definition does not repeat it."""
    assert rows(cpp, 3, "input.save", "src/main.cc") == [("inferred", "src/matrix.cc", 58)]


def test_base_and_delegating_constructors_in_an_initializer_list_follow_the_argument_count(cpp):
    """`: DenseMatrix(0, 0)` delegates to the two-argument constructor, `: Matrix()` and `: Matrix(m, n)`
    run the base's constructor of that count; `stride_(strideFor(n))` is a call of the constructor."""
    assert rows(cpp, 25, "DenseMatrix") == [("local", "src/matrix.cc", 27)]
    assert rows(cpp, 27, "Matrix") == [("local", "src/matrix.cc", 15)]
    assert rows(cpp, 33, "Matrix") == [("local", "src/matrix.cc", 13)]
    assert rows(cpp, 27, "strideFor") == [("local", "src/matrix.cc", 21)]


def test_make_unique_and_make_shared_run_the_constructor_of_their_type(cpp):
    """`std::make_unique<Vector>(n_)` and `std::make_shared<Vector>(m)` call Vector(int64_t);
    `std::make_unique<linalg::DenseMatrix>(4, 5)` the two-argument constructor, and the pointer it
    returns is typed (`owned->scale` reaches DenseMatrix::scale)."""
    assert rows(cpp, 60, "std::make_unique<Vector>") == [("local", "src/matrix.cc", 7)]
    assert rows(cpp, 27, "std::make_shared<Vector>") == [("local", "src/matrix.cc", 7)]
    assert rows(cpp, 3, "std::make_unique<linalg::DenseMatrix>", "src/main.cc") == [("import", "src/matrix.cc", 27)]
    assert rows(cpp, 3, "owned->scale", "src/main.cc") == [("inferred", "src/matrix.cc", 50)]
