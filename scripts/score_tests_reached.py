"""Score `graphmind impact FILE:LINE --json` against a project's own test suite run under per-test coverage.

The oracle (nobody here wrote it): the project's tests are run by pytest-cov with `--cov-context=test`
in a virtual environment outside the repository; the tests that execute at least one line of a
function's body are the tests that reach it. 40 functions (fixed seed) are sampled among those run by
1 test up to 60% of the tests, and impact's `tests` list is scored against them: macro recall, macro
precision (over the functions impact names a test for), and how many functions get no test at all.

    python scripts/score_tests_reached.py --setup flask --run [--coverage-flag]
    python scripts/score_tests_reached.py --project DIR --src src/pkg --tests tests --venv VENV [--run] ...

--setup NAME makes the oracle of a pinned project (ORACLES) when it is missing: its sdist from PyPI
unpacked in ~/.cache/graphmind-oracle/NAME (or $GRAPHMIND_ORACLE/NAME), a virtual environment beside it
(venv-NAME) with the project, its test requirements, pytest and pytest-cov; it sets --project, --src,
--tests, --venv and --label.

--run runs the suite first (PYTHONPATH=src, `.coverage` in the project folder); the project is always
indexed first by the graphmind scored (an index another checkout filled would give that code's figures); --coverage-flag passes `--coverage .coverage` to impact (the
recorded-coverage mode, scored the same way); --plain passes neither and --checkout DIR runs another checkout's graphmind (to score main:
`git archive main | tar -x -C DIR`, then `--checkout DIR --plain`: main reads no .coverage).
One JSON line per figure.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

_PARAMS = re.compile(r"\[.*\]$")

# name -> (PyPI project, pinned version, package folder (or single module) in the sdist, extra test requirements[, tests folder])
ORACLES = {
    "flask": ("Flask", "3.1.2", "src/flask", ["asgiref", "python-dotenv", "blinker"]),
    "click": ("click", "8.1.8", "src/click", []),
    "jinja2": ("Jinja2", "3.1.6", "src/jinja2", ["trio"]),
    "itsdangerous": ("itsdangerous", "2.2.0", "src/itsdangerous", ["freezegun"]),
    "werkzeug": ("Werkzeug", "3.1.3", "src/werkzeug", ["pytest-timeout", "pytest-xprocess", "cryptography",
                                                      "greenlet", "watchdog", "ephemeral-port-reserve"]),
    "marshmallow": ("marshmallow", "3.26.1", "src/marshmallow", ["simplejson"]),
    "wtforms": ("WTForms", "3.2.1", "src/wtforms", ["babel", "email_validator"]),      # held out (session 17)
    "cachetools": ("cachetools", "5.5.2", "src/cachetools", []),                        # held out (session 18)
    "more-itertools": ("more-itertools", "10.7.0", "more_itertools", []),              # held out (session 18)
    "humanize": ("humanize", "4.11.0", "src/humanize", ["freezegun"]),                 # held out (session 19)
    "tabulate": ("tabulate", "0.9.0", "tabulate", []),                                 # held out (session 19)
    "pathspec": ("pathspec", "0.12.1", "pathspec", []),                                 # held out (session 20)
    "mistune": ("mistune", "3.0.2", "src/mistune", []),                                # held out (session 20)
    "semver": ("semver", "3.0.2", "src/semver", []),                                   # held out (session 21)
    "pyhamcrest": ("PyHamcrest", "2.1.0", "src/hamcrest", []),                         # held out (session 21)
    "sqlparse": ("sqlparse", "0.5.3", "sqlparse", []),                                 # held out (session 20)
    # held out (session 22); its .coveragerc errs under --run: run pytest-cov by hand with an
    # empty --cov-config, then score without --run
    "pluggy": ("pluggy", "1.6.0", "src/pluggy", [], "testing"),
    "isodate": ("isodate", "0.7.2", "src/isodate", []),                                # held out (session 20)
    "jmespath": ("jmespath", "1.0.1", "jmespath", []),                                 # held out (session 22)
    "toolz": ("toolz", "1.0.0", "toolz", [], "toolz/tests"),                           # held out (session 22)
    "packaging": ("packaging", "24.2", "src/packaging", ["pretend"]),                  # held out (session 22)
    # held out (session 23; cerberus 1.3.8's sdist ships no tests): pytest collects `tests.py` (python_files)
    "voluptuous": ("voluptuous", "0.16.0", "voluptuous", [], "voluptuous/tests"),
    "natsort": ("natsort", "8.4.0", "natsort", ["hypothesis", "pytest-mock"]),           # held out (session 23)
    "parse": ("parse", "1.20.2", "parse.py", []),                                      # held out (session 23): one module
    "boltons": ("boltons", "25.0.0", "boltons", []),                                   # held out (session 24)
    "funcy": ("funcy", "2.0", "funcy", ["whatever"]),                                  # held out (session 24)
}


def oracle_home() -> Path:
    return Path(os.environ.get("GRAPHMIND_ORACLE", Path.home() / ".cache" / "graphmind-oracle"))


def setup_oracle(name: str) -> tuple[Path, str, Path]:
    """(project folder, package folder, venv) of a pinned project, fetched and installed if missing."""
    import shutil
    import tarfile
    import tempfile
    project, version, src, extra = ORACLES[name][:4]
    home = oracle_home()
    root, venv = home / name, home / f"venv-{name}"
    if not (root / src).exists():
        home.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                            f"{project}=={version}", "-d", tmp], check=True)
            archive = next(Path(tmp).glob("*.tar.gz"))
            with tarfile.open(archive) as tar:
                tar.extractall(tmp, filter="data")
            top = next(p for p in Path(tmp).iterdir() if p.is_dir())
            shutil.rmtree(root, ignore_errors=True)
            shutil.move(str(top), root)
    if not (venv / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        wanted = ["pytest<8.4", "pytest-cov", *extra]      # 8.4 dropped _pytest.monkeypatch.notset (Flask's tests)
        tests_in = root / "requirements" / "tests.in"
        if tests_in.exists():
            wanted += [r.split("#")[0].strip() for r in tests_in.read_text().splitlines()
                       if r.split("#")[0].strip() and not r.startswith("-")]
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(root), *wanted], check=True)
    return root, src, venv


def test_of(context: str) -> str | None:
    """A coverage context (`tests/test_x.py::T::test_y[1]|run`, the phase after the last `|`) as the test's ID without parameters."""
    if not context or "::" not in context:
        return None
    return _PARAMS.sub("", context.rsplit("|", 1)[0])     # rsplit: a parameter may hold `|` (a regex)


