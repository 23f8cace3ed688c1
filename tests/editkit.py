"""Random structural edits of a Python tree (the fault suite's and bench_order's edit sequences):
definitions dropped and renamed, properties, dunders and constructors added to classes, uses
appended, files deleted, restored, copied, renamed, saved atomically and broken."""
from __future__ import annotations

import ast
import os
import random
import shutil
import time
from pathlib import Path


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


def hub_edit(text: str, rnd: random.Random, step: int) -> tuple[str, str]:
    """One edit of a module many others import (issue 35), and its name: an import added (one nothing
    reads, or one binding a name the module's importers may ask for) or removed, a definition appended
    or dropped, a class's bases changed (the last dropped, or a class defined above added)."""
    lines = text.split("\n")
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return text, "none"
    imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom)) and
               not (isinstance(n, ast.ImportFrom) and n.module == "__future__")]
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    op = rnd.choice(["import", "import", "unimport", "define", "undefine", "base"])
    if op == "import":
        at = imports[0].lineno - 1 if imports else len(lines)
        new = rnd.choice([f"import functools as _hub{step}", "import os.path as json", "from typing import Any as g",
                          "from collections import OrderedDict as request", "import sys"])
        return "\n".join(lines[:at] + [new] + lines[at:]), op
    if op == "unimport" and imports:
        node = rnd.choice(imports)
        return "\n".join(lines[:node.lineno - 1] + lines[node.end_lineno:]), op
    if op == "define":
        return text + f"\n\ndef {rnd.choice(['g', 'request', 'json', f'hub{step}'])}(*a, **k):\n    return a\n", op
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    if op == "undefine" and defs:
        node = rnd.choice(defs)
        start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
        return "\n".join(lines[:start] + lines[node.end_lineno:]), op
    if op == "base" and classes:
        cls = rnd.choice(classes)
        names = [ast.unparse(b) for b in cls.bases]
        above = [c.name for c in classes if c.lineno < cls.lineno]
        names = names[:-1] if names and (not above or rnd.random() < 0.5) else names + above[-1:] or ["object"]
        keywords = [ast.unparse(k) for k in cls.keywords]
        head = f"class {cls.name}({', '.join(names + keywords)}):" if names or keywords else f"class {cls.name}:"
        i = cls.lineno - 1
        if lines[i].rstrip().endswith(":") and lines[i].lstrip().startswith("class "):   # a one-line header
            lines[i] = lines[i][: len(lines[i]) - len(lines[i].lstrip())] + head
            return "\n".join(lines), op
    return text, "none"
