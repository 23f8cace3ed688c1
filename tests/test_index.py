"""Indexing a real fixture workspace: what is found, what is skipped, what changes on re-index."""
from __future__ import annotations

import json
import os
import time

import pytest

from graphmind.edgekinds import CALL_KINDS
from graphmind.query.export import call_graph
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader
from graphmind.index.workspace import is_secret, walk


def symbols(root):
    conn = open_reader(root)
    return {q: (k, a, b, s) for q, k, a, b, s in conn.execute(
        "SELECT qualname, kind, start_line, end_line, signature FROM symbols")}


def test_walk_honours_ignore_rules(shop):
    paths = {f.path for f in walk(shop)}
    assert "shop/payments/refund.py" in paths and "scripts/tool.py" in paths
    assert "node_modules/lib/x.py" not in paths          # dependency folder
    assert "build/gen.py" not in paths                   # build output
    assert "scripts/generated_api.py" not in paths       # .gitignore
    assert "scripts/private.py" not in paths             # .graphmindignore
    assert ".env.sh" not in paths                        # secret deny list


@pytest.mark.parametrize("name,secret", [(".env", True), (".env.local", True), ("server.pem", True),
                                         ("id_rsa", True), ("deploy.key", True), ("env.py", False),
                                         ("keys.py", False)])
def test_secret_names(name, secret):
    assert is_secret(name) is secret


def test_definitions_and_qualified_names(indexed_shop):
    syms = symbols(indexed_shop)
    assert syms["shop.payments.refund.process_refund"] == ("function", 10, 14, "def process_refund(order, amount)")
    assert syms["shop.payments.refund.RefundService"][0] == "class"
    assert syms["shop.payments.refund.RefundService.refund_one"][0] == "method"
    assert syms["shop.payments.refund._issue.attempt"][0] == "function"      # nested function
    assert syms["shop.util.audit.wrapper"][3] == "def wrapper(*args, **kwargs)"
    assert syms["shop"][0] == "module" and syms["shop.orders"][0] == "module"   # __init__.py -> package
    assert syms["shop.api.Handler.quick"][0] == "method"                      # decorated staticmethod


def test_module_level_code_is_the_module_calling(indexed_shop):
    graph = call_graph(indexed_shop)
    assert "shop.api.handle" in graph["shop.api"]
    assert "shop.util.audit" in graph["shop.payments.refund"]     # applying a decorator is a call


def test_resolution_across_modules(indexed_shop):
    graph = call_graph(indexed_shop)
    # same short name `validate` in two modules: each call reaches the right one
    assert set(graph["shop.payments.refund.process_refund"]) >= {
        "shop.payments.refund.validate", "shop.orders.validate", "shop.payments.refund._issue"}
    assert graph["scripts.tool.main"] == ["shop.orders.validate"]
    # re-export through shop/__init__.py; process_refund is decorated by @audit, whose wrapper runs too
    assert graph["shop.api.Handler.quick"] == ["shop.payments.refund.process_refund", "shop.util.audit.wrapper"]
    assert graph["shop.api.Handler.make_service"] == ["shop.payments.refund.RefundService.__init__"]


def test_every_call_records_its_resolution(indexed_shop):
    conn = open_reader(indexed_shop)
    kinds = {r for (r,) in conn.execute("SELECT DISTINCT resolution FROM calls")}
    assert "pending" not in kinds
    assert kinds <= {"local", "import", "self", "inferred", "possible", "builtin", "external", "unresolved",
                     "unreached"}
    # an implicit call or member read that reached nothing is kept as `unreached`, and only those
    assert not conn.execute("SELECT count(*) FROM calls WHERE resolution = 'unreached' AND implicit = 0").fetchone()[0]
    how = dict(conn.execute("SELECT callee, resolution FROM calls WHERE callee IN ('validate_order', 'len', 'self.refund_one')"
                            " AND kind != 'read'"))
    assert how == {"validate_order": "import", "self.refund_one": "self"}


def test_src_layout_is_stripped(tmp_path):
    from conftest import copy_repo
    root = copy_repo("srclayout", tmp_path)
    index_workspace(root)
    graph = call_graph(root)
    assert graph["app.main"] == ["mylib.core.run"]
    assert graph["mylib.core.run"] == ["mylib.core.step"]


def test_bad_files_are_recorded_not_fatal(indexed_shop):
    conn = open_reader(indexed_shop)
    status = {p: (s, e) for p, s, e in conn.execute("SELECT path, status, error FROM files")}
    assert status["shop/blob.py"] == ("skipped", "binary file")
    assert status["shop/broken.py"][0] == "partial" and "line 5" in status["shop/broken.py"][1]
    assert status["shop/latin1.py"][0] == "partial" and "UTF-8" in status["shop/latin1.py"][1]
    graph = call_graph(indexed_shop)
    # the parser recovers: definitions around the syntax error are still there
    assert graph["shop.broken.after_error"] == ["shop.broken.fine"]
    assert graph["shop.latin1.uses_latin"] == ["shop.latin1.latin"]


def test_noop_reindex_reads_nothing(indexed_shop):
    again = index_workspace(indexed_shop)
    assert again.changed == 0 and again.removed == 0 and again.unchanged == again.scanned


def test_touch_without_change_rehashes_but_rewrites_nothing(indexed_shop):
    path = indexed_shop / "shop" / "orders.py"
    before = open_reader(indexed_shop).execute("SELECT min(id), max(id) FROM symbols").fetchone()
    os.utime(path, (time.time() + 5, time.time() + 5))
    again = index_workspace(indexed_shop)
    assert again.changed == 0 and again.unchanged == again.scanned
    assert open_reader(indexed_shop).execute("SELECT min(id), max(id) FROM symbols").fetchone() == before


