"""After a random sequence of edits, the daemon's index equals a clean index of the final tree."""
from __future__ import annotations

import os
import random
import time

import pytest

from daemonkit import assert_equals_clean, start_daemon, stop_daemon, wait_fresh

NAMES = ["alpha", "beta", "gamma", "delta", "eps"]
KNOWN = ["process_refund(o, 1)", "validate_order(o)", "helper(o)", "alpha(o)", "beta(o)", "len(o)", "o.save()"]


HUB = "def helper(o):\n    return o\n\n\nclass Root:\n    def save(self):\n        return 1\n\n\nclass Base:\n    pass\n"
HUB_KNOWN = ["late(o)", "hub.late(o).run()", "hub.helper(o)", "Box().save()", "hub.Base().save()", "hub._x.partial(o)"]
HUB_IMPORTS = ["import functools as _x", "from shop.orders import validate as late", "import os",
               "from shop.payments.refund import process_refund as helper"]


def module_text(rnd: random.Random, hub: bool = False) -> str:
    head = "from shop.payments.refund import process_refund\nfrom shop.orders import validate as validate_order\n"
    known = KNOWN + HUB_KNOWN if hub else KNOWN
    if hub:
        head += "from shop.gen import helper, Base, late\nimport shop.gen as hub\n"
    funcs = []
    for name in rnd.sample(NAMES, rnd.randint(1, 4)):
        body = "\n".join(f"    {rnd.choice(known)}" for _ in range(rnd.randint(1, 3)))
        funcs.append(f"def {name}(o):\n{body}\n    return o\n")
    if rnd.random() < 0.3:
        funcs.append("class Box(Base):\n    def save(self):\n        return helper(self)\n")
    return head + "\n\n".join(funcs)


def hub_edit(path, rnd: random.Random, step: int) -> str:
    """One edit of the module every generated module imports (issue 35): an import added or removed
    (one nothing reads, one naming what importers ask for, one shadowing a definition), a definition
    added or removed, the base of a class changed."""
    lines = path.read_text().split("\n")
    op = rnd.choice(["import", "unimport", "define", "undefine", "base"])
    if op == "import":
        lines.insert(0, rnd.choice(HUB_IMPORTS))
    elif op == "unimport" and any(ln.startswith(("import ", "from ")) for ln in lines):
        lines.remove(rnd.choice([ln for ln in lines if ln.startswith(("import ", "from "))]))
    elif op == "define":
        lines += ["", "", f"def {rnd.choice(['late', 'helper', 'alpha', f'extra{step}'])}(o):", "    return o", ""]
    elif op == "undefine" and any(ln.startswith("def ") for ln in lines):
        at = rnd.choice([i for i, ln in enumerate(lines) if ln.startswith("def ")])
        del lines[at:at + 2]
    elif op == "base":
        at = next(i for i, ln in enumerate(lines) if ln.startswith("class Base"))
        lines[at] = rnd.choice(["class Base:", "class Base(Root):", "class Base(object):", "class Base(helper):"])
    path.write_text("\n".join(lines))
    return f"hub {op}"


def random_edits(root, rnd: random.Random, steps: int, hub: bool = False) -> list[str]:
    gen = root / "shop" / "gen"
    gen.mkdir()
    (gen / "__init__.py").write_text(HUB if hub else "def helper(o):\n    return o\n\n\nclass Base:\n    pass\n")
    done = []
    for step in range(steps):
        files = sorted(p for p in gen.rglob("*.py") if p.name != "__init__.py")
        if hub and rnd.random() < 0.4:
            done.append(hub_edit(gen / "__init__.py", rnd, step))
            time.sleep(rnd.choice([0.0, 0.03, 0.08]))
            continue
        op = rnd.choice(["create", "create", "edit", "edit", "append", "delete", "rename", "atomic", "same",
                         "touch", "folder", "broken"])
        if op in ("edit", "append", "delete", "rename", "atomic", "same", "touch", "broken") and not files:
            op = "create"
        target = rnd.choice(files) if files else None
        if op == "create":
            (gen / f"m{step}.py").write_text(module_text(rnd, hub))
        elif op == "edit":
            target.write_text(module_text(rnd, hub))
        elif op == "append":
            with open(target, "a") as fh:
                fh.write(f"\n\ndef extra{step}(o):\n    return {rnd.choice(KNOWN)}\n")
        elif op == "delete":
            target.unlink()
        elif op == "rename":
            target.rename(gen / f"r{step}.py")
        elif op == "atomic":
            tmp = gen / f".{target.name}.tmp{step}"
            tmp.write_text(module_text(rnd, hub))
            os.replace(tmp, target)
        elif op == "same":
            target.write_bytes(target.read_bytes())
        elif op == "touch":
            os.utime(target)
        elif op == "folder":
            sub = gen / f"pkg{step}"
            sub.mkdir()
            (sub / "inner.py").write_text(module_text(rnd, hub))
        elif op == "broken":
            target.write_text("def broken(:\n    process_refund(\n")
        done.append(f"{op} {target.name if target else ''}")
        if rnd.random() < 0.6:
            time.sleep(rnd.choice([0.0, 0.005, 0.03, 0.08]))
    return done


