"""The Python type-oracle scorer's rule for a project's own `.pyi` stub beside its `.py` (issue 34): an
edge to what the `.py` binds the stub's name to (as pyright answered, kept in NAME.stubs.jsonl) is
right; without that answer it is wrong. And where pyright is asked about a `.py` module's binding."""
from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from pyright_stub_runs import bindings, declared  # noqa: E402
from score_python_types import score, stub_queries  # noqa: E402

STUB = "src/attr/__init__.pyi"
ROW = {"file": "tests/test_make.py", "line": 7, "col": 4, "name": "ib", "form": "attribute",
       "targets": [[STUB, 388, "stub"]], "why": "definition"}
OURS = {("tests/test_make.py", 7, 4): [("resolved", "src/attr/_make.py", 104, 200, "call")]}


def test_an_edge_to_what_the_py_binds_is_right_only_with_pyrights_answer():
    oracle = [json.dumps(ROW)]
    before = score("attrs", oracle, OURS, None)
    after = score("attrs", oracle, OURS, None, runs={(STUB, 388, "ib"): [["src/attr/_make.py", 104, "def"]]})
    assert (before["edges_right"], before["edges_wrong"], before["missed"]) == (0, 1, 1)
    assert (after["edges_right"], after["edges_wrong"], after["missed"]) == (1, 0, 0)


def test_queries_only_for_stubs_beside_a_py(tmp_path):
    (tmp_path / "src/attr").mkdir(parents=True)
    (tmp_path / "src/attr/__init__.pyi").write_text("ib = attr = attrib\n")
    (tmp_path / "src/attr/_typing_compat.pyi").write_text("class AttrsInstance_: ...\n")
    alone = dict(ROW, targets=[["src/attr/_typing_compat.pyi", 1, "stub"]])
    assert stub_queries([json.dumps(ROW), json.dumps(alone)], tmp_path) == []
    (tmp_path / "src/attr/__init__.py").write_text("from ._make import attrib\nib = attr = attrib\n")
    assert stub_queries([json.dumps(ROW), json.dumps(alone)], tmp_path) == [[STUB, 388, "ib"]]


def test_where_pyright_is_asked_about_a_modules_binding():
    source = b"from ._make import (\n    attrib,\n    fields,\n)\nib = attr = attrib\ndef has(cls): ...\n"
    tree = ast.parse(source)
    lines = source.splitlines()
    assert bindings(lines, tree.body, "ib") == [(5, 12, None)]             # the value `attrib`
    assert bindings(lines, tree.body, "fields") == [(3, 4, (1, 6, "fields"))]   # and the module `_make`
    assert bindings(lines, tree.body, "has") == [(6, 4, None)]
    stub = ast.parse("class Attribute:\n    def evolve(self): ...\nib = attr = attrib\n")
    assert declared(stub, 2, "evolve") == (["Attribute"], "evolve")
    assert declared(stub, 3, "attr") == ([], "attr")
