"""TypeScript the grammar rejects (variance annotations `<in T>` / `<out T>` / `<in out T>`, call
signatures that start a line, escaped backticks in template literal types): blanked at the same
length and parsed again, so the file is indexed whole, at its own lines, and `status` says what was
blanked (tests/fixtures/repos/ts_variance)."""
from __future__ import annotations

import json
import shutil

import pytest

from conftest import run_cli
from graphmind.index import parser
from graphmind.index.typescript.blanking import blank_rejected
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader
from langcases import REPOS, assert_equals_clean, edges, index_fixture

SRC = REPOS / "ts_variance" / "src"


def line_of(name: str, text: str) -> int:
    """The 1-based line of the first line of a fixture file containing `text`."""
    return next(i for i, line in enumerate((SRC / name).read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize("name,kind", [("variance.ts", "variance annotations"),
                                       ("signatures.ts", "type members ended at a line break"),
                                       ("templates.ts", "escaped backticks")])
def test_blanking_keeps_every_offset_and_removes_the_errors(name, kind):
    source = (SRC / name).read_bytes()
    assert parser.parse("typescript", source).root_node.has_error            # the grammar's own answer
    blanked, what = blank_rejected("typescript", source)
    assert len(blanked) == len(source) and blanked.count(b"\n") == source.count(b"\n")
    assert [i for i, b in enumerate(source) if b == 10] == [i for i, b in enumerate(blanked) if b == 10]
    assert list(what) == [kind]
    assert not parser.parse("typescript", blanked).root_node.has_error
    assert not parser.parse("tsx", blank_rejected("tsx", source)[0]).root_node.has_error


def test_variance_is_blanked_before_the_first_parse_and_the_rest_only_when_rejected():
    """A file with variance annotations is parsed once, blanked (no tree of the bytes as written to
    keep for an incremental reparse); a file rejected for other reasons keeps its own tree."""
    kept, read, used, blanked = parser.parse_recovering("typescript", (SRC / "variance.ts").read_bytes())
    assert kept is None and not read.root_node.has_error and list(blanked) == ["variance annotations"]
    kept, read, used, blanked = parser.parse_recovering("typescript", (SRC / "signatures.ts").read_bytes())
    assert kept.root_node.has_error and not read.root_node.has_error and used != (SRC / "signatures.ts").read_bytes()
    fine = b"const s = `a \\` b`\nfoo\n  (x)\n"                 # valid: the other rewrites stay away
    assert parser.parse_recovering("typescript", fine)[2:] == (fine, {})


def test_source_without_errors_and_other_languages_are_untouched():
    assert blank_rejected("python", b"def f(a, out, b):\n    pass\n") == (b"def f(a, out, b):\n    pass\n", {})
    source = (SRC / "exports.ts").read_bytes()                   # keywords as export names parse as they are
    tree, read, used, blanked = parser.parse_recovering("typescript", source)
    assert tree is read and used == source and blanked == {}


def test_definitions_and_calls_around_the_constructs_are_indexed(tmp_path):
    conn = index_fixture(tmp_path, "ts_variance")
    rows = dict(conn.execute("SELECT path, status FROM files"))
    assert rows == {f"src/{n}": "ok" for n in ("exports.ts", "signatures.ts", "templates.ts", "variance.ts")}
    lines = dict(conn.execute("SELECT qualname, start_line FROM symbols"))
    assert lines["src.variance.Box.set"] == line_of("variance.ts", "set(a: A): void {")
    assert lines["src.variance.makeBox"] == line_of("variance.ts", "export function makeBox")
    assert lines["src.signatures.repeat"] == line_of("signatures.ts", "export function repeat")
    assert lines["src.templates.report"] == line_of("templates.ts", "export function report")
    assert {("src.variance.Box.set", "src.variance.validate"), ("src.variance.makeBox", "src.variance.Box.set"),
            ("src.signatures.repeat", "src.variance.makeBox"), ("src.signatures.repeat", "src.variance.Box.get"),
            ("src.templates.describe", "src.signatures.repeat"), ("src.templates.report", "src.templates.describe"),
            ("src.exports.void_", "src.templates.report")} <= edges(conn)


def test_status_reports_what_was_blanked(tmp_path):
    root = tmp_path / "ts_variance"
    shutil.copytree(REPOS / "ts_variance", root)
    index_workspace(root)
    st = json.loads(run_cli("status", "--json", cwd=root, check=True).stdout)
    assert st["problems"] == [] and "partial" not in st["file_status"]
    blanked = {r["file"]: r["blanked"] for r in st["recovered"]["files"]}
    assert st["recovered"]["total"] == 3 and set(blanked) == {"src/signatures.ts", "src/templates.ts", "src/variance.ts"}
    assert blanked["src/variance.ts"] == "blanked to parse: variance annotations (7, lines 4, 8, 12, 17, 41, …)"
    assert "files parsed whole after blanking" in run_cli("status", cwd=root, check=True).stdout


def test_an_edit_to_a_recovered_file_equals_a_clean_index(tmp_path):
    work = tmp_path / "work"
    shutil.copytree(REPOS / "ts_variance", work)
    index_workspace(work)
    path = work / "src" / "variance.ts"
    path.write_text(path.read_text() + "\nexport interface Sink<in A> {\n  write(a: A): void\n}\n")
    index_workspace(work)
    conn = open_reader(work)
    assert conn.execute("SELECT status, error FROM files WHERE path = 'src/variance.ts'").fetchone() == \
        ("ok", "blanked to parse: variance annotations (8, lines 4, 8, 12, 17, 41, …)")
    assert_equals_clean(work, tmp_path)
