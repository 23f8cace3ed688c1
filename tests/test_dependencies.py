"""Blast radius over every kind of dependency: instantiation, inheritance, overrides, type references,
imports, next to calls. Fixture projects in four languages (tests/fixtures/repos/deps/<lang>), each
with the dependants of its classes and methods written out by hand, per kind."""
from __future__ import annotations

import json
import re

import pytest

from conftest import run_cli
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS
from graphmind.query import graph
from langcases import index_fixture

# target -> {dependant at depth 1: the kinds that link it}
EXPECTED = {
    "py": {
        "billing.invoice.Invoice": {
            "billing.report.summary": {"instantiate"},          # invoice.Invoice(total), module imported whole
            "billing.report.check": {"reference"},              # isinstance(value, invoice.Invoice)
            "billing.service.make": {"instantiate"},            # Invoice(total)
            "billing.service.safe": {"reference"},              # invoice: Invoice
            "billing.service": {"import"},
            "billing.special": {"import"},
            "billing.special.CreditNote": {"inherit"},
        },
        "billing.invoice.InvoiceError": {
            "billing.invoice.Invoice.issue": {"instantiate"},   # raise InvoiceError(...)
            "billing.service.safe": {"reference"},              # except InvoiceError
            "billing.service": {"import"},
        },
        "billing.invoice.Invoice.issue": {
            "billing.invoice.Invoice.render": {"call"},
            "billing.service.safe": {"call"},                   # invoice.issue() on an annotated parameter
            "billing.special.CreditNote.issue": {"call", "override"},   # overrides it and calls super().issue()
        },
        "billing.special.CreditNote.issue": {
            "billing.special.Refund.issue": {"override"},
            "billing.invoice.Invoice.render": {"dispatch"},     # self.issue() may run the override
        },
        "billing.exporters.Exporter": {
            "billing.exporters.CsvExporter": {"inherit"},
            "billing.exporters.JsonExporter": {"inherit"},
            "billing.exporters.run": {"reference"},
        },
        "billing.exporters.Exporter.export": {
            "billing.exporters.CsvExporter.export": {"override"},
            "billing.exporters.JsonExporter.export": {"override"},
            "billing.exporters.run": {"call"},
        },
        # constants: their readers (a bare imported name, `mod.X`, `Cls.X`, a bare name of the same module)
        "billing.config.CURRENCY": {
            "billing.report.header": {"read"},                  # config.CURRENCY, module imported whole
            "billing.special": {"import"},                      # from billing.config import CURRENCY
            "billing.special.label": {"read"},                  # CURRENCY (local_only's is its own)
        },
        "billing.invoice.TAX_RATE": {
            "billing.invoice.Invoice.issue": {"read"},          # TAX_RATE in the same module
            "billing.report.header": {"read"},                  # invoice.TAX_RATE
        },
        "billing.invoice.Invoice.PREFIX": {
            "billing.special.label": {"read"},                  # Invoice.PREFIX
        },
        "billing.config.ROUNDING": {},                          # defined twice, read nowhere
    },
    "ts": {
        "src.invoice.Invoice": {
            "src.report": {"import"},
            "src.report.summary": {"instantiate"},              # new Invoice(total) inside an arrow function
            "src.service": {"import"},
            "src.service.make": {"instantiate", "reference"},   # returns Invoice, builds one
            "src.service.safe": {"reference"},
            "src.special": {"import"},
            "src.special.CreditNote": {"inherit"},
        },
        "src.invoice.InvoiceError": {
            "src.invoice.Invoice.issue": {"instantiate"},       # throw new InvoiceError(...)
            "src.service": {"import"},
            "src.service.safe": {"reference"},                  # err instanceof InvoiceError
        },
        "src.invoice.Exporter": {
            "src.invoice.CsvExporter": {"inherit"},             # implements
            "src.invoice.JsonExporter": {"inherit"},
        },
        "src.invoice.Exporter.export": {
            "src.invoice.CsvExporter.export": {"override"},
            "src.invoice.JsonExporter.export": {"override"},
        },
        "src.config.CURRENCY": {                                # export const
            "src.report": {"import"},                           # import { CURRENCY } from "./config"
            "src.report.header": {"read"},                      # state()'s const CURRENCY is its own
        },
        "src.config.rounding": {"src.report.header": {"read"}},            # config.rounding (import * as config)
        "src.invoice.Invoice.PREFIX": {"src.report.header": {"read"}},      # static readonly, Invoice.PREFIX
        "src.config.Status.Issued": {"src.report.state": {"read"}},         # enum member
    },
    "java": {
        "com.acme.billing.Invoice": {
            "com.acme.app": {"import"},                         # both files of package com.acme.app
            "com.acme.app.CreditNote": {"inherit"},
            "com.acme.app.Service.make": {"instantiate", "reference"},
            "com.acme.app.Service.safe": {"reference"},
        },
        "com.acme.billing.InvoiceError": {
            "com.acme.app": {"import"},
            "com.acme.app.Service.safe": {"reference"},         # catch (InvoiceError err)
            "com.acme.billing.Invoice.issue": {"instantiate"},  # throw new InvoiceError(...)
        },
        "com.acme.billing.Invoice.issue": {
            "com.acme.app.CreditNote.issue": {"call", "override"},
            "com.acme.app.Service.safe": {"call"},
        },
        "com.acme.billing.Exporter.export": {
            "com.acme.billing.CsvExporter.export": {"override"},
            "com.acme.billing.JsonExporter.export": {"override"},
        },
        "com.acme.billing.Rates.TAX": {                         # static final
            "com.acme.billing.Invoice.issue": {"read"},         # Rates.TAX, same package, no import
            "com.acme.app.Service.label": {"read"},             # Rates.TAX, class imported
        },
        "com.acme.billing.Rates.issued": {"com.acme.billing.Rates.next": {"read"}},   # bare, its own class
        "com.acme.billing.Status.ISSUED": {"com.acme.app.Service.label": {"read"}},   # enum constant
    },
    "go": {
        "billing.Invoice": {
            "app.Make": {"reference"},                          # *billing.Invoice result
            "app.Safe": {"reference"},
            "app.Literal": {"reference"},                       # billing.Invoice{Total: 1}
            "billing.NewInvoice": {"reference"},                # &Invoice{…}, *Invoice result
            "billing.CreditNote": {"inherit", "reference"},     # embedded struct
        },
        "billing.Invoice.Issue": {"app.Safe": {"call"}},
        "billing.NewInvoice": {"app.Make": {"call"}},
        "billing.TaxRate": {"billing.Invoice.Issue": {"read"}},            # const, bare, another file
        "billing.ErrNegative": {                                            # package-level var
            "billing.Invoice.Issue": {"read"},
            "app.Label": {"read"},                              # billing.ErrNegative
        },
        "billing.Currency": {"app.Label": {"read"}},            # State()'s Currency := 1 is its own
        "billing.Issued": {"app.State": {"read"}},              # const ( … iota … )
    },
}


