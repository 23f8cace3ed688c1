"""Rust fixture project: the mod tree, use with crate::/super::/self::, Cargo crate names, impl blocks."""
from __future__ import annotations

import pytest

from langcases import blast_radius, definitions, edges, index_fixture, resolution


@pytest.fixture(scope="module")
def conn(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("rust"), "rust_shop")


def test_every_definition_is_found(conn):
    assert {"crate.Named", "crate.Named.name", "crate.Named.describe", "crate.run", "crate.helper",
            "crate.util.shout", "crate.util.clean", "crate.store.Store", "crate.store.Store.new",
            "crate.store.Store.add", "crate.store.Store.check", "crate.store.Store.len",
            "crate.store.item.Item", "crate.store.item.Item.make", "crate.store.item.Item.add",
            "crate.store.item.Item.name", "tests.smoke.smoke"} <= definitions(conn)


def test_blast_radius(conn):
    assert blast_radius(conn, "crate.util.clean") == {"crate.store.Store.add", "crate.run", "tests.smoke.smoke"}
    assert blast_radius(conn, "crate.store.item.Item.name") == {
        "crate.Named.describe", "crate.store.Store.check", "crate.store.Store.add", "crate.run", "tests.smoke.smoke"}
    assert blast_radius(conn, "crate.store.Store.len") == {"crate.helper", "crate.run", "tests.smoke.smoke"}
    assert blast_radius(conn, "crate.util.shout") == {
        "crate.Named.describe", "crate.store.Store.check", "crate.store.Store.add", "crate.run", "tests.smoke.smoke"}


def test_labels_and_wrong_edges(conn):
    assert resolution(conn, "tests.smoke.smoke", "rust_shop::run") == {("import", "crate.run")}
    assert resolution(conn, "crate.store.Store.add", "Item::make") == {("import", "crate.store.item.Item.make")}
    assert resolution(conn, "crate.store.Store.add", "self.check") == {("self", "crate.store.Store.check")}
    assert resolution(conn, "crate.store.Store.len", "self.items.len") == {("external", None)}
    assert not {c for c, t in edges(conn) if t == "crate.store.item.Item.add"}