def _lines_of(blob: bytes) -> set[int]:
    return {i * 8 + b for i, byte in enumerate(blob) for b in range(8) if byte & (1 << b)}


def executed(cov: Path, root: Path) -> dict[str, dict[str, set[int]]]:
    """{relative file: {test id: lines executed}} from a coverage.py data file (lines or arcs)."""
    db = sqlite3.connect(cov)
    files = {i: Path(p).resolve() for i, p in db.execute("SELECT id, path FROM file")}
    contexts = {i: test_of(c) for i, c in db.execute("SELECT id, context FROM context")}
    out: dict[str, dict[str, set[int]]] = {}

    def add(fid, cid, lines):
        test = contexts.get(cid)
        try:
            rel = str(files[fid].relative_to(root.resolve()))
        except ValueError:
            return
        if test:
            out.setdefault(rel, {}).setdefault(test, set()).update(lines)
    for fid, cid, blob in db.execute("SELECT file_id, context_id, numbits FROM line_bits"):
        add(fid, cid, _lines_of(blob))
    for fid, cid, a, b in db.execute("SELECT file_id, context_id, fromno, tono FROM arc"):
        add(fid, cid, {n for n in (a, b) if n > 0})
    return out


def functions(root: Path, src: str) -> list[tuple[str, int, set[int]]]:
    """Every function and method under src: (relative file, def line, lines of its own body)."""
    out = []
    for path in [root / src] if src.endswith(".py") else sorted((root / src).rglob("*.py")):
        rel = str(path.relative_to(root))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            body = set(range(node.body[0].lineno, node.end_lineno + 1))
            for inner in ast.walk(node):
                if inner is not node and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    if not isinstance(inner, ast.Lambda):
                        body -= set(range(inner.body[0].lineno, inner.end_lineno + 1))
            out.append((rel, node.lineno, body))
    return out


def truth(root: Path, src: str, cov: Path, seed: int, count: int) -> tuple[list[tuple[str, int, set[str]]], set[str]]:
    """The sample: (file, def line, tests that run its body) for `count` functions, and the suite's tests."""
    ran = executed(cov, root)
    suite = {t for per in ran.values() for t in per}
    pool = []
    for rel, line, body in functions(root, src):
        tests = {t for t, lines in ran.get(rel, {}).items() if lines & body}
        if 1 <= len(tests) <= 0.6 * len(suite):
            pool.append((rel, line, tests))
    random.Random(seed).shuffle(pool)
    return sorted(pool[:count]), suite


GRAPHMIND = [sys.executable, "-m", "graphmind"]


def use_checkout(path: str) -> None:
    """Run the graphmind package of another checkout (e.g. an export of main) instead of this one."""
    GRAPHMIND[1:] = ["-c", f"import runpy, sys; sys.path.insert(0, {path!r}); sys.argv[0] = 'graphmind';"
                           " runpy.run_module('graphmind', run_name='__main__')"]


def expanded(ids: set[str], suite: set[str]) -> set[str]:
    """Test IDs with each class ID (`tests/test_x.py::TestC`, which pytest runs whole: a class whose tests are
    made at run time) replaced by the suite's tests under it."""
    out = set()
    for i in ids:
        under = {t for t in suite if t.startswith(i + "::")} if i.count("::") == 1 else set()
        out |= under or {i}
    return out


QUERY_SECONDS = 0.0