@pytest.mark.parametrize("seed", [11, 23])
def test_random_edits_end_equal_to_a_clean_index(indexed_shop, tmp_path, no_leaks, seed):
    root = indexed_shop
    pid = start_daemon(root)
    try:
        ops = random_edits(root, random.Random(seed), 40)
        wait_fresh(root)
    finally:
        stop_daemon(root, pid)
    assert_equals_clean(root, tmp_path, f"seed {seed}, edits: {ops}")


@pytest.mark.parametrize("seed", [5, 17])
def test_hub_edits_end_equal_to_a_clean_index(indexed_shop, tmp_path, no_leaks, seed):
    """Imports, definitions and bases of a module every other one imports change under the daemon."""
    root = indexed_shop
    pid = start_daemon(root)
    try:
        ops = random_edits(root, random.Random(seed), 50, hub=True)
        wait_fresh(root)
    finally:
        stop_daemon(root, pid)
    assert_equals_clean(root, tmp_path, f"seed {seed}, edits: {ops}")


@pytest.mark.parametrize("seed", [3, 29])
def test_hub_edits_through_the_cli_equal_a_clean_index(indexed_shop, tmp_path, seed):
    """The same, each edit indexed on its own (`graphmind index` after every save)."""
    from graphmind.index.indexer import index_workspace
    root = indexed_shop
    rnd = random.Random(seed)
    ops = random_edits(root, rnd, 6, hub=True)
    index_workspace(root)
    for step in range(40):
        ops.append(hub_edit(root / "shop" / "gen" / "__init__.py", rnd, 100 + step))
        index_workspace(root)
    assert_equals_clean(root, tmp_path, f"seed {seed}, edits: {ops}")



@pytest.mark.parametrize("case, module", [("reexport_init__beside_a_stub", "shapes"), ("reexport_init__typed_by_its_stub", "marks")])
def test_a_py_added_or_removed_beside_its_stub_equals_clean(tmp_path, no_leaks, case, module):
    """Issue 34: calls bind through a module's `.py` where it has one (typed by its `.pyi` stub), through its
    stub alone where it has none; the daemon adding, removing or editing either file (tables updated file
    by file) ends as a clean index."""
    import re
    import shutil
    from pathlib import Path

    from graphmind.index.indexer import index_workspace
    root = tmp_path / "work"
    shutil.copytree(Path(__file__).parent / "callgraph" / "cases" / case, root, ignore=shutil.ignore_patterns("expected.json"))
    init, stub = root / module / "__init__.py", root / module / "__init__.pyi"
    code, declared = init.read_text(), stub.read_text()
    init.unlink()
    index_workspace(root)
    pid = start_daemon(root)
    try:
        for n, (path, text) in enumerate([(init, code), (stub, None), (stub, declared), (init, None), (init, code),
                                          (stub, re.sub(r"-> [^:]+:", "-> None:", declared)), (stub, declared)]):
            path.write_text(text) if text is not None else path.unlink()
            wait_fresh(root)
            assert_equals_clean(root, tmp_path / str(n), f"step {n}: {path.name} {'written' if text else 'removed'}")
    finally:
        stop_daemon(root, pid)
