"""C and C++ fixture projects: includes, header declarations to source definitions, namespaces,
out-of-line Class::method definitions."""
from __future__ import annotations

import pytest

from langcases import blast_radius, definitions, edges, index_fixture, resolution


@pytest.fixture(scope="module")
def c(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("c"), "c_shop")


@pytest.fixture(scope="module")
def cpp(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cpp"), "cpp_shop")


def test_c_definitions_and_blast_radius(c):
    assert {"include.store.store", "src.store.valid", "src.store.store_add", "src.store.store_len",
            "src.util.util_nonempty", "src.main.main", "src.other.valid", "src.other.other"} <= definitions(c)
    assert blast_radius(c, "src.util.util_nonempty") == {"src.store.valid", "src.store.store_add", "src.main.main"}
    assert blast_radius(c, "src.store.store_len") == {"src.main.main"}


def test_c_no_wrong_edges(c):
    resolved = edges(c)
    assert ("src.store.store_add", "src.other.valid") not in resolved     # each file's static valid()
    assert ("src.other.other", "src.store.valid") not in resolved
    assert resolution(c, "src.main.main", "store_add") == {("import", "src.store.store_add")}


def test_cpp_out_of_line_members_join_their_class(cpp):
    assert {"src.cart.shop.Cart.add", "src.cart.shop.Cart.Cart", "src.cart.shop.Cart.validate",
            "src.entity.shop.Entity.touch", "src.cart.shop.count_all", "src.util.util.clean",
            "include.shop.cart.shop.Cart", "include.shop.cart.shop.Cart.add"} <= definitions(cpp)
    assert resolution(cpp, "src.cart.shop.Cart.add", "validate") == {("self", "src.cart.shop.Cart.validate")}
    assert resolution(cpp, "src.cart.shop.Cart.add", "this->touch") == {("self", "src.entity.shop.Entity.touch")}


def test_cpp_blast_radius(cpp):
    assert blast_radius(cpp, "src.entity.shop.Entity.audit") == {
        "src.entity.shop.Entity.touch", "src.cart.shop.Cart.validate", "src.cart.shop.Cart.add", "src.main.main"}
    assert blast_radius(cpp, "src.util.util.clean") == {"src.cart.shop.Cart.add", "src.main.main"}
    assert blast_radius(cpp, "src.cart.shop.Cart.size") == {"src.cart.shop.count_all", "src.main.main"}
    assert blast_radius(cpp, "src.cart.shop.Cart.Cart") == {"src.main.main"}


def test_cpp_no_wrong_edges(cpp):
    resolved = edges(cpp)
    assert not {c for c, t in resolved if t == "src.main.Ledger.add"}
    assert not {t for c, t in resolved if t == "include.shop.cart.shop.Cart.add"}   # the declaration
    assert resolution(cpp, "src.cart.shop.Cart.add", "items_.push_back") == {("external", None)}
