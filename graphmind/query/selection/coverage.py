"""Recorded coverage: which tests ran which lines, read from a coverage.py data file with per-test contexts
(pytest-cov's `--cov-context=test`: contexts `tests/test_x.py::TestC::test_y[p]|run`). The file is SQLite
(tables `file`, `context`, `line_bits` or `arc`), read with the standard library: coverage.py is not needed
at run time. A workspace file changed after the data was written is left to the static paths."""
from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from graphmind.errors import BadArgumentError

_PARAMS = re.compile(r"\[.*\]$")
DEFAULT_FILE = ".coverage"


@dataclass
class Recorded:
    """A coverage data file: when it was written, its files (workspace-relative) and its tests."""
    file: str
    recorded_at: float
    files: dict[str, int] = field(default_factory=dict)       # relative path -> coverage file id
    tests: dict[int, str] = field(default_factory=dict)       # context id -> test ID (no parameters)
    arcs: bool = False
    path: Path | None = None
    # coverage file id -> {context id -> the lines it ran}: each file's rows read and decoded once
    ran_lines: dict[int, dict[int, set[int]]] = field(default_factory=dict, repr=False, compare=False)


def test_id(context: str) -> str | None:
    """A pytest-cov context as the test's runnable ID without parameters; None for no test ('', setup of a session)."""
    if "::" not in context:
        return None
    return _PARAMS.sub("", context.split("|", 1)[0])


def _open(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def read_coverage(path: Path, root: Path) -> Recorded:
    """The data file's files and test contexts; a file that is not coverage.py data is a BadArgumentError."""
    try:
        db = _open(path)
        try:
            files = db.execute("SELECT id, path FROM file").fetchall()
            contexts = db.execute("SELECT id, context FROM context").fetchall()
            arcs = bool(db.execute("SELECT 1 FROM arc LIMIT 1").fetchall())
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise BadArgumentError(f"{path} is not a coverage.py data file ({exc})") from None
    out = Recorded(str(path), os.stat(path).st_mtime, arcs=arcs, path=path)
    base = root.resolve()
    for fid, name in files:
        p = Path(name)
        try:
            rel = (p if p.is_absolute() else base / p).resolve().relative_to(base)
        except ValueError:
            continue
        out.files[rel.as_posix()] = fid
    out.tests = {cid: t for cid, c in contexts if (t := test_id(c or ""))}
    return out


def _lines(blob: bytes) -> set[int]:
    """coverage.py's numbits: bit b of byte i is line 8*i + b."""
    return {i * 8 + b for i, byte in enumerate(blob) if byte for b in range(8) if byte & (1 << b)}


def _ran_lines(rec: Recorded, fid: int) -> dict[int, set[int]]:
    """The lines each context ran in one measured file (arcs: their from and to lines), read once per Recorded."""
    got = rec.ran_lines.get(fid)
    if got is not None:
        return got
    got = {}
    db = _open(rec.path)
    try:
        if rec.arcs:
            for cid, start, end in db.execute("SELECT context_id, fromno, tono FROM arc WHERE file_id = ?", (fid,)):
                got.setdefault(cid, set()).update((start, end))
        else:
            for cid, blob in db.execute("SELECT context_id, numbits FROM line_bits WHERE file_id = ?", (fid,)):
                got.setdefault(cid, set()).update(_lines(blob))
    finally:
        db.close()
    rec.ran_lines[fid] = got
    return got


def tests_covering(rec: Recorded, rel: str, first: int, last: int) -> set[str] | None:
    """The tests that ran a line first..last of a file; None when the file was not measured."""
    if last > first:
        first += 1                   # a def line runs when its module is imported, not when it is called
    fid = rec.files.get(rel)
    if fid is None or rec.path is None:
        return None
    ran = {cid for cid, lines in _ran_lines(rec, fid).items() if any(first <= n <= last for n in lines)}
    return {rec.tests[c] for c in ran if c in rec.tests}


def changed_since(rec: Recorded, root: Path, files: list[str]) -> list[str]:
    """The files (relative) written after the coverage data: their recorded lines may not be theirs any more."""
    out = []
    for rel in files:
        try:
            if os.stat(root / rel).st_mtime > rec.recorded_at:
                out.append(rel)
        except OSError:
            out.append(rel)
    return out
