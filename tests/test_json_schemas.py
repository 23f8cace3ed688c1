"""Every command's --json output validates against its JSON Schema in docs/schemas/, which is written
from graphmind/agent/schemas.py and kept equal to it here."""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from test_impact import edit, repo  # noqa: F401  (the committed shop fixture)

from conftest import run_cli
from daemonkit import wait_gone
from graphmind.agent import schemas
from test_docs import command_names

DOCS = Path(__file__).resolve().parent.parent / "docs" / "schemas"


def validate(name: str, doc) -> None:
    errors = sorted(Draft202012Validator(schemas.schema(name)).iter_errors(doc), key=str)
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_docs_hold_every_schema_as_written_from_the_code():
    on_disk = {p.name for p in DOCS.glob("*.schema.json")}
    assert on_disk == {f"{n}.schema.json" for n in schemas.SCHEMAS}
    for name in schemas.SCHEMAS:
        doc = json.loads((DOCS / f"{name}.schema.json").read_text())
        assert doc == schemas.schema(name), f"docs/schemas/{name}.schema.json is out of date: run " \
                                            "python -m graphmind.agent.schemas docs/schemas"
        Draft202012Validator.check_schema(doc)


def test_every_command_with_json_has_a_schema():
    assert set(command_names()) - {"watch", "lsp"} == set(schemas.COMMANDS)     # servers: no --json answer


def test_a_schema_can_fail():
    with pytest.raises(AssertionError):
        validate("walk", {"targets": [], "direction": "sideways", "kinds": [], "depth": 1, "complete_depth": 1,
                          "total": 0, "truncated": None})


def json_of(*args: str, cwd: Path, status: int = 0):
    proc = run_cli(*args, "--json", cwd=cwd)
    assert proc.returncode == status, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def test_query_commands_validate(repo):  # noqa: F811
    validate("index", json_of("index", cwd=repo))
    edit(repo / "shop/orders.py", "return all(item.price >= 0", "return all(item.price > 0")
    for cmd, args in [("blast-radius", ["shop.orders.validate"]), ("callers", ["process_refund"]),
                      ("callees", ["process_refund", "--depth", "2"]), ("blast-radius", ["shop.orders.validate",
                                                                                        "--limit", "1"]),
                      ("symbols", ["refund"]), ("search", ["refund"]), ("status", []), ("export", []),
                      ("impact", []), ("impact", ["shop/orders.py:1-6"]), ("map", ["--tokens", "256"])]:
        validate(schemas.COMMANDS[cmd], json_of(cmd, *args, cwd=repo))


@pytest.mark.parametrize("args, status", [(("callers", "validate"), 4), (("callers", "nope"), 3),
                                          (("symbols", "--kind", "x"), 1), (("callers", "--bogus"), 2),
                                          (("impact", "--base", "no-such-ref"), 3)])
def test_errors_validate(repo, args, status):  # noqa: F811
    run_cli("index", cwd=repo, check=True)
    validate("error", json_of(*args, cwd=repo, status=status))


def test_daemon_and_mcp_install_validate(indexed_shop, no_leaks):
    validate("daemon-status", json_of("daemon", "status", cwd=indexed_shop, status=3))
    started = json_of("daemon", "start", cwd=indexed_shop)
    try:
        validate("daemon-start", started)
        validate("daemon-status", json_of("daemon", "status", cwd=indexed_shop))
    finally:
        stopped = json_of("daemon", "stop", cwd=indexed_shop)
        if not wait_gone(started["pid"]):
            os.kill(started["pid"], signal.SIGKILL)
    validate("daemon-stop", stopped)
    assert stopped["stopped"] is True
    validate("mcp-install", json_of("mcp", "install", "--client", "cursor", "--print", cwd=indexed_shop))
