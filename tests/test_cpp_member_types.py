"""C++ types declared in a class body and named from its members, as kiwisolver writes its maps
(`using CellMap = MapType<Symbol, double>;` in class Row, MapType an alias template of Loki's
AssocVector), a nested guard class named in a method defined out of line, and a member typedef of a
base class named in a derived class's method."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

FILES = {
    "kiwi/AssocVector.h": """#pragma once
#include <vector>

namespace Loki
{
    template <class K, class V, class C = std::less<K>, class A = std::allocator<std::pair<K, V>>>
    class AssocVector : private std::vector<std::pair<K, V>, A>
    {
    public:
        typedef typename std::vector<std::pair<K, V>, A>::iterator iterator;

        iterator find(const K& k)
        {
            return iterator();
        }

        void erase(iterator pos)
        {
        }
    };
}
""",
    "kiwi/maptype.h": """#pragma once
#include "AssocVector.h"

namespace kiwi
{
namespace impl
{
template <typename K, typename V, typename C = std::less<K>, typename A = std::allocator<std::pair<K, V>>>
using MapType = Loki::AssocVector<K, V, C, A>;
} // namespace impl
} // namespace kiwi
""",
    "kiwi/row.h": """#pragma once
#include "maptype.h"
#include "symbol.h"

namespace kiwi
{
namespace impl
{
class Row
{
public:
    using CellMap = MapType<Symbol, double>;

    class Guard
    {
    public:
        void release() {}
    };

    void remove(const Symbol& symbol)
    {
        auto it = m_cells.find(symbol);
        m_cells.erase(it);
    }

    void insert(const Symbol& symbol);

private:
    CellMap m_cells;
};

class Tableau : public Row
{
public:
    void clear(Guard& guard)
    {
        CellMap cells;
        cells.find(Symbol());
        guard.release();
    }
};
} // namespace impl
} // namespace kiwi
""",
    "kiwi/symbol.h": """#pragma once
namespace kiwi { namespace impl { class Symbol {}; } }
""",
    "kiwi/row.cpp": """#include "row.h"

namespace kiwi
{
namespace impl
{
void Row::insert(const Symbol& symbol)
{
    Guard guard;
    guard.release();
}
} // namespace impl
} // namespace kiwi
""",
}
VECTOR, ROW = "kiwi/AssocVector.h", "kiwi/row.h"


def test_a_field_typed_by_an_alias_declared_in_its_class_reaches_the_alias_template_target(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, ROW, "m_cells.find") == {("inferred", VECTOR, 12)}
    assert _targets(work, ROW, "m_cells.erase") == {("inferred", VECTOR, 17)}


def test_a_local_typed_by_an_alias_of_a_base_class(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, ROW, "cells.find") == {("inferred", VECTOR, 12)}


def test_a_nested_class_named_in_a_derived_class_and_in_an_out_of_line_member(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, ROW, "guard.release") == {("inferred", ROW, 17)}
    assert _targets(work, "kiwi/row.cpp", "guard.release") == {("inferred", ROW, 17)}
