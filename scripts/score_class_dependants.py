#!/usr/bin/env python3
"""Instantiation sites and subclasses of randomly chosen classes: graphmind's depth-1 blast radius
against grep, with the disagreements decided by hand.

Usage:
    python scripts/score_class_dependants.py                  # flask, requests, django (fetched first)
    python scripts/score_class_dependants.py --corpus flask --classes 20 --seed 13
    python scripts/score_class_dependants.py --disagreements  # print what grep and graphmind disagree on

For each corpus (scripts/fetch_corpora.py), the package's classes are listed from a fresh index and 20
are drawn with a fixed seed. For each class `Name`, grep proposes every line of a .py file with
`Name(` (not a definition) as an instantiation site and every `class X(... Name ...)` line as a
subclass, in the files that import the class's module or a package above it (re-exports), or
define it; graphmind's answer is its `instantiate` edges (a call reaching the class or its
constructor) and `inherit` rows for that class. A site both name is counted found; a site only one
of them names is a disagreement, decided by reading the code and recorded in
tests/callgraph/real/class_dependants.json as {"<corpus>:<Name>:<file>:<line>": true|false}
(true: the line really instantiates or subclasses that class). Precision = found-and-true /
graphmind's sites; recall = graphmind's true sites / all true sites. An undecided disagreement is
listed and makes the figures provisional. Output: JSON lines, one per corpus, then the overall.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

LABELS = REPO / "tests" / "callgraph" / "real" / "class_dependants.json"
PACKAGES = {"flask": "src/flask", "requests": "src/requests", "django": "django"}


def corpus_path(name: str) -> Path:
    out = subprocess.run([sys.executable, str(REPO / "scripts" / "fetch_corpora.py"), name],
                         capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
    return Path(json.loads(out)["path"])


_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)|^[ \t]*import[ \t]+([\w.]+)", re.M)


def _absolute(dots: str, name: str, here: list[str]) -> str:
    if not dots:
        return name
    base = here[: len(here) - len(dots)]
    return ".".join(base + ([name] if name else []))


def _imports(text: str, here: list[str]):
    """(module, imported names or None for `import module`) of every import line of a file."""
    for m in _IMPORT.finditer(text):
        if m.group(4):
            yield m.group(4), None
        else:
            listed = re.sub(r"#[^\n]*", "", m.group(3)).strip().strip("()")
            names = {w.split(" as ")[0].strip() for w in listed.replace("\n", " ").split(",")}
            yield _absolute(m.group(1), m.group(2), here), names


class Oracle:
    """Which files of a corpus can name a class, judged by their import lines (re-exports through
    package __init__ files followed), so that grep's lines in other files (same-named classes of
    other modules) are not proposed."""

    def __init__(self, root: Path, modules: dict[str, str]):
        self.root, self.modules = root, modules
        self.by_module = {m: p for p, m in modules.items()}

    def exports(self, package: str, name: str, module: str, depth: int = 0) -> bool:
        """Whether `from package import name` gives the class defined in `module`."""
        if package == module:
            return True
        path = self.by_module.get(package)
        if depth > 4 or path is None or not path.endswith("__init__.py"):
            return False
        text = (self.root / path).read_text(encoding="utf-8", errors="replace")
        here = package.split(".") + ["__init__"]
        for source, names in _imports(text, here):
            if names is not None and (name in names or "*" in names) and self.exports(source, name, module, depth + 1):
                return True
        return False

    def sees(self, text: str, rel: str, name: str, module: str, defined_in: str) -> bool:
        if rel == defined_in:
            return True
        here = self.modules.get(rel, rel[:-3].replace("/", ".")).split(".")
        if rel.endswith("__init__.py"):
            here.append("__init__")
        for source, names in _imports(text, here):
            if names is None:                       # `import a.b`: a.b…Name through attributes
                if module == source or module.startswith(source + ".") or self.exports(source.split(".")[0], name, module):
                    return True
            elif name in names or "*" in names:
                if self.exports(source, name, module):
                    return True
            elif any(f"{source}.{n}" == module or self.exports(f"{source}.{n}", name, module) for n in names):
                return True                         # `from pkg import mod`, then mod.Name
        return False


def grep_sites(oracle: Oracle, name: str, module: str, defined_in: str) -> set[tuple[str, int, str]]:
    """(file, line, 'instantiate'|'inherit') for every line that looks like either, by text alone, in
    the files that import the class's module or a package above it."""
    call = re.compile(rf"(?<![\w.]){re.escape(name)}\s*\(|\.{re.escape(name)}\s*\(")
    sub = re.compile(r"^\s*class\s+\w+\s*\((?P<bases>[^)]*)")
    out = set()
    for path in oracle.root.rglob("*.py"):
        rel = path.relative_to(oracle.root).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        if name not in text or not oracle.sees(text, rel, name, module, defined_in):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            code = line.split("#", 1)[0]
            m = sub.match(code)
            if m and re.search(rf"(?<![\w]){re.escape(name)}\b", m.group("bases")):
                out.add((rel, n, "inherit"))
            elif call.search(code) and not re.match(rf"^\s*(def|class)\s+{re.escape(name)}\b", code):
                out.add((rel, n, "instantiate"))
    return out


