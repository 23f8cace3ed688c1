"""C++: a method declared in a header's class and defined out of line in a source file is one symbol
to every query — its short name is not ambiguous, and asking about the declaration (by name or by
FILE:LINE) gives the callers of the definition (tests/fixtures/flow/cpp, through the real CLI)."""
from __future__ import annotations

import json
import shutil

from conftest import run_cli
from flowcases import FLOW
from langcases import REPOS, definitions, index_fixture, resolution

CALLERS = {"src.invoice_service.acme.InvoiceService.reissue", "src.checkout.acme.checkout",
           "src.renewal.acme.Renewal.renew", "src.renewal.acme.Renewal.renew_all"}


def _callers(root, symbol: str) -> set[str]:
    proc = run_cli("callers", symbol, "--json", cwd=root, check=True)
    return {hit["symbol"] for hit in json.loads(proc.stdout)["callers"]}


def test_declaration_and_out_of_line_definition_are_one_symbol(tmp_path):
    root = tmp_path / "cpp"
    shutil.copytree(FLOW / "cpp", root)
    run_cli("index", cwd=root, check=True)
    assert _callers(root, "InvoiceService.issue") == CALLERS
    assert _callers(root, "include.acme.invoice_service.acme.InvoiceService.issue") == CALLERS
    assert _callers(root, "include/acme/invoice_service.hpp:13") == CALLERS
    assert _callers(root, "src.invoice_service.acme.InvoiceService.issue") == CALLERS
    # a same-named method of another class stays apart
    decoy = run_cli("callers", "issue", cwd=root)
    assert decoy.returncode == 4 and "matches several symbols" in decoy.stderr     # 4: ambiguous


def test_a_changed_declaration_impacts_the_definitions_callers(tmp_path):
    root = tmp_path / "cpp"
    shutil.copytree(FLOW / "cpp", root)
    run_cli("index", cwd=root, check=True)
    proc = run_cli("impact", "include/acme/invoice_service.hpp:13", "--depth", "1", "--json", cwd=root, check=True)
    assert CALLERS <= {hit["symbol"] for hit in json.loads(proc.stdout)["callers"]}


def _pairs(root) -> set[tuple[str, str]]:
    from graphmind.store import open_reader
    conn = open_reader(root)
    try:
        return set(conn.execute("SELECT s.qualname, d.qualname FROM symbols s JOIN symbols d ON d.id = s.definition_id"))
    finally:
        conn.close()


DECL = "include.acme.invoice_service.acme.InvoiceService."
DEF = "src.invoice_service.acme.InvoiceService."


def test_the_index_merges_a_declaration_with_its_definition(tmp_path):
    """symbols.definition_id links each member declared in its class to its out-of-line definition;
    search and the repo map then list the pair once, as the definition."""
    root = tmp_path / "cpp"
    shutil.copytree(FLOW / "cpp", root)
    run_cli("index", cwd=root, check=True)
    assert {(DECL + n, DEF + n) for n in ("issue", "reissue", "InvoiceService")} <= _pairs(root)
    found = json.loads(run_cli("search", "issue", "--json", cwd=root, check=True).stdout)
    names = [hit["symbol"] for hit in (found.get("results") or found.get("symbols"))]
    assert DEF + "issue" in names and DECL + "issue" not in names
    drawn = run_cli("map", "--tokens", "2000", cwd=root, check=True).stdout
    assert "InvoiceService::issue(int amount)" in drawn and "Invoice issue(int amount);" not in drawn


def test_the_pair_follows_edits_of_either_file(tmp_path):
    """The definition removed, then back, then the declaration's header rewritten: the links follow,
    and the index equals a clean one after every step (kept tables, as the daemon keeps them)."""
    from daemonkit import assert_equals_clean
    from graphmind.index import workspace
    from graphmind.index.indexer import index_files
    from graphmind.resolve.session import ResolveSession
    from graphmind.store import Store
    root = tmp_path / "cpp"
    shutil.copytree(FLOW / "cpp", root)
    run_cli("index", cwd=root, check=True)
    source = root / "src" / "invoice_service.cpp"
    original = source.read_text()
    header = root / "include" / "acme" / "invoice_service.hpp"
    store, session = Store(root), ResolveSession()
    try:
        session.warm(store.conn, root)
        steps = [(source, original.replace("Invoice InvoiceService::issue(int amount) {", "Invoice issue_free(int amount) {")),
                 (source, original), (header, header.read_text() + "\n")]
        for i, (path, text) in enumerate(steps):
            path.write_text(text)
            index_files(store, workspace.walk(root), [], complete=True, session=session)
            assert ((DECL + "issue", DEF + "issue") in _pairs(root)) == (i != 0)
            assert_equals_clean(root, tmp_path / f"clean{i}", f"step {i}")
    finally:
        store.close()