def named(root: Path, spec: str, extra: list[str]) -> tuple[set[str], dict]:
    """The tests `graphmind impact SPEC --json` names (IDs without parameters), and the document."""
    env = {**os.environ, "GRAPHMIND_QUERY_SECONDS": str(QUERY_SECONDS)} if QUERY_SECONDS else None
    run = subprocess.run([*GRAPHMIND, "impact", spec, "--json", "--no-refresh",
                          "--root", str(root), *extra], capture_output=True, text=True, check=True, env=env)
    doc = json.loads(run.stdout)
    ids = {_PARAMS.sub("", t if isinstance(t, str) else t["id"]) for t in doc["tests"]}
    return ids, doc


def score(root: Path, sample, extra: list[str], changed: bool = False, suite: set[str] = frozenset()) -> dict:
    recalls, precisions, empty, detail, cut = [], [], 0, [], 0
    for rel, line, tests in sample:
        if changed:                  # as if the file had been edited after the coverage run
            st = os.stat(root / rel)
            later = os.stat(root / ".coverage").st_mtime + 60
            os.utime(root / rel, (later, later))
        try:
            got, doc = named(root, f"{rel}:{line}", extra)
            got = expanded(got, suite)
            cut += bool(doc.get("tests_truncated"))
        finally:
            if changed:
                os.utime(root / rel, (st.st_atime, st.st_mtime))
        hit = len(got & tests)
        recalls.append(hit / len(tests))
        if got:
            precisions.append(hit / len(got))
        else:
            empty += 1
        detail.append({"at": f"{rel}:{line}", "truth": len(tests), "named": len(got), "hit": hit,
                       "missed": sorted(tests - got), "wrong": sorted(got - tests)})
    return {"recall": round(sum(recalls) / len(recalls), 3),
            "precision": round(sum(precisions) / len(precisions), 3) if precisions else None,
            "no_test_named": empty, "functions": len(sample), "truncated": cut, "detail": detail}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--setup", choices=sorted(ORACLES), help="a pinned project's oracle, made if missing")
    ap.add_argument("--project", type=Path)
    ap.add_argument("--src", help="the package folder, relative to the project")
    ap.add_argument("--tests", default="tests")
    ap.add_argument("--venv", type=Path, help="the oracle's virtual environment (for --run)")
    ap.add_argument("--run", action="store_true", help="run the suite under coverage and index first")
    ap.add_argument("--coverage-flag", action="store_true", help="score impact --coverage .coverage")
    ap.add_argument("--plain", action="store_true", help="no coverage flag (a graphmind without --no-coverage)")
    ap.add_argument("--checkout", help="score the graphmind package of this folder (e.g. `git archive main`)")
    ap.add_argument("--changed", action="store_true", help="with --coverage-flag: each file written after the run")
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--label", default="")
    ap.add_argument("--detail", action="store_true")
    ap.add_argument("--query-seconds", type=float, default=30.0,
                    help="impact's time limit (GRAPHMIND_QUERY_SECONDS; 1 s is the product's): a long one makes "
                         "figures taken under load comparable; 0 keeps the product's")
    args = ap.parse_args()
    global QUERY_SECONDS
    QUERY_SECONDS = args.query_seconds
    if args.setup:
        args.project, args.src, args.venv = setup_oracle(args.setup)
        args.label = args.label or f"{args.setup}-{ORACLES[args.setup][1]}"
        args.tests = ORACLES[args.setup][4] if len(ORACLES[args.setup]) > 4 else args.tests
    if not args.project or not args.src:
        ap.error("--project and --src (or --setup NAME) are needed")
    root = args.project.expanduser().resolve()
    if args.checkout:
        use_checkout(args.checkout)
    cov = root / ".coverage"
    if args.run:
        py = str(args.venv.expanduser() / "bin" / "python")
        subprocess.run([py, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--cov={args.src.removesuffix('.py')}",
                        "--cov-context=test", "--cov-report=", args.tests], cwd=root, check=False,
                       env={"PYTHONPATH": str(root / args.src.rsplit("/", 1)[0]) if "/" in args.src else str(root),
                            "PATH": "/usr/bin:/bin"}, capture_output=True)
    # the index is made by the graphmind scored: one another checkout filled gives that code's figures
    subprocess.run([*GRAPHMIND, "index", "--root", str(root)], check=True, capture_output=True)
    sample, suite = truth(root, args.src, cov, args.seed, args.count)
    extra = ["--coverage", str(cov)] if args.coverage_flag else [] if args.plain else ["--no-coverage"]
    result = score(root, sample, extra, args.changed, suite)
    result.update({"project": args.label or root.name, "suite_tests": len(suite), "seed": args.seed,
                   "mode": ("coverage, file changed since" if args.changed else "coverage")
                   if args.coverage_flag else "static"})
    detail = result.pop("detail")
    print(json.dumps(result))
    if args.detail:
        for d in detail:
            print(json.dumps(d))


if __name__ == "__main__":
    main()
