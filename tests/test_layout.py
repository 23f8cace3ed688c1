"""The package's shape: layers that only point down, no import circle, small folders and modules.

Imports are read with `ast` from the source (every import statement, including those inside
functions and under TYPE_CHECKING: a lazy import is still a dependency).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "graphmind"

# What each part may import besides itself. "shared" is the top-level vocabulary (models, errors,
# config, resources, languages, tokens, budget, paths, places); "cli" is cli.py, its cli_options.py,
# cli_spec.py and cli_daemon.py, __main__.py and the folder commands/.
ALLOWED = {
    "shared": set(),
    "store": {"shared"},
    "resolve": {"shared", "store"},
    "lang": {"shared", "store", "resolve"},
    "index": {"shared", "store", "resolve", "lang"},
    "query": {"shared", "store"},
    "semantic": {"shared", "store", "resolve", "index", "query"},   # resolve: pyexpr's text splits
    "live": {"shared", "store", "resolve", "lang", "index", "query", "semantic"},
    "views": {"shared", "query"},
    "agent": {"shared", "store", "query", "live", "semantic", "views", "org"},
    "org": {"shared", "store", "query"},                            # psycopg: the org extra (docs/org.md)
    "editor": {"shared", "store", "query", "live"},
    "cli": {"shared", "store", "resolve", "lang", "index", "query", "live", "agent", "semantic", "views", "editor", "org"},
}
TOP_LEVEL_ENTRY = {"cli", "cli_options", "cli_spec", "cli_daemon", "__main__"}
CLI_FOLDERS = {"commands"}        # graphmind/commands/: command groups beyond cli.py, part of the command line
MAX_MODULES_PER_FOLDER = 20
MAX_LINES = 300


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import sub` depends on pkg.sub; on pkg itself only for names defined there
            targets = [t for t in (f"{module}.{alias.name}" for alias in node.names) if t in known] or [module]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("graphmind") and target != name:
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def _part(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "shared"                                     # graphmind/__init__.py
    if parts[1] in CLI_FOLDERS:
        return "cli"
    if len(parts) == 2:
        return "cli" if parts[1] in TOP_LEVEL_ENTRY else ("shared" if not (PACKAGE / parts[1]).is_dir() else parts[1])
    return parts[1]


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_circle():
    assert _cycles(_graph()) == []


def test_cycle_finder_sees_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_layers_point_down():
    wrong = []
    for module, targets in _graph().items():
        part = _part(module)
        for target in targets:
            other = _part(target)
            if other != part and other not in ALLOWED[part]:
                wrong.append(f"{module} ({part}) imports {target} ({other})")
    assert wrong == []


def test_every_part_is_a_known_layer():
    assert {_part(m) for m in _modules()} <= set(ALLOWED)


def test_parts_say_what_they_own():
    for folder in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "import" in doc, f"{folder.name}/__init__.py must say what it owns and may import"


@pytest.mark.parametrize("folder", sorted({p.parent for p in PACKAGE.rglob("*.py")}), ids=str)
def test_folders_are_small(folder):
    assert len(list(folder.glob("*.py"))) <= MAX_MODULES_PER_FOLDER


def test_modules_are_small():
    big = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}
