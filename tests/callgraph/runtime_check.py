#!/usr/bin/env python3
"""Cross-check expected.json files against the call edges the cases really make when they run.

A development aid for writing cases, not part of the test suite:

    python tests/callgraph/runtime_check.py [NAME_FILTER] [--unrun]

For each case, a copy is run in a fresh interpreter under a profiler: every module is executed as
`__main__` (packages are imported), and each call between workspace code objects is mapped to the
corpus's qualified names (a lambda is named as graphmind names it: after the one name it is assigned
to, else `<lambdaN>`, the N-th such lambda of the scope evaluating it; comprehensions are folded into
their enclosing scope; instantiating a class with no workspace __init__ is recorded as an edge to the
class). The edge from the scope that evaluates a lambda to it is added statically: it makes the lambda
(the convention's edge), which no profiler sees as a call. The script
then prints, per case, the expected edges that never ran and the runtime edges that are not expected.

Differences are expected where the conventions are static rather than dynamic: branches that did not
run (dispatch tables, platform imports), unknown receivers, decorated functions (the convention names
the decorated function as well as the wrapper the runtime sees), dataclass __init__ (generated, not in the source).
Review every other difference. `--unrun` also lists the functions that never ran, to review by hand.
The cases' code is executed: only run it on the trusted corpus.
"""
from __future__ import annotations

import ast
import dis
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases"
_PROLOGUE = ("RESUME", "COPY_FREE_VARS", "MAKE_CELL", "NOP")   # before a code object's first own instruction
ANON = ("<lambda>", "<genexpr>", "<listcomp>", "<setcomp>", "<dictcomp>")


def trace(root: str) -> dict:
    """Run one workspace copy under a profiler (in this process) and return its edges."""
    import builtins
    import contextlib
    import importlib
    import io
    import runpy

    root = os.path.realpath(root)
    sys.path.insert(0, root)
    if os.path.isdir(os.path.join(root, "src")):
        sys.path.insert(0, os.path.join(root, "src"))
    mods: dict[str, str] = {}           # file -> module qualified name
    trees: dict[str, ast.Module] = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.realpath(os.path.join(dirpath, name))
                parts = os.path.relpath(path, root).split(os.sep)
                parts = parts[1:] if parts[0] == "src" else parts
                parts = parts[:-1] + ([] if name == "__init__.py" else [name[:-3]])
                mods[path] = ".".join(parts)
                trees[path] = ast.parse(Path(path).read_text())

    lambdas: dict[str, list[tuple[tuple, tuple, str]]] = {}   # file -> (body start, body end, qualified name)
    created: set[tuple[str, str]] = set()    # scope -> the unnamed lambda it evaluates
    dataclass_lines: set[tuple[str, int]] = set()
    classes: set[str] = set()                # class bodies are not callees
    for path, tree in trees.items():
        for lam, name, scope in lambda_names(tree, mods[path]):
            body = lam.body
            lambdas.setdefault(path, []).append(((body.lineno, body.col_offset),
                                                 (body.end_lineno, body.end_col_offset), name))
            if not name.endswith(">"):
                continue
            created.add((scope, name))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
                first = min([d.lineno for d in node.decorator_list] + [node.lineno])
                dataclass_lines.update((path, n) for n in range(first, node.lineno + 1))

        def walk(node, prefix):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.ClassDef):
                    classes.add(f"{prefix}.{child.name}")
                    walk(child, f"{prefix}.{child.name}")
                elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    walk(child, f"{prefix}.{child.name}")
                else:
                    walk(child, prefix)
        walk(tree, mods[path])

    def qual(code) -> tuple[str | None, bool]:
        """(qualified name of the scope, whether it is a definition)."""
        path = os.path.realpath(code.co_filename)
        if path not in mods:
            return None, False
        if code.co_name == "<module>":
            return mods[path], True
        parts = [p for p in code.co_qualname.split(".") if p != "<locals>"]
        if code.co_name == "<lambda>":
            at = next(((i.positions.lineno, i.positions.col_offset) for i in dis.get_instructions(code)
                       if i.opname not in _PROLOGUE and i.positions and i.positions.lineno is not None), None)
            inside = [(start, name) for start, end, name in lambdas.get(path, ()) if at and start <= at <= end]
            if inside:
                return max(inside)[1], True          # the innermost body holding its first instruction
        is_def = parts[-1] not in ANON
        while parts and parts[-1] in ANON:
            parts.pop()
        return ".".join([mods[path]] + parts), is_def

    def caller_of(frame) -> str | None:
        while frame is not None and qual(frame.f_code)[0] is None:
            frame = frame.f_back
        return None if frame is None else qual(frame.f_code)[0]

    edges: set[tuple[str, str]] = set()
    inst_edges: set[tuple[str, str]] = set()
    entered: set[tuple[str, int]] = set()
    marked: dict[int, str] = {}   # id(class) -> qualified name, for classes given a marker __init__
    original_build = builtins.__build_class__

    def marker_for(cls):
        def __init__(self, *args, **kwargs):
            mro = type(self).__mro__
            for klass in mro[mro.index(cls) + 1:]:
                if "__init__" in klass.__dict__:
                    init = klass.__dict__["__init__"]
                    return object.__init__(self) if init is object.__init__ else init(self, *args, **kwargs)
        return __init__

    def build_class(func, name, *bases, **kw):
        cls = original_build(func, name, *bases, **kw)
        path = os.path.realpath(func.__code__.co_filename)
        if path in mods and isinstance(cls, type) and (path, func.__code__.co_firstlineno) not in dataclass_lines:
            init = next((k.__dict__["__init__"] for k in cls.__mro__ if "__init__" in k.__dict__), None)
            code = getattr(init, "__code__", None)
            if code is None or os.path.realpath(code.co_filename) not in mods:
                try:
                    cls.__init__ = marker_for(cls)
                    marked[id(cls)] = mods[path] + "." + ".".join(
                        p for p in cls.__qualname__.split(".") if p != "<locals>")
                except TypeError:
                    pass
        return cls

    marker_code = marker_for(object).__code__

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        entered.add((os.path.realpath(code.co_filename), code.co_firstlineno))
        if code is marker_code or (code.co_name == "__init__" and code.co_filename == marker_code.co_filename
                                   and code.co_firstlineno == marker_code.co_firstlineno):
            qn = marked.get(id(type(frame.f_locals.get("self"))))
            caller = caller_of(frame.f_back)
            if qn and caller:
                inst_edges.add((caller, qn))
            return
        callee, is_def = qual(code)
        if callee is None or not is_def or code.co_name == "<module>" or callee in classes:
            return
        caller = caller_of(frame.f_back)
        if caller:
            edges.add((caller, callee))

    errors = []
    builtins.__build_class__ = build_class
    with contextlib.redirect_stdout(io.StringIO()):
        sys.setprofile(profile)
        try:
            for path, module in sorted(mods.items(), key=lambda kv: (kv[1] != "main", kv[1])):
                try:
                    if path.endswith("__init__.py"):
                        importlib.import_module(module)
                    else:
                        runpy.run_module(module, run_name="__main__", alter_sys=False)
                except BaseException as exc:  # noqa: BLE001 - report and go on
                    errors.append(f"{module}: {type(exc).__name__}: {exc}")
        finally:
            sys.setprofile(None)
            builtins.__build_class__ = original_build

    unrun = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([d.lineno for d in node.decorator_list] + [node.lineno])
                if not any((path, n) in entered for n in range(first, node.lineno + 1)):
                    unrun.append(f"{mods[path]}:{node.lineno}:{node.name}")
    return {"edges": sorted(edges | inst_edges | created), "errors": errors, "unrun": sorted(unrun)}


