"""Go fixture project: go.mod packages, imports with aliases, same-package names, receiver methods."""
from __future__ import annotations

import pytest

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

from langcases import blast_radius, definitions, edges, index_fixture, resolution


@pytest.fixture(scope="module")
def conn(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("go"), "go_shop")


def test_every_definition_is_found(conn):
    assert {"store.Store", "store.NewStore", "store.Store.Add", "store.Store.Len", "store.Store.validate",
            "store.check", "store.Logger", "store.Logger.Write", "store.newLogger", "inventory.Ledger",
            "inventory.Ledger.Add", "inventory.Count", "cmd.shop.main", "cmd.shop.report"} <= definitions(conn)


def test_blast_radius(conn):
    assert blast_radius(conn, "store.check") == {"store.Store.validate", "store.Store.Add", "cmd.shop.main"}
    assert blast_radius(conn, "store.Store.Len") == {"inventory.Count", "cmd.shop.report", "cmd.shop.main"}
    assert blast_radius(conn, "store.Logger.Write") == {"store.Store.Add", "cmd.shop.main"}
    assert blast_radius(conn, "store.NewStore") == {"cmd.shop.main"}
    assert blast_radius(conn, "inventory.Count") == {"cmd.shop.report", "cmd.shop.main"}


def test_labels(conn):
    assert resolution(conn, "cmd.shop.main", "store.NewStore") == {("import", "store.NewStore")}
    assert resolution(conn, "cmd.shop.main", "report") == {("import", "cmd.shop.report")}   # same package, other file
    assert resolution(conn, "store.Store.validate", "check") == {("local", "store.check")}
    assert resolution(conn, "cmd.shop.main", "fmt.Println") == {("external", None)}
    assert resolution(conn, "store.Store.Len", "len") == {("builtin", None)}


def test_no_wrong_edges(conn):
    resolved = edges(conn)
    assert not {(c, t) for c, t in resolved if t == "inventory.Ledger.Add" and c != "inventory.Count"}
    # an anonymous interface parameter: every Add is only possible
    assert {t for c, t in edges(conn, resolved=False) if c == "cmd.shop.mystery"} >= {
        "store.Store.Add", "inventory.Ledger.Add"}
    assert not {t for c, t in resolved if c == "cmd.shop.mystery"}


def test_a_dot_version_import_binds_the_package_name(tmp_path):
    """`import "gopkg.in/yaml.v3"` binds `yaml` (the `.vN` suffix is not part of the name)."""
    (tmp_path / "go.mod").write_text("module gopkg.in/yaml.v3\n\ngo 1.22\n")
    (tmp_path / "yaml.go").write_text("package yaml\n\nfunc Unmarshal(in []byte) error {\n\treturn nil\n}\n")
    (tmp_path / "cmd").mkdir()
    (tmp_path / "cmd" / "main.go").write_text(
        'package main\n\nimport "gopkg.in/yaml.v3"\n\nfunc main() {\n\tyaml.Unmarshal(nil)\n}\n')
    index_workspace(tmp_path)
    assert resolution(open_reader(tmp_path), "cmd.main", "yaml.Unmarshal") == {("import", "yaml.Unmarshal")}
