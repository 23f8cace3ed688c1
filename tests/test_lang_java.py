"""Java and Kotlin fixture projects: packages, imports (static, wildcard, alias), same-package
classes, constructors, this/super and inherited members."""
from __future__ import annotations

import pytest

from langcases import blast_radius, definitions, edges, index_fixture, resolution


@pytest.fixture(scope="module")
def java(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("java"), "java_shop")


@pytest.fixture(scope="module")
def kotlin(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("kotlin"), "kotlin_shop")


def test_java_definitions(java):
    assert {"com.acme.shop.Entity", "com.acme.shop.Entity.touch", "com.acme.shop.Entity.audit",
            "com.acme.shop.Order", "com.acme.shop.Order.Order", "com.acme.shop.Order.add",
            "com.acme.shop.Order.validate", "com.acme.shop.Order.price", "com.acme.shop.Priced.price",
            "com.acme.shop.OrderService.place", "com.acme.shop.Repository.save", "com.acme.shop.Repository.add",
            "com.acme.util.Strings.upper", "com.acme.util.Strings.clean", "com.acme.util.Cli.main"} <= definitions(java)


def test_java_blast_radius(java):
    assert blast_radius(java, "com.acme.shop.Entity.audit") == {
        "com.acme.shop.Entity.touch", "com.acme.shop.Order.validate", "com.acme.shop.Order.add",
        "com.acme.shop.Repository.save", "com.acme.shop.OrderService.place", "com.acme.util.Cli.main"}
    assert blast_radius(java, "com.acme.util.Strings.clean") == {"com.acme.shop.OrderService.place",
                                                                 "com.acme.util.Cli.main"}
    assert blast_radius(java, "com.acme.shop.Order.Order") == {"com.acme.shop.OrderService.place",
                                                               "com.acme.util.Cli.main"}
    assert blast_radius(java, "com.acme.shop.Priced.price") == {"com.acme.shop.OrderService.total"}


def test_java_labels_and_wrong_edges(java):
    assert resolution(java, "com.acme.shop.Order.add", "touch") == {("self", "com.acme.shop.Entity.touch")}
    assert resolution(java, "com.acme.shop.OrderService.place", "clean") == {("import", "com.acme.util.Strings.clean")}
    assert resolution(java, "com.acme.shop.Order.add", "lines.add") == {("external", None)}
    assert resolution(java, "com.acme.shop.Entity.audit", "System.out.println") == {("external", None)}
    resolved = edges(java)
    assert not {c for c, t in resolved if t == "com.acme.shop.Repository.add"}
    assert ("com.acme.util.Cli.main", "com.acme.shop.Order.add") not in resolved


def test_kotlin_definitions(kotlin):
    assert {"com.acme.shop.Entity.touch", "com.acme.shop.Order.add", "com.acme.shop.Repository.save",
            "com.acme.shop.OrderService.place", "com.acme.util.upper", "com.acme.util.Strings.clean",
            "com.acme.util.main"} <= definitions(kotlin)


def test_kotlin_blast_radius(kotlin):
    assert blast_radius(kotlin, "com.acme.shop.Entity.audit") == {
        "com.acme.shop.Entity.touch", "com.acme.shop.Order.validate", "com.acme.shop.Order.add",
        "com.acme.shop.Repository.save", "com.acme.shop.OrderService.place", "com.acme.util.main"}
    assert blast_radius(kotlin, "com.acme.util.Strings.clean") == {"com.acme.shop.OrderService.place",
                                                                   "com.acme.util.main"}
    assert blast_radius(kotlin, "com.acme.shop.Order") == {"com.acme.shop.OrderService.place", "com.acme.util.main"}


def test_kotlin_wrong_edges(kotlin):
    resolved = edges(kotlin)
    assert not {c for c, t in resolved if t == "com.acme.shop.Repository.add"}
    assert resolution(kotlin, "com.acme.shop.Entity.audit", "println") == {("builtin", None)}
