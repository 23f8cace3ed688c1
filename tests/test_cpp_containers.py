"""Elements of the standard library's containers, as kiwisolver writes them: `for (const auto &term :
expr.terms())` over a `const std::vector<Term>&`, `add.terms()[0].variable()`, a `std::map<Symbol, Row*>`
walked as pairs (`rowPair.second->constant()`, `rowPair.first.type()`) and through an iterator
(`it->second->constant()`), `m_terms.front()`."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

FILES = {
    "kiwi/term.h": """#pragma once
namespace kiwi
{
class Variable
{
public:
    const char* name() const { return "v"; }
};

class Term
{
public:
    const Variable& variable() const { return m_variable; }
    double coefficient() const { return 1.0; }
private:
    Variable m_variable;
};

class Expression
{
public:
    const std::vector<Term>& terms() const { return m_terms; }
    double value() const
    {
        double result = 0.0;
        for (const auto& term : m_terms)
            result += term.coefficient();
        return result + m_terms.front().coefficient();
    }
private:
    std::vector<Term> m_terms;
};
} // namespace kiwi
""",
    "kiwi/row.h": """#pragma once
#include <map>
#include "term.h"

namespace kiwi
{
class Symbol
{
public:
    int type() const { return 0; }
};

class Row
{
public:
    double constant() const { return 0.0; }
};

class Solver
{
public:
    typedef std::map<Symbol, Row*> RowMap;

    void dump(const Expression& expr)
    {
        for (const auto& term : expr.terms())
            term.variable().name();
        expr.terms()[0].coefficient();
        const auto& first = expr.terms()[0];
        first.variable();
        for (const auto& rowPair : m_rows)
        {
            rowPair.first.type();
            rowPair.second->constant();
        }
        auto it = m_rows.find(Symbol());
        it->second->constant();
    }
private:
    std::map<Symbol, Row*> m_rows;
};
} // namespace kiwi
""",
}
TERM, ROW = "kiwi/term.h", "kiwi/row.h"


def test_a_range_for_over_a_returned_vector_reaches_the_elements_class(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, ROW, "term.variable") == {("inferred", TERM, 13)}
    assert _targets(work, ROW, "term.variable().name") == {("inferred", TERM, 7)}
    assert _targets(work, TERM, "term.coefficient") == {("inferred", TERM, 14)}


def test_an_indexed_or_front_element_of_a_vector(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, ROW, "expr.terms()[0].coefficient") == {("inferred", TERM, 14)}
    assert _targets(work, TERM, "m_terms.front().coefficient") == {("inferred", TERM, 14)}
    assert _targets(work, ROW, "first.variable") == {("inferred", TERM, 13)}


def test_a_maps_pairs_through_a_range_for_and_an_iterator(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, ROW, "rowPair.first.type") == {("inferred", ROW, 10)}
    assert _targets(work, ROW, "rowPair.second->constant") == {("inferred", ROW, 16)}
    assert _targets(work, ROW, "it->second->constant") == {("inferred", ROW, 16)}
