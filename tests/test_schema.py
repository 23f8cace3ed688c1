"""The schema: versioned, strict, WAL, indexed in both edge directions, rebuilt on a version change."""
from __future__ import annotations

import re

import apsw

from graphmind.edgekinds import ALL_KINDS
from graphmind.index.indexer import index_workspace
from graphmind.query.edges import walk_sql
from graphmind.resources import read_text
from graphmind.store import Store, index_path, open_reader


def test_schema_declares_version_and_strict_tables():
    text = read_text("schema.sql")
    assert text.lstrip().splitlines()[2].startswith("PRAGMA user_version")
    tables = re.findall(r"CREATE TABLE.*?\n\)[^\n]*", text, re.S)     # up to the closing line
    assert len(tables) >= 6
    loose = [t.split("(")[0] for t in tables if "STRICT" not in t.rsplit("\n", 1)[-1]]
    assert not loose, loose


def test_store_sets_wal_and_indexes(indexed_shop):
    conn = apsw.Connection(str(index_path(indexed_shop)))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    idx = {name: sql for name, sql in conn.execute("SELECT name, sql FROM sqlite_master WHERE type='index' AND sql IS NOT NULL")}
    assert any("calls(target_id" in s for s in idx.values())      # callers direction
    assert any("calls(caller_id" in s for s in idx.values())      # callees direction
    plan = " ".join(str(r) for r in conn.execute(
        "EXPLAIN QUERY PLAN SELECT caller_id FROM calls WHERE target_id = 1"))
    assert "USING" in plan and "INDEX" in plan


def test_version_mismatch_rebuilds(indexed_shop):
    conn = apsw.Connection(str(index_path(indexed_shop)))
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    store = Store(indexed_shop)
    assert store.conn.execute("SELECT count(*) FROM files").fetchone()[0] == 0
    store.close()
    summary = index_workspace(indexed_shop)
    assert summary.changed == summary.scanned > 0
    assert open_reader(indexed_shop).execute("SELECT count(*) FROM symbols").fetchone()[0] > 0


def test_reader_is_read_only(indexed_shop):
    conn = open_reader(indexed_shop)
    try:
        conn.execute("DELETE FROM files")
    except apsw.ReadOnlyError:
        pass
    else:
        raise AssertionError("a reader could write")


def test_walk_plans_use_indexes_after_growth(tmp_path):
    """An index that grew from one file to many must still plan walks through the edge indexes."""
    from conftest import copy_repo
    root = copy_repo("shop", tmp_path)
    keep = root / "shop" / "orders.py"
    moved = tmp_path / "hold"
    moved.mkdir()
    for p in list((root / "shop").rglob("*.py")):
        if p != keep:
            rel = p.relative_to(root)
            (moved / rel).parent.mkdir(parents=True, exist_ok=True)
            p.rename(moved / rel)
    index_workspace(root)                            # a tiny first index: statistics of 1 file
    for p in moved.rglob("*.py"):
        dest = root / p.relative_to(moved)
        dest.parent.mkdir(parents=True, exist_ok=True)
        p.rename(dest)
    for i in range(300):                             # then many more calls
        (root / f"gen_{i}.py").write_text("from shop.orders import validate\n\n\ndef f():\n    validate(None)\n")
    index_workspace(root)
    conn = open_reader(root)
    sql = walk_sql("up", ALL_KINDS)
    plan = " ".join(str(r) for r in conn.execute("EXPLAIN QUERY PLAN " + sql, ("[1]", 3, 100)))
    assert "USING INDEX calls_target" in plan or "USING COVERING INDEX calls_target" in plan, plan
    # instantiation through a class's constructors and subclasses: each step on its own index
    assert "symbols_parent" in plan and "inherits_target" in plan, plan
