"""The lexical rows of a batch of files are written together, after the batch's other rows: FTS5
flushes its pending terms at every savepoint a statement opens, so rows written file by file become
one segment per file (and their merges). The rows themselves are the same either way."""
from __future__ import annotations

import apsw

from graphmind.index.indexer import index_workspace
from graphmind.query.search import search
from graphmind.store import open_reader


def test_a_cold_batch_flushes_its_lexical_rows_once(tmp_path):
    for i in range(6):
        (tmp_path / f"mod{i}.py").write_text(f"def handler_{i}(order):\n    return order\n\n\nclass Shipment{i}:\n    pass\n")
    index_workspace(tmp_path, jobs=1)
    conn = apsw.Connection(str(tmp_path / ".graphmind" / "index.db"), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        for table in ("search_text", "search_names"):
            # contentless_delete tables record, per row, the segment its terms were first flushed to
            origins = conn.execute(f"SELECT count(DISTINCT origin) FROM {table}_docsize").fetchone()[0]
            assert origins == 1, (table, origins)
    finally:
        conn.close()
    reader = open_reader(tmp_path)
    try:
        found = {hit.qualname for hit in search(reader, "handler", limit=20)}
    finally:
        reader.close()
    assert found >= {f"mod{i}.handler_{i}" for i in range(6)}