def lambda_names(tree: ast.Module, module: str) -> list[tuple[ast.Lambda, str, str]]:
    """Each lambda of a module with graphmind's qualified name for it and the scope that evaluates it:
    one assigned to a single name is named after it; any other is `<lambdaN>`, the N-th such lambda of
    that scope (decorators, defaults and annotations are evaluated in the scope enclosing a def)."""
    out: list[tuple[ast.Lambda, str, str]] = []
    seen: dict[str, int] = {}

    def visit(children, scope: str, parent=None) -> None:
        for child in children:
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = child.body
                visit([c for c in ast.iter_child_nodes(child) if all(c is not b for b in inner)], scope, child)
                visit(inner, f"{scope}.{child.name}", child)
            elif isinstance(child, ast.Lambda):
                targets = getattr(parent, "targets", None) or [getattr(parent, "target", None)]
                if isinstance(parent, (ast.Assign, ast.AnnAssign)) and len(targets) == 1 \
                        and isinstance(targets[0], ast.Name):
                    name = f"{scope}.{targets[0].id}"
                else:
                    n = seen[scope] = seen.get(scope, 0) + 1
                    name = f"{scope}.<lambda{n}>"
                out.append((child, name, scope))
                visit(list(ast.iter_child_nodes(child)), name, child)
            else:
                visit(list(ast.iter_child_nodes(child)), scope, child)

    visit(list(ast.iter_child_nodes(tree)), module, tree)
    return out


def check(case_dir: Path, show_unrun: bool) -> bool:
    expected = json.loads((case_dir / "expected.json").read_text())["call_graph"]
    want = {(a, b) for a, bs in expected.items() for b in bs}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        shutil.copytree(case_dir, root, ignore=shutil.ignore_patterns("expected.json", "__pycache__", ".graphmind"))
        proc = subprocess.run([sys.executable, __file__, "--trace", str(root)], capture_output=True, text=True)
    if proc.returncode:
        print(f"!! {case_dir.name}\n{proc.stderr[-2000:]}")
        return False
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    got = {tuple(e) for e in result["edges"]}
    lines = [f"   ERROR {e}" for e in result["errors"]]
    lines += [f"   expected, never ran  {a} -> {b}" for a, b in sorted(want - got)]
    lines += [f"   ran, not expected    {a} -> {b}" for a, b in sorted(got - want)]
    if show_unrun and result["unrun"]:
        lines.append(f"   never ran: {' '.join(result['unrun'])}")
    print(f"{'==' if lines else 'ok'} {case_dir.name}")
    print("\n".join(lines)) if lines else None
    return not lines


def main(argv: list[str]) -> int:
    if argv[:1] == ["--trace"]:
        print(json.dumps(trace(argv[1])))
        return 0
    show_unrun = "--unrun" in argv
    names = [a for a in argv if not a.startswith("--")]
    flt = names[0] if names else ""
    clean = [check(d, show_unrun) for d in sorted(CASES.iterdir()) if d.is_dir() and flt in d.name]
    print(f"\n{sum(clean)}/{len(clean)} cases without differences")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
