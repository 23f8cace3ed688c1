"""A query without a daemon checks freshness first: when nothing changed that check is a walk and one
read (no writer, no parser imported); when something changed it still finds it. Real subprocesses."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import apsw

from graphmind.index import scan, workspace
from graphmind.live import freshness
from graphmind.store import index_path

# Runs a query the way `graphmind callers` does, then says which heavy modules the process imported.
PROBE = """
import sys
sys.argv = ["graphmind", "callers", "process_refund"]
from graphmind.cli import main
try:
    main()
finally:
    heavy = sorted(m for m in ("tree_sitter", "graphmind.index.indexer", "graphmind.resolve.resolver",
                               "graphmind.lang", "pydantic", "graphmind.store.writer") if m in sys.modules)
    sys.stderr.write("HEAVY=" + ",".join(heavy) + "\\n")
"""


def _probe(root: Path) -> tuple[str, list[str]]:
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=root, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONUTF8="1"))
    assert proc.returncode == 0, proc.stderr
    line = [ln for ln in proc.stderr.splitlines() if ln.startswith("HEAVY=")][-1]
    return proc.stdout, [m for m in line[len("HEAVY="):].split(",") if m]


def test_a_query_on_an_unchanged_index_imports_no_parser(indexed_shop):
    out, heavy = _probe(indexed_shop)
    assert "process_refund" in out or "checkout" in out
    assert heavy == []


def test_a_query_after_an_edit_reindexes_and_answers_from_it(indexed_shop):
    refund = indexed_shop / "shop" / "payments" / "refund.py"
    refund.write_text(refund.read_text() + "\n\ndef audit_refund(order):\n    return process_refund(order, 0)\n")
    out, heavy = _probe(indexed_shop)
    assert "audit_refund" in out
    assert "graphmind.index.indexer" in heavy          # it had to write: the indexer came in


def _meta(root: Path) -> dict:
    conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.close()


def test_the_no_op_check_writes_nothing(indexed_shop):
    before = _meta(indexed_shop)
    time.sleep(0.01)
    assert freshness.current(indexed_shop).changed == 0
    assert _meta(indexed_shop) == before            # indexed_at and graph_version untouched: no write


def test_scan_sees_each_kind_of_change(indexed_shop):
    root = indexed_shop
    assert scan.matches_index(root, workspace.walk(root))
    (root / "shop" / "added.py").write_text("def added():\n    pass\n")
    assert not scan.matches_index(root, workspace.walk(root))
    (root / "shop" / "added.py").unlink()
    assert scan.matches_index(root, workspace.walk(root))
    orders = root / "shop" / "orders.py"
    st = orders.stat()
    os.utime(orders, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))   # touched: the indexer decides
    assert not scan.matches_index(root, workspace.walk(root))
    os.utime(orders, ns=(st.st_atime_ns, st.st_mtime_ns))
    (root / "shop" / "orders.py").rename(root / "shop" / "orders2.py")
    assert not scan.matches_index(root, workspace.walk(root))


def test_an_interrupted_run_is_finished_by_the_next_query(indexed_shop):
    conn = apsw.Connection(str(index_path(indexed_shop)))
    with conn:
        conn.execute("UPDATE calls SET resolution='pending', target_id=NULL WHERE rowid IN "
                     "(SELECT rowid FROM calls WHERE resolution != 'pending' LIMIT 3)")
    conn.close()
    assert not scan.matches_index(indexed_shop, workspace.walk(indexed_shop))
    freshness.current(indexed_shop)
    assert scan.matches_index(indexed_shop, workspace.walk(indexed_shop))


def test_no_index_or_another_versions_index_is_not_a_match(shop):
    assert not scan.matches_index(shop, workspace.walk(shop))
    fresh = freshness.current(shop)                 # indexes it
    assert fresh.changed > 0 and scan.matches_index(shop, workspace.walk(shop))
    conn = apsw.Connection(str(index_path(shop)))
    conn.execute("PRAGMA user_version = 9999")
    conn.close()
    assert not scan.matches_index(shop, workspace.walk(shop))
