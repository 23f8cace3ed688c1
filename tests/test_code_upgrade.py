"""An index built by other graphmind code is built again, even where no source file changed.

Unchanged files (same size and mtime) are never read again, so without this an upgraded graphmind (or
edited queries or extraction code) would keep answering from the rows the old code extracted. Each
test runs graphmind from a copy of its own source tree as a real subprocess, changes that copy, and
runs it again on the same, untouched workspace.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent
PLAIN_CALL = "(call\n  function: (identifier) @name) @reference.call\n"


def _copy_code(dest: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data")
    shutil.copytree(SOURCE / "graphmind", dest / "graphmind", ignore=ignore)
    shutil.copytree(SOURCE / "queries", dest / "queries", ignore=ignore)
    shutil.copy(SOURCE / "schema.sql", dest / "schema.sql")
    return dest


def _graphmind(code: Path, ws: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONUTF8="1", PYTHONPATH=str(code), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([sys.executable, "-m", "graphmind", *args], cwd=ws, capture_output=True,
                          text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc


def _callers(code: Path, ws: Path) -> list[str]:
    out = json.loads(_graphmind(code, ws, "callers", "app.helper", "--json").stdout)
    return sorted(row["symbol"] for row in out["callers"])


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "app.py").write_text("def helper():\n    return 1\n\n\ndef main():\n    return helper()\n")
    return ws


def _without_plain_calls(code: Path) -> None:
    """The copy's Python query no longer captures `f(...)`: code that extracts less."""
    tags = code / "queries" / "python" / "tags.scm"
    text = tags.read_text()
    assert PLAIN_CALL in text
    tags.write_text(text.replace(PLAIN_CALL, ""))


def _indexed_by_code_that_extracts_less(tmp_path: Path) -> tuple[Path, Path]:
    """(code, workspace): the workspace indexed by a copy missing plain calls, then the copy mended."""
    code, ws = _copy_code(tmp_path / "code"), _workspace(tmp_path)
    tags = code / "queries" / "python" / "tags.scm"
    original = tags.read_text()
    _without_plain_calls(code)
    _graphmind(code, ws, "index")
    assert _callers(code, ws) == []                 # what the crippled code saw
    tags.write_text(original)                       # the code changes; the workspace does not
    return code, ws


def test_edited_queries_take_effect_on_the_next_index_of_an_unchanged_workspace(tmp_path):
    code, ws = _indexed_by_code_that_extracts_less(tmp_path)
    _graphmind(code, ws, "index")
    assert _callers(code, ws) == ["app.main"]


def test_a_new_release_answers_from_its_own_rows_without_an_explicit_index(tmp_path):
    code, ws = _indexed_by_code_that_extracts_less(tmp_path)
    init = code / "graphmind" / "__init__.py"
    init.write_text(init.read_text().replace('__version__ = "', '__version__ = "9.'))
    assert _callers(code, ws) == ["app.main"]       # the query's own freshness check sees the release
