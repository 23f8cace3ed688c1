"""C# fixture project: block and file-scoped namespaces, using (namespace, alias), same-namespace types."""
from __future__ import annotations

import pytest

from langcases import blast_radius, definitions, edges, index_fixture, resolution


@pytest.fixture(scope="module")
def conn(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cs"), "csharp_shop")


def test_every_definition_is_found(conn):
    assert {"Acme.Shop.Entity", "Acme.Shop.Entity.Touch", "Acme.Shop.Entity.Audit", "Acme.Shop.Order",
            "Acme.Shop.Order.Order", "Acme.Shop.Order.Add", "Acme.Shop.Order.Validate", "Acme.Shop.IPriced.Price",
            "Acme.Shop.OrderService.Place", "Acme.Shop.Repository.Save", "Acme.Util.Strings.Upper",
            "Acme.Util.Strings.Clean", "Acme.Util.Program.Main"} <= definitions(conn)


def test_blast_radius(conn):
    assert blast_radius(conn, "Acme.Shop.Entity.Audit") == {
        "Acme.Shop.Entity.Touch", "Acme.Shop.Order.Validate", "Acme.Shop.Order.Add", "Acme.Shop.Repository.Save",
        "Acme.Shop.OrderService.Place", "Acme.Util.Program.Main"}
    assert blast_radius(conn, "Acme.Util.Strings.Clean") == {"Acme.Shop.OrderService.Place", "Acme.Util.Program.Main"}
    assert blast_radius(conn, "Acme.Shop.Order.Order") == {"Acme.Shop.OrderService.Place", "Acme.Util.Program.Main"}


def test_labels_and_wrong_edges(conn):
    assert resolution(conn, "Acme.Shop.Order.Validate", "base.Audit") == {("self", "Acme.Shop.Entity.Audit")}
    assert resolution(conn, "Acme.Shop.OrderService.Place", "S.Clean") == {("import", "Acme.Util.Strings.Clean")}
    assert resolution(conn, "Acme.Shop.Order.Add", "lines.Add") == {("external", None)}
    assert not {c for c, t in edges(conn) if t == "Acme.Shop.Repository.Add"}
