"""Hundreds of random edits on a real project (Flask), through the CLI and through the daemon, and its
files arriving in a random order: each ends equal to a clean index of the final tree, table by table.

Needs the pinned Flask corpus (python scripts/fetch_corpora.py flask); skipped without it, failed in CI.
The edits are the ones that move edges: definitions dropped and renamed, properties, dunders and
constructors added to classes, uses appended, files deleted, restored, copied, renamed, saved
atomically and broken.
"""
from __future__ import annotations

import ast
import importlib.util
import os
import random
import shutil
import sys
import time
from pathlib import Path

import pytest

from daemonkit import assert_equals_clean, start_daemon, stop_daemon, wait_fresh
from graphmind.index.indexer import index_workspace

REPO = Path(__file__).resolve().parent.parent


def _flask() -> Path:
    spec = importlib.util.spec_from_file_location("graphmind_fetch_corpora", REPO / "scripts" / "fetch_corpora.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    path = module.corpus_path("flask")
    if not (path / ".fetched").exists():
        message = "the Flask corpus is not fetched: run python scripts/fetch_corpora.py flask"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


def _copy(tmp_path: Path, name: str) -> Path:
    work = tmp_path / name
    shutil.copytree(_flask(), work, ignore=shutil.ignore_patterns(".graphmind", ".fetched"))
    return work


def _defs(text: str) -> list[ast.AST]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]


def _imported(text: str) -> list[str]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    return sorted({a.asname or a.name.split(".")[0] for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                   for a in n.names if a.name != "*"})


def _into_class(lines: list[str], cls: ast.ClassDef, code: list[str]) -> list[str]:
    """`code` (method lines, unindented) inserted as the first statement of the class body."""
    first = cls.body[0]
    at = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])]) - 1
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())] or "    "
    return lines[:at] + [indent + c if c else c for c in code] + [""] + lines[at:]


def _edit_text(text: str, rnd: random.Random, step: int) -> str:
    """One structural edit of a module's text (or the text unchanged when it has nothing to edit)."""
    lines = text.split("\n")
    defs = _defs(text)
    classes = [d for d in defs if isinstance(d, ast.ClassDef) and d.body]
    op = rnd.choice(["drop", "rename", "property", "dunder", "init", "use", "use"])
    if op == "drop" and defs:
        node = rnd.choice(defs)
        start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
        return "\n".join(lines[:start] + lines[node.end_lineno:])
    if op == "rename" and defs:
        node = rnd.choice(defs)
        keyword = "class" if isinstance(node, ast.ClassDef) else "def"
        i = node.lineno - 1
        lines[i] = lines[i].replace(f"{keyword} {node.name}", f"{keyword} {node.name}_{step}", 1)
        return "\n".join(lines)
    if op in ("property", "dunder", "init") and classes:
        cls = rnd.choice(classes)
        code = {"property": ["@property", f"def prop{step}(self):", "    return self"],
                "dunder": [f"def {rnd.choice(['__eq__', '__getitem__', '__enter__', '__call__'])}(self, *a):",
                           "    return self"],
                "init": ["def __init__(self, *args, **kwargs):", "    super().__init__(*args, **kwargs)"]}[op]
        return "\n".join(_into_class(lines, cls, code))
    names = _imported(text) or ["object"]
    name = rnd.choice(names)
    return text + (f"\n\ndef use{step}(x):\n    obj = {name}()\n    obj.run()\n    n = obj.prop{step - 1}\n"
                   f"    with obj:\n        pass\n    return n, obj == x, obj[0], x.{rnd.choice(names)}\n")


def random_edits(root: Path, rnd: random.Random, steps: int, settle, every: int, pause: bool = False) -> list[str]:
    """`steps` random edits under root, `settle()` after every `every` of them; the edits made."""
    originals = {p: p.read_text() for p in sorted(root.rglob("*.py")) if ".graphmind" not in p.parts}
    gone: list[tuple[Path, str]] = []
    done = []
    for step in range(steps):
        present = sorted(p for p in root.rglob("*.py") if ".graphmind" not in p.parts)
        target = rnd.choice(present)
        op = rnd.choice(["edit"] * 8 + ["atomic"] * 3 + ["restore", "delete", "create", "copy", "rename", "broken"])
        if op == "edit":
            target.write_text(_edit_text(target.read_text(), rnd, step))
        elif op == "atomic":
            tmp = target.with_name(f".{target.name}.tmp{step}")
            tmp.write_text(_edit_text(target.read_text(), rnd, step))
            os.replace(tmp, target)
        elif op == "restore":
            target.write_text(originals.get(target, ""))
        elif op == "delete":
            gone.append((target, target.read_text()))
            target.unlink()
        elif op == "create" and gone:
            back, text = gone.pop(rnd.randrange(len(gone)))
            back.parent.mkdir(parents=True, exist_ok=True)
            back.write_text(text)
        elif op == "copy" or op == "create":
            shutil.copyfile(target, target.with_name(f"copy{step}.py"))
        elif op == "rename":
            target.rename(target.with_name(f"moved{step}.py"))
        elif op == "broken":
            target.write_text(target.read_text()[: rnd.randrange(1, 400)] + "\ndef broken(:\n")
        done.append(f"{op} {target.relative_to(root)}")
        if pause and rnd.random() < 0.3:
            time.sleep(rnd.choice([0.0, 0.01, 0.05]))
        if (step + 1) % every == 0:
            settle()
    settle()
    return done


def _assert_clean(work: Path, tmp_path: Path, ops: list[str]) -> None:
    assert_equals_clean(work, tmp_path, f"after {len(ops)} edits, the last ones {ops[-8:]}:")


@pytest.mark.timeout(900)
def test_cli_after_hundreds_of_edits_equals_clean(tmp_path):
    work = _copy(tmp_path, "work")
    index_workspace(work)
    ops = random_edits(work, random.Random(18), 300, lambda: index_workspace(work), every=10)
    _assert_clean(work, tmp_path, ops)


@pytest.mark.timeout(900)
def test_daemon_after_hundreds_of_edits_equals_clean(tmp_path, no_leaks):
    work = _copy(tmp_path, "work")
    index_workspace(work)
    pid = start_daemon(work)
    try:
        ops = random_edits(work, random.Random(81), 300, lambda: None, every=50, pause=True)
        wait_fresh(work, timeout=120)
    finally:
        stop_daemon(work, pid)
    _assert_clean(work, tmp_path, ops)


@pytest.mark.timeout(900)
def test_files_arriving_in_random_order_equal_clean(tmp_path):
    """The tree copied in five random batches (an index started while a copy is being written),
    indexed after each: the last index equals a clean one."""
    source = _copy(tmp_path, "source")
    work = tmp_path / "work"
    work.mkdir()
    files = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    random.Random(5).shuffle(files)
    for i in range(5):
        for rel in files[i::5]:
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / rel, work / rel)
        index_workspace(work)
    _assert_clean(work, tmp_path, [f"batch {i}" for i in range(5)])
