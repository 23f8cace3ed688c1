"""A plain query command line is bound without typer or click (cli_spec.bind), to exactly the arguments
typer would pass; anything else is left to typer. Real typer and click parse the same lines here, and
real subprocesses show what a query process imports."""
from __future__ import annotations

import functools
import os
import subprocess
import sys

import pytest

from graphmind.cli import app
from graphmind.cli_spec import App, bind

# Lines a query process sees: bound here, and typer must give the function the same arguments.
BOUND = [
    ["callers", "process_refund"],
    ["callers", "shop.payments.refund.process_refund", "--limit", "5", "--all", "--json"],
    ["callers", "--json", "process_refund", "--no-refresh", "--wait-fresh=2.5"],
    ["callees", "shop/api.py:17", "--depth", "3", "--limit=7", "--root", "/tmp/some where"],
    ["blast-radius", "Order", "-d", "2", "--kinds", "call,inherit", "--limit", "0"],
    ["blast-radius", "x", "--depth=-1", "--all", "--all"],
    ["search", "retry with backoff", "--kind", "method", "--file", "shop/", "--limit", "3", "--mode", "lexical"],
    ["search", "-", "--kind="],
    ["symbols"],
    ["symbols", "shop.*.validate", "--file", "shop/orders.py", "--kind", "method", "--limit", "1"],
    ["status", "--json", "--no-refresh"],
    ["index", "sub", "-j", "2", "--rebuild"],
    ["watch", "--background", "--root", "."],
    ["embed", "--json"],
]

# Lines left to typer: help, usage errors, groups, forms this module does not read.
LEFT = [
    [], ["--help"], ["--version"], ["callers"], ["callers", "--help"], ["callers", "x", "y"],
    ["callers", "x", "--limit", "many"], ["callers", "x", "--limit"], ["callers", "x", "--unknown"],
    ["callers", "x", "--all=yes"], ["callers", "x", "--", "y"], ["callers", "x", "--limit", "-3"],
    ["index", "-j2"], ["index", "--root="], ["daemon", "status"], ["mcp"], ["mcp", "install", "--client", "claude"],
    ["export"], ["impact", "shop/orders.py:5"], ["map", "--tokens", "512"], ["nonsense"],
]


def _recording(source: App, seen: list) -> App:
    """The same commands and declarations, whose bodies only record what they are given."""
    out = App(**source.settings)
    out.main = source.main
    for name, func in source.commands.items():
        out.command(name)(functools.wraps(func)(lambda *a, _n=name, **kw: seen.append((_n, kw))))
    return out


def _typer_kwargs(argv: list[str]) -> tuple[str, dict]:
    import typer

    from graphmind.cli_spec import build
    seen: list = []
    command = typer.main.get_command(build(_recording(app, seen)))
    status = command.main(args=argv, prog_name="graphmind", standalone_mode=False)
    assert status in (None, 0) and len(seen) == 1, (argv, status, seen)
    return seen[0]


@pytest.mark.parametrize("argv", BOUND, ids=" ".join)
def test_a_plain_line_is_bound_as_typer_binds_it(argv):
    bound = bind(app, argv)
    assert bound is not None, argv
    func, kwargs = bound
    name, expected = _typer_kwargs(argv)
    assert func is app.commands[name]
    assert kwargs == expected
    assert {k: type(v) for k, v in kwargs.items()} == {k: type(v) for k, v in expected.items()}


@pytest.mark.parametrize("argv", LEFT, ids=lambda a: " ".join(a) or "(none)")
def test_anything_else_is_left_to_typer(argv):
    assert bind(app, argv) is None


def test_every_top_level_command_binds_or_is_left_whole():
    """A command either binds its plain line or never binds (list options, defaults of True, ...)."""
    binds = {name for name in app.commands if bind(app, [name, "x"]) or bind(app, [name])}
    assert binds >= {"callers", "callees", "blast-radius", "search", "symbols", "status", "index"}
    assert "impact" not in binds and "map" not in binds


# What a query process imported, after answering from an unchanged index.
PROBE = """
import sys
sys.argv = ["graphmind", *sys.argv[1:]]
from graphmind.cli import main
try:
    main()
finally:
    sys.stderr.write("LOADED=" + ",".join(m for m in ("typer", "click", "orjson", "socket") if m in sys.modules) + "\\n")
"""


def _loaded(root, *args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=root, capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONUTF8="1"))
    line = [ln for ln in proc.stderr.splitlines() if ln.startswith("LOADED=")][-1]
    return proc, set(filter(None, line[len("LOADED="):].split(",")))


@pytest.mark.parametrize("args", [("callers", "process_refund"), ("blast-radius", "process_refund", "-d", "2"),
                                  ("search", "refund")], ids=lambda a: a[0])
def test_a_query_process_imports_no_typer_no_click(indexed_shop, args):
    proc, loaded = _loaded(indexed_shop, *args)
    assert proc.returncode == 0, proc.stderr
    assert "process_refund" in proc.stdout
    assert not loaded & {"typer", "click"}


def test_a_text_answer_without_a_daemon_imports_no_json_library_and_no_socket(indexed_shop):
    proc, loaded = _loaded(indexed_shop, "callers", "process_refund")
    assert proc.returncode == 0, proc.stderr
    assert loaded == set()


def test_help_and_usage_errors_still_come_from_typer(indexed_shop):
    proc, loaded = _loaded(indexed_shop, "callers", "--help")
    assert proc.returncode == 0 and "Usage: graphmind callers [OPTIONS] SYMBOL" in proc.stdout
    assert {"typer"} <= loaded
    proc, _ = _loaded(indexed_shop, "callers", "x", "--limit", "many")
    assert proc.returncode == 2 and "Invalid value for '--limit'" in proc.stderr
