"""Configuration in one place, and folders skipped only where they look like output, with status saying
what was skipped and why."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_cli
from graphmind.index import workspace


def files_of(root: Path) -> set[str]:
    return {f.path for f in workspace.walk(root)}


def write(root: Path, rel: str, text: str = "def f():\n    pass\n") -> None:
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(text)


def test_a_package_named_like_output_is_indexed(tmp_path):
    write(tmp_path, "coverage/__init__.py")
    write(tmp_path, "coverage/control.py")
    write(tmp_path, "env/__init__.py")
    write(tmp_path, "build/gen.py")                     # no marker: output
    write(tmp_path, "web/dist/bundle.js", "function f() {}\n")
    write(tmp_path, "tools/out/package.json", "{}")
    write(tmp_path, "tools/out/index.js", "function g() {}\n")
    assert files_of(tmp_path) == {"coverage/__init__.py", "coverage/control.py", "env/__init__.py",
                                  "tools/out/index.js"}


def test_a_virtual_environment_is_skipped_whatever_its_name(tmp_path):
    write(tmp_path, "app.py")
    write(tmp_path, "myenv/pyvenv.cfg", "home = /usr/bin\n")
    write(tmp_path, "myenv/lib/python3.11/site.py")
    report = workspace.SkipReport()
    assert {f.path for f in workspace.walk(tmp_path, report)} == {"app.py"}
    assert report.folders == [("myenv", workspace.VENV)]


def test_graphmindignore_brings_a_build_folder_back(tmp_path):
    write(tmp_path, "app/build/steps.py")
    write(tmp_path, "lib/build/gen.py")
    assert files_of(tmp_path) == set()
    (tmp_path / ".graphmindignore").write_text("!app/build/\n")
    assert files_of(tmp_path) == {"app/build/steps.py"}


def test_a_git_ignored_package_stays_out(tmp_path):
    write(tmp_path, "build/__init__.py")
    write(tmp_path, "build/x.py")
    assert files_of(tmp_path) == {"build/__init__.py", "build/x.py"}
    (tmp_path / ".gitignore").write_text("build/\n")
    assert files_of(tmp_path) == set()


def test_pyproject_include_exclude_languages_and_limits(tmp_path):
    write(tmp_path, "build/gen.py")
    write(tmp_path, "src/a.py")
    write(tmp_path, "src/big.py", "x = 1\n" * 400)
    write(tmp_path, "docs/conf.py")
    write(tmp_path, "scripts/run.sh", "f() { echo; }\n")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.graphmind]\ninclude = ["build/"]\nexclude = ["docs/"]\n'
        'exclude_languages = ["bash"]\nmax_file_bytes = 1000\n')
    report = workspace.SkipReport()
    assert {f.path for f in workspace.walk(tmp_path, report)} == {"build/gen.py", "src/a.py"}
    assert ("docs", workspace.CONFIGURED) in report.folders
    assert report.files[workspace.LANGUAGE_OFF] == 1 and report.files[workspace.TOO_BIG] == 1
    # .graphmind/config.toml overrides pyproject.toml key by key
    write(tmp_path, ".graphmind/config.toml", 'languages = ["bash"]\n')
    assert files_of(tmp_path) == set()
    (tmp_path / ".graphmind" / "config.toml").write_text('exclude_languages = []\nlanguages = ["bash", "python"]\n')
    assert files_of(tmp_path) == {"build/gen.py", "src/a.py", "scripts/run.sh"}


def test_secrets_never_come_back(tmp_path):
    write(tmp_path, "id_rsa.py")
    (tmp_path / ".graphmindignore").write_text("!id_rsa.py\n")
    (tmp_path / "pyproject.toml").write_text('[tool.graphmind]\ninclude = ["id_rsa.py", ".git/"]\n')
    write(tmp_path, ".git/hooks/x.py")
    assert files_of(tmp_path) == set()


@pytest.mark.parametrize("text, needle", [
    ("[tool.graphmind]\nexlude = ['x']\n", "unknown key(s) exlude"),
    ("[tool.graphmind]\nlanguages = ['pyton']\n", "unknown language(s) pyton"),
    ("[tool.graphmind]\ninclude = 'build'\n", "include must be a list of strings"),
    ("[tool.graphmind\n", "pyproject.toml"),
])
def test_a_bad_configuration_is_a_clear_error_and_the_index_is_kept(indexed_shop, text, needle):
    before = json.loads(run_cli("status", "--json", "--no-refresh", cwd=indexed_shop, check=True).stdout)
    (indexed_shop / "pyproject.toml").write_text(text)
    proc = run_cli("index", cwd=indexed_shop)
    assert proc.returncode == 1 and needle in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    doc = json.loads(run_cli("index", "--json", cwd=indexed_shop).stdout)
    assert doc["error"] == "config" and needle in doc["message"]
    after = json.loads(run_cli("status", "--json", "--no-refresh", cwd=indexed_shop, check=True).stdout)
    assert after["files"] == before["files"] == 10


def test_status_lists_what_was_skipped_and_why(shop):
    (shop / "pyproject.toml").write_text('[tool.graphmind]\nexclude = ["scripts/tool.py"]\n')
    run_cli("index", cwd=shop, check=True)
    doc = json.loads(run_cli("status", "--json", cwd=shop, check=True).stdout)["skipped"]
    assert {(f["path"], f["why"]) for f in doc["folders"]} == {("build", workspace.OUTPUT),
                                                              ("node_modules", workspace.ALWAYS)}
    assert doc["folders_by_reason"] == {workspace.OUTPUT: 1, workspace.ALWAYS: 1}
    assert doc["files_by_reason"][workspace.CONFIGURED] == 1 and doc["files_by_reason"][workspace.SECRET] == 1
    assert doc["configuration"] == ["pyproject.toml [tool.graphmind]"]
    text = run_cli("status", cwd=shop, check=True).stdout
    assert "folders skipped: 2" in text and f"  build/: {workspace.OUTPUT}" in text
    assert f"{workspace.CONFIGURED} 1" in text


def test_the_daemon_follows_a_brought_back_folder(indexed_shop, no_leaks):
    from daemonkit import caller_names, start_daemon, stop_daemon
    (indexed_shop / ".graphmindignore").write_text((indexed_shop / ".graphmindignore").read_text() + "\n!build/\n")
    run_cli("index", cwd=indexed_shop, check=True)
    pid = start_daemon(indexed_shop)
    try:
        assert "build.steps.step" not in caller_names(indexed_shop, "shop.payments.refund.process_refund")
        (indexed_shop / "build" / "steps.py").write_text(
            "from shop.payments.refund import process_refund\n\n\ndef step(order):\n    return process_refund(order, 1)\n")
        assert "build.steps.step" in caller_names(indexed_shop, "shop.payments.refund.process_refund")
    finally:
        stop_daemon(indexed_shop, pid)


def test_query_time_limit_read_from_the_environment():
    """GRAPHMIND_QUERY_SECONDS sets the query time limit (the tests-reached scorer raises it under load)."""
    code = "from graphmind import config; print(config.QUERY_TIME_LIMIT_S)"
    env = {k: v for k, v in os.environ.items() if k != "GRAPHMIND_QUERY_SECONDS"}
    default = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    raised = subprocess.run([sys.executable, "-c", code], env={**env, "GRAPHMIND_QUERY_SECONDS": "30"},
                            capture_output=True, text=True, check=True)
    assert float(default.stdout) == 1.0
    assert float(raised.stdout) == 30.0