def _dependants(conn, qualname: str, kinds=ALL_KINDS) -> dict[str, set[str]]:
    targets = [t for t in graph.resolve_targets(conn, qualname, take_all=True) if t.qualname == qualname]
    assert targets, f"{qualname} is not defined"
    out: dict[str, set[str]] = {}
    for h in graph.walk(conn, targets, "up", depth=1, limit=500, kinds=kinds).hits:
        out.setdefault(h.symbol, set()).update(h.kinds)
    return out


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_dependants_by_kind(tmp_path, lang):
    conn = index_fixture(tmp_path, f"deps/{lang}")
    got = {target: _dependants(conn, target) for target in EXPECTED[lang]}
    assert got == EXPECTED[lang]


def test_callers_stay_about_calls(tmp_path):
    conn = index_fixture(tmp_path, "deps/py")
    callers = _dependants(conn, "billing.invoice.Invoice", CALL_KINDS)
    assert callers == {"billing.report.summary": {"instantiate"}, "billing.service.make": {"instantiate"}}
    narrowed = _dependants(conn, "billing.invoice.Invoice", ("inherit", "reference"))
    assert narrowed == {"billing.special.CreditNote": {"inherit"}, "billing.report.check": {"reference"},
                        "billing.service.safe": {"reference"}}


def test_override_chain_reaches_the_deepest_override(tmp_path):
    conn = index_fixture(tmp_path, "deps/py")
    targets = graph.resolve_targets(conn, "billing.invoice.Invoice.issue")
    hits = graph.walk(conn, targets, "up", depth=2, kinds=("override",)).hits
    assert [(h.depth, h.symbol) for h in hits] == [(1, "billing.special.CreditNote.issue"),
                                                  (2, "billing.special.Refund.issue")]


def test_cli_kinds_option_and_json(tmp_path):
    conn = index_fixture(tmp_path, "deps/py")
    root = tmp_path / "deps/py"
    conn.close()
    doc = json.loads(run_cli("blast-radius", "billing.invoice.Invoice", "--depth", "1", "--json",
                             "--kinds", "inherit,import", cwd=root, check=True).stdout)
    assert doc["kinds"] == ["inherit", "import"]
    assert {(c["symbol"], tuple(c["kinds"])) for c in doc["callers"]} == {
        ("billing.special.CreditNote", ("inherit",)), ("billing.service", ("import",)), ("billing.special", ("import",))}
    assert doc["possible_total"] == 0
    bad = run_cli("blast-radius", "billing.invoice.Invoice", "--kinds", "calls", cwd=root)
    assert bad.returncode == 1 and "unknown edge kind calls" in bad.stderr and "Traceback" not in bad.stderr
    text = run_cli("callers", "billing.invoice.Invoice", cwd=root, check=True).stdout
    assert text.splitlines()[0].endswith("2 callers")