def test_edit_and_delete_update_edges(indexed_shop):
    tool = indexed_shop / "scripts" / "tool.py"
    tool.write_text("from shop.orders import is_even\n\n\ndef main():\n    return is_even(4)\n")
    summary = index_workspace(indexed_shop)
    assert summary.changed == 1
    graph = call_graph(indexed_shop)
    assert graph["scripts.tool.main"] == ["shop.orders.is_even"]
    (indexed_shop / "shop" / "util.py").unlink()
    summary = index_workspace(indexed_shop)
    assert summary.removed == 1
    conn = open_reader(indexed_shop)
    assert conn.execute("SELECT count(*) FROM symbols WHERE qualname LIKE 'shop.util%'").fetchone()[0] == 0
    # the call to retry lost its target and says so instead of dangling
    row = conn.execute("SELECT target_id, resolution FROM calls WHERE callee='retry'").fetchone()
    assert row == (None, "external")


def _counted(root) -> tuple[int, int]:
    return open_reader(root).execute(
        "SELECT (SELECT count(*) FROM symbols WHERE kind != 'module'), (SELECT count(*) FROM calls"
        " WHERE target_id IS NOT NULL AND resolution != 'possible' AND kind IN (SELECT value FROM json_each(?)))",
        (json.dumps(list(CALL_KINDS)),)).fetchone()


def test_the_totals_a_run_reports_follow_every_change(indexed_shop):
    """A run's symbol and edge totals are kept between runs (counting scans every call row): they must
    still be the table's own after an edit, an addition, a deletion and a no-op run."""
    root = indexed_shop
    first = index_workspace(root)
    assert (first.symbols, first.edges) == _counted(root)
    (root / "scripts" / "tool.py").write_text("from shop.orders import is_even\n\n\ndef main():\n    return is_even(4)\n")
    (root / "shop" / "extra.py").write_text("from shop.orders import is_even\n\n\ndef one():\n    return is_even(1)\n"
                                            "\n\ndef two():\n    return one() and is_even(2)\n")
    edited = index_workspace(root)
    assert (edited.symbols, edited.edges) == _counted(root) != (first.symbols, first.edges)
    (root / "shop" / "extra.py").unlink()
    removed = index_workspace(root)
    assert (removed.symbols, removed.edges) == _counted(root) != (edited.symbols, edited.edges)
    noop = index_workspace(root)
    assert noop.changed == noop.removed == 0 and (noop.symbols, noop.edges) == _counted(root)


def test_incremental_equals_clean_index(indexed_shop, tmp_path):
    refund = indexed_shop / "shop" / "payments" / "refund.py"
    refund.write_text(refund.read_text().replace("def validate(amount)", "def validate_amount(amount)")
                      .replace("not validate(amount)", "not validate_amount(amount)"))
    index_workspace(indexed_shop)
    incremental = call_graph(indexed_shop)
    import shutil
    clean = tmp_path / "clean"
    shutil.copytree(indexed_shop, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert incremental == call_graph(clean)


def test_special_files_are_skipped(shop):
    os.mkfifo(shop / "shop" / "pipe.py")                     # would block a naive open()
    (shop / "loop").symlink_to(shop, target_is_directory=True)  # a symlink loop
    (shop / "huge.py").write_text("x = 1\n" * 200_000)      # over the size limit
    summary = index_workspace(shop)
    conn = open_reader(shop)
    paths = {p for (p,) in conn.execute("SELECT path FROM files")}
    assert "shop/pipe.py" not in paths and not any(p.startswith("loop/") for p in paths)
    assert conn.execute("SELECT status FROM files WHERE path='huge.py'").fetchone() == ("skipped",)
    assert summary.scanned == len(paths)


def test_crash_leaves_last_committed_state(indexed_shop):
    """A writer killed mid-transaction: readers still see the last committed index."""
    import subprocess
    import sys
    code = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from graphmind.store import Store\n"
        "s = Store(Path(sys.argv[1]))\n"
        "s.conn.execute('BEGIN')\n"
        "s.conn.execute('DELETE FROM symbols')\n"
        "s.conn.execute('DELETE FROM calls')\n"
        "os._exit(9)\n")
    subprocess.run([sys.executable, "-c", code, str(indexed_shop)], timeout=60)
    graph = call_graph(indexed_shop)
    assert graph["scripts.tool.main"] == ["shop.orders.validate"]
    assert index_workspace(indexed_shop).changed == 0


def test_parallel_and_serial_indexes_agree(tmp_path):
    """Many files go through worker processes; the result must equal an in-process index."""
    for name in ("par", "ser"):
        root = tmp_path / name
        (root / "pkg").mkdir(parents=True)
        (root / "pkg" / "__init__.py").write_text("")
        for i in range(80):
            nxt = f"from pkg.m{i + 1} import f{i + 1}\n" if i < 79 else ""
            body = f"    return f{i + 1}()\n" if i < 79 else "    return 0\n"
            (root / "pkg" / f"m{i}.py").write_text(f"{nxt}\n\ndef f{i}():\n{body}")
    index_workspace(tmp_path / "par", jobs=2)
    index_workspace(tmp_path / "ser", jobs=1)
    par, ser = call_graph(tmp_path / "par"), call_graph(tmp_path / "ser")
    assert par == ser and par["pkg.m0.f0"] == ["pkg.m1.f1"] and len(par) == 79
