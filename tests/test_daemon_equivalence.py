"""After a random sequence of edits, the daemon's index equals a clean index of the final tree."""
from __future__ import annotations

import os
import random
import time

import pytest

from daemonkit import assert_equals_clean, start_daemon, stop_daemon, wait_fresh

NAMES = ["alpha", "beta", "gamma", "delta", "eps"]
KNOWN = ["process_refund(o, 1)", "validate_order(o)", "helper(o)", "alpha(o)", "beta(o)", "len(o)", "o.save()"]


def module_text(rnd: random.Random) -> str:
    head = "from shop.payments.refund import process_refund\nfrom shop.orders import validate as validate_order\n"
    funcs = []
    for name in rnd.sample(NAMES, rnd.randint(1, 4)):
        body = "\n".join(f"    {rnd.choice(KNOWN)}" for _ in range(rnd.randint(1, 3)))
        funcs.append(f"def {name}(o):\n{body}\n    return o\n")
    if rnd.random() < 0.3:
        funcs.append("class Box(Base):\n    def save(self):\n        return helper(self)\n")
    return head + "\n\n".join(funcs)


def random_edits(root, rnd: random.Random, steps: int) -> list[str]:
    gen = root / "shop" / "gen"
    gen.mkdir()
    (gen / "__init__.py").write_text("def helper(o):\n    return o\n\n\nclass Base:\n    pass\n")
    done = []
    for step in range(steps):
        files = sorted(p for p in gen.rglob("*.py") if p.name != "__init__.py")
        op = rnd.choice(["create", "create", "edit", "edit", "append", "delete", "rename", "atomic", "same",
                         "touch", "folder", "broken"])
        if op in ("edit", "append", "delete", "rename", "atomic", "same", "touch", "broken") and not files:
            op = "create"
        target = rnd.choice(files) if files else None
        if op == "create":
            (gen / f"m{step}.py").write_text(module_text(rnd))
        elif op == "edit":
            target.write_text(module_text(rnd))
        elif op == "append":
            with open(target, "a") as fh:
                fh.write(f"\n\ndef extra{step}(o):\n    return {rnd.choice(KNOWN)}\n")
        elif op == "delete":
            target.unlink()
        elif op == "rename":
            target.rename(gen / f"r{step}.py")
        elif op == "atomic":
            tmp = gen / f".{target.name}.tmp{step}"
            tmp.write_text(module_text(rnd))
            os.replace(tmp, target)
        elif op == "same":
            target.write_bytes(target.read_bytes())
        elif op == "touch":
            os.utime(target)
        elif op == "folder":
            sub = gen / f"pkg{step}"
            sub.mkdir()
            (sub / "inner.py").write_text(module_text(rnd))
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
