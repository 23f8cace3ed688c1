"""`graphmind index` on a terminal names each phase with its counts (a real subprocess on a pty)."""
from __future__ import annotations

import os
import pty
import re
import subprocess
import sys


def _index_on_a_terminal(root) -> str:
    master, slave = pty.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "graphmind", "index", str(root)], stderr=slave,
                              stdout=subprocess.PIPE, timeout=120, env=dict(os.environ, PYTHONUTF8="1"))
    finally:
        os.close(slave)
    assert proc.returncode == 0
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:                          # EIO: the terminal has no writer left
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    return b"".join(chunks).decode()


def test_a_cold_index_shows_parse_resolve_and_indexes_with_counts(shop):
    out = _index_on_a_terminal(shop).replace("\x1b[K", "")
    lines = [part.rsplit("\r", 1)[-1].strip() for part in out.replace("\r\n", "\n").split("\n") if part.strip()]
    parse = re.fullmatch(r"parsing (\d+)/(\d+) files  done", lines[0])
    resolve = re.fullmatch(r"resolving (\d+)/(\d+) call sites  done", lines[1])
    assert parse and parse[1] == parse[2] and int(parse[1]) >= 10, lines
    assert resolve and resolve[1] == resolve[2] and int(resolve[1]) > 10, lines
    assert lines[2] == "building the indexes  done", lines


def test_no_progress_when_stderr_is_not_a_terminal(shop):
    proc = subprocess.run([sys.executable, "-m", "graphmind", "index", str(shop)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""


def test_a_phase_in_progress_shows_a_bar_its_rate_and_the_time_left(capsys, monkeypatch):
    from graphmind.cli_options import _Phases
    bars = _Phases()
    bars.show("parse", 0, 400)
    bars.show("parse", 100, 400)
    shown = capsys.readouterr().err.split("\r")[-1].replace("\x1b[K", "")
    assert re.fullmatch(r"parsing 100/400 files \[#####\.{15}\] [\d,]+/s \d+:\d\d left", shown), shown