# The held-out C++ case (issue 37): a refund service in C++ idioms, tests/fixtures/repos/cpp_refunds.
REFUND_CALLERS = {
    "payments.refund_processor.payments.RefundProcessor.refund_all",   # implicit this, in the .cpp
    "controllers.refund_controller.RefundController.handle",          # using payments::RefundProcessor; T x(a);
    "controllers.orders.refund_order",                                # payments::RefundProcessor x{a};
    "controllers.orders.shared_refund",                               # std::make_shared<T>, then T& x = *p
    "jobs.quick.quick_refund",                                        # using namespace payments; auto x = T(a)
    "jobs.quick.legacy_refund",                                       # new T(a), then p->refund
    "jobs.retry_queue.jobs.RetryQueue.drain",                         # a unique_ptr<T> field: processor_->refund
    "main.main",                                                      # depth 2, through handle and drain
}


def _blast(root, symbol: str) -> tuple[list[str], set[str]]:
    proc = run_cli("blast-radius", symbol, "--depth", "3", "--json", cwd=root, check=True)
    answer = json.loads(proc.stdout)
    return [f"{t['file']}:{t['start_line']}" for t in answer["targets"]], {h["symbol"] for h in answer["callers"]}


def test_the_refund_service_blast_radius_by_file_and_line(tmp_path):
    """Either the header's declaration or the .cpp's definition names one symbol (the 1-argument
    overload only), answered as the definition; exactly the 8 callers, not the 2-argument overload's
    caller nor Ledger::refund's."""
    root = tmp_path / "cpp_refunds"
    shutil.copytree(REPOS / "cpp_refunds", root)
    run_cli("index", cwd=root, check=True)
    for where in ("payments/refund_processor.h:12", "payments/refund_processor.cpp:24"):
        targets, callers = _blast(root, where)
        assert targets == ["payments/refund_processor.cpp:24", "payments/refund_processor.h:12"], where
        assert callers == REFUND_CALLERS, where


def test_the_refund_service_edges(tmp_path):
    """The neighbours: the overload chosen by argument count, a member typed by the class's field,
    a header parsed as C++ (its inline methods are symbols), the initializer list filed under its
    constructor (`std::make_unique<T>(…)` there runs T's constructor)."""
    conn = index_fixture(tmp_path, "cpp_refunds")
    reason = "controllers.refund_controller.RefundController.handle_with_reason"
    assert {(how, line) for how, line in conn.execute(
        "SELECT c.resolution, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
        " ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = 'processor.refund'", (reason,))} == {("inferred", 7)}
    assert resolution(conn, "payments.refund_processor.payments.RefundProcessor.refund", "store_->SetLast") == {
        ("inferred", "payments.refund_store.payments.RefundStore.SetLast")}
    assert "payments.refund_store.payments.RefundStore.SetLast" in definitions(conn)     # inline, in a .h
    assert set(conn.execute(        # `: processor_(std::make_unique<payments::RefundProcessor>(gateway))`
        "SELECT c.resolution, tf.path, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
        " ON t.id = c.target_id JOIN files tf ON tf.id = t.file_id WHERE s.qualname = ? AND c.callee LIKE 'std::make_unique<%'",
        ("jobs.retry_queue.jobs.RetryQueue.RetryQueue",))) == {("import", "payments/refund_processor.cpp", 5)}
    assert resolution(conn, "controllers.orders.book_refund", "ledger.refund") == {
        ("inferred", "payments.ledger.payments.Ledger.refund")}
    assert conn.execute("SELECT language FROM files WHERE path = 'payments/refund_processor.h'").fetchone() == ("cpp",)


def test_const_overloads_pair_and_pick_by_the_callers_constness(tmp_path):
    """`Chunk& At(int)` and `const Chunk& At(int) const`, declared in a.h and defined in a.cc (the
    same qualified names): each definition pairs with its own declaration, and a call on `this`
    picks the overload of the caller's constness (a non-const member: the non-const one)."""
    from langcases import indexed_workspace
    from graphmind.store import open_reader
    work = indexed_workspace(tmp_path, {
        "big.h": "namespace dc {\nclass Big {\n public:\n  int& At(int i);\n  const int& At(int i) const;\n"
                 "  void Set(int v);\n  int Get() const;\n private:\n  int d_[4];\n};\n}\n",
        "big.cc": '#include "big.h"\nnamespace dc {\nint& Big::At(int i) { return d_[i]; }\n'
                  "const int& Big::At(int i) const { return d_[i]; }\nvoid Big::Set(int v) { At(0) = v; }\n"
                  "int Big::Get() const { return At(0); }\n}\n"})
    conn = open_reader(work)
    lines = dict(conn.execute(
        "SELECT s.name, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
        " ON t.id = c.target_id WHERE c.callee = 'At' AND c.kind = 'call'").fetchall())
    assert lines == {"Set": 3, "Get": 4}
    pairs = set(conn.execute("SELECT s.start_line, d.start_line FROM symbols s JOIN symbols d ON d.id = s.definition_id"
                             " WHERE s.name = 'At'"))
    assert pairs == {(4, 3), (5, 4)}
