"""C++: a method declared in a header's class and defined out of line in a source file is one symbol
to every query — its short name is not ambiguous, and asking about the declaration (by name or by
FILE:LINE) gives the callers of the definition (tests/fixtures/flow/cpp, through the real CLI)."""
from __future__ import annotations

import json
import shutil

from conftest import run_cli
from flowcases import FLOW

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
