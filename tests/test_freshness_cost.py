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


def _age_index(root: Path, seconds: int = 10) -> None:
    """The index files as if last written `seconds` ago (a stamp is kept only for files older than 2 s)."""
    for path in (index_path(root), Path(f"{index_path(root)}-wal")):
        if path.exists():
            st = path.stat()
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - seconds * 1_000_000_000))


def _with_header(path: Path, header: bytes) -> bytes:
    """Overwrite the index's first bytes in place, its size and mtime kept; the old bytes."""
    st = path.stat()
    with open(path, "r+b") as fh:
        old = fh.read(len(header))
        fh.seek(0)
        fh.write(header)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    return old


def test_a_remembered_match_answers_without_reading_the_index(indexed_shop):
    root = indexed_shop
    assert scan.matches_index(root, workspace.walk(root))
    assert not (root / ".graphmind" / scan.STAMP).exists()      # the index was just written: not trusted yet
    _age_index(root)
    assert scan.matches_index(root, workspace.walk(root))
    assert (root / ".graphmind" / scan.STAMP).exists()
    old = _with_header(index_path(root), b"not a database!!")   # unreadable now, same inode, size and mtime
    try:
        assert scan.matches_index(root, workspace.walk(root))   # the stamp answered: the index was not read
        (root / "shop" / "added.py").write_text("def added():\n    pass\n")
        assert not scan.matches_index(root, workspace.walk(root))   # another walk: the index is read (and fails)
        (root / "shop" / "added.py").unlink()
    finally:
        _with_header(index_path(root), old)
    assert scan.matches_index(root, workspace.walk(root))


def test_any_commit_to_the_index_drops_a_remembered_match(indexed_shop):
    root = indexed_shop
    assert scan.matches_index(root, workspace.walk(root))       # a first reader makes the WAL file
    _age_index(root)
    assert scan.matches_index(root, workspace.walk(root)) and (root / ".graphmind" / scan.STAMP).exists()
    conn = apsw.Connection(str(index_path(root)))
    with conn:                                                  # files unchanged on disk, the index changed
        conn.execute("UPDATE calls SET resolution='pending', target_id=NULL WHERE rowid IN "
                     "(SELECT rowid FROM calls WHERE resolution != 'pending' LIMIT 1)")
    conn.close()
    assert not scan.matches_index(root, workspace.walk(root))
    freshness.current(root)                                     # finished by the in-process refresh
    assert scan.matches_index(root, workspace.walk(root))