def graph_sites(conn, sid: int) -> set[tuple[str, int, str]]:
    out = {(f, line, "instantiate") for f, line in conn.execute(
        "SELECT f.path, c.line FROM calls c JOIN files f ON f.id = c.file_id LEFT JOIN symbols m ON m.id = c.target_id"
        " WHERE c.resolution NOT IN ('possible', 'pending') AND ((c.target_id = ? AND c.kind = 'instantiate')"
        " OR (m.parent_id = ? AND c.kind = 'constructor'))", (sid, sid))}
    out |= {(f, line, "inherit") for f, line in conn.execute(
        "SELECT f.path, i.line FROM inherits i JOIN files f ON f.id = i.file_id WHERE i.target_id = ?", (sid,))}
    return out


def score(name: str, count: int, seed: int, labels: dict, show: bool) -> dict:
    from graphmind.index.indexer import index_workspace
    from graphmind.store import open_reader
    with tempfile.TemporaryDirectory(prefix="gm-classes-") as tmp:
        root = Path(tmp) / name
        shutil.copytree(corpus_path(name), root, ignore=shutil.ignore_patterns(".graphmind"))
        index_workspace(root)
        conn = open_reader(root)
        classes = conn.execute(
            "SELECT s.id, s.name, s.qualname, f.module, f.path FROM symbols s JOIN files f ON f.id = s.file_id"
            " WHERE s.kind = 'class' AND f.path LIKE ? ORDER BY s.qualname", (PACKAGES[name] + "/%",)).fetchall()
        chosen = random.Random(seed).sample(classes, min(count, len(classes)))
        oracle = Oracle(root, dict(conn.execute("SELECT path, module FROM files")))
        tp = fp = fn = 0
        undecided = []
        for sid, cname, qual, module, defined_in in chosen:
            ours, grep = graph_sites(conn, sid), grep_sites(oracle, cname, module, defined_in)
            for site in sorted(ours | grep):
                key = f"{name}:{qual}:{site[0]}:{site[1]}"
                truth = True if site in ours and site in grep else labels.get(key)
                if truth is None:
                    undecided.append({"key": key, "kind": site[2], "graphmind": site in ours, "grep": site in grep})
                    continue
                if site in ours:
                    tp, fp = tp + truth, fp + (not truth)
                elif truth:
                    fn += 1
        conn.close()
    if show:
        for row in undecided:
            print(json.dumps(row))
    return {"corpus": name, "classes": len(chosen), "tp": tp, "fp": fp, "fn": fn,
            "precision": round(tp / (tp + fp), 4) if tp + fp else None,
            "recall": round(tp / (tp + fn), 4) if tp + fn else None, "undecided": len(undecided)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--corpus", action="append", choices=sorted(PACKAGES))
    ap.add_argument("--classes", type=int, default=20)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--disagreements", action="store_true")
    args = ap.parse_args()
    labels = {k: v for k, v in json.loads(LABELS.read_text()).items() if not k.startswith("_")} if LABELS.exists() else {}
    rows = [score(name, args.classes, args.seed, labels, args.disagreements) for name in args.corpus or sorted(PACKAGES)]
    for row in rows:
        print(json.dumps(row))
    tp, fp, fn = (sum(r[k] for r in rows) for k in ("tp", "fp", "fn"))
    print(json.dumps({"corpus": "overall", "tp": tp, "fp": fp, "fn": fn,
                      "precision": round(tp / (tp + fp), 4) if tp + fp else None,
                      "recall": round(tp / (tp + fn), 4) if tp + fn else None,
                      "undecided": sum(r["undecided"] for r in rows)}))


if __name__ == "__main__":
    main()