def test_export_lists_every_edge_with_its_kind(tmp_path):
    index_fixture(tmp_path, "deps/py").close()
    doc = json.loads(run_cli("export", "--format", "json", cwd=tmp_path / "deps/py", check=True).stdout)
    edges = {(e["caller"], e["callee"], e["kind"]) for e in doc["edges"]}
    assert ("billing.special.CreditNote", "billing.invoice.Invoice", "inherit") in edges
    assert ("billing.special.Refund.issue", "billing.special.CreditNote.issue", "override") in edges
    assert ("billing.service.make", "billing.invoice.Invoice.__init__", "constructor") in edges
    assert ("billing.service.make", "billing.invoice.Invoice", "instantiate") in edges
    assert ("billing.service.safe", "billing.invoice.InvoiceError", "reference") in edges
    assert ("billing.special.label", "billing.config.CURRENCY", "read") in edges      # a constant's readers
    assert ("billing.special", "billing.config.CURRENCY", "import") in edges
    assert not any(callee.endswith("CURRENCY") for callees in doc["call_graph"].values() for callee in callees)
    assert all({"caller", "callee", "kind", "resolution", "file", "line"} <= set(e) for e in doc["edges"])
    # the call graph keeps its meaning: code that runs, no type references or imports
    assert "billing.invoice.Invoice" not in doc["call_graph"].get("billing.service.safe", [])


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_no_named_definition_answers_nothing(tmp_path, lang):
    """A class or function whose name appears in another file of the workspace always has something
    to show: a dependant, a possible caller, or an unresolved site naming it."""
    conn = index_fixture(tmp_path, f"deps/{lang}")
    root = tmp_path / "deps" / lang
    texts = {p.relative_to(root).as_posix(): p.read_text() for p in root.rglob("*") if p.is_file()
             and p.suffix in (".py", ".ts", ".java", ".go")}
    rows = conn.execute("SELECT s.qualname, s.name, f.path FROM symbols s JOIN files f ON f.id = s.file_id"
                        " WHERE s.kind IN ('class', 'struct', 'interface', 'function', 'variable', 'constant')"
                        ).fetchall()
    silent = []
    for qualname, name, path in rows:
        named_elsewhere = any(re.search(rf"\b{re.escape(name)}\b", text) for p, text in texts.items() if p != path)
        if not named_elsewhere:
            continue
        w = graph.walk(conn, [t for t in graph.resolve_targets(conn, qualname, take_all=True)
                              if t.qualname == qualname], "up", depth=1, kinds=ALL_KINDS)
        if not (w.hits or w.possible or w.unresolved_total):
            silent.append(qualname)
    assert silent == []


def test_mcp_blast_radius_follows_every_kind_and_narrows(tmp_path):
    import anyio  # noqa: F401  (the MCP test helpers run on anyio)
    from test_mcp import run, text
    index_fixture(tmp_path, "deps/py").close()
    root = tmp_path / "deps/py"

    async def scenario(call, session):
        every = await call("blast_radius", symbol="billing.invoice.Invoice", depth=1)
        narrow = await call("blast_radius", symbol="billing.invoice.Invoice", depth=1, kinds=["inherit"])
        wrong = await call("blast_radius", symbol="billing.invoice.Invoice", kinds=["calls"])
        return every, narrow, wrong
    every, narrow, wrong = run(root, tmp_path, scenario)
    assert "billing/special.py:5-7 class CreditNote(Invoice) [inherit]" in text(every)
    assert "billing/service.py:1-13 (module billing.service) [import]" in text(every)
    assert every.structured_content["total"] == 7
    assert [c["symbol"] for c in narrow.structured_content["callers"]] == ["billing.special.CreditNote"]
    assert wrong.is_error


def test_cli_blast_radius_of_a_constant_lists_its_readers(tmp_path):
    index_fixture(tmp_path, "deps/py").close()
    root = tmp_path / "deps/py"
    doc = json.loads(run_cli("blast-radius", "CURRENCY", "--depth", "1", "--json", "--kinds", "read",
                             cwd=root, check=True).stdout)
    assert doc["kinds"] == ["read"]
    assert {(c["symbol"], tuple(c["kinds"])) for c in doc["callers"]} == {
        ("billing.report.header", ("read",)), ("billing.special.label", ("read",))}
    every = run_cli("blast-radius", "billing.invoice.Invoice.PREFIX", "--depth", "1", cwd=root, check=True).stdout
    assert "billing/special.py" in every and "[read]" in every
    shown = run_cli("symbols", "--kind", "constant", cwd=root, check=True).stdout
    assert 'CURRENCY = "EUR"' in shown and "ROUNDING: int = 2" in shown
    # callers stay about calls: a read is not a call
    assert "0 callers" in run_cli("callers", "CURRENCY", cwd=root, check=True).stdout
