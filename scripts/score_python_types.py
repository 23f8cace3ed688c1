"""Precision and recall of graphmind's resolved Python call edges against a type-inferring oracle:
pyright's language server (scripts/pyright_oracle.py; npm `pyright`, installed in a scratch folder
outside the repository, never a test dependency), asked where each call's callee is declared.

Usage: python scripts/score_python_types.py PYRIGHT_LANGSERVER PROJECT_DIR [SUBFOLDER ...] [--misses FILE] [--oracle FILE] [--old-rule]
  e.g. npm install --prefix ~/.cache/graphmind-oracles/pyright pyright@1.1.407
       python scripts/score_python_types.py ~/.cache/graphmind-oracles/pyright/node_modules/.bin/pyright-langserver \
           ~/.cache/graphmind-corpora/flask-3.1.2 src tests
--misses FILE writes every missed and every wrong site (one JSON line each) for bucketing by cause.
--oracle FILE keeps pyright's answers: read from FILE when it exists, else written there (pyright takes
minutes on a project; graphmind's side is scored again in seconds).
--record NOTE appends the line, stamped, to benchmarks/results/python_types.jsonl with this note (say
whether the project was tuned on or held out).

Every call expression `f(…)` and `a.b(…)` of the project's `.py` files is a site. What the oracle cannot
know is left out of both sides, and counted:
- `unknown`: pyright names no declaration (an Unknown type: an unresolved import, an untyped value, a
  dynamic attribute); our edges there are not scored.
- `value`: pyright names a variable, parameter or attribute holding the callable (`h = make; h()`)
  and its type definition is no `def` or `class` either; not scored.
- `wrapped`: pyright names a wrapper outside the project under another name than the one called (the
  `__call__` of `functools.lru_cache`'s wrapper, `functools.partial`); what it runs is not scored.
- `to_outside`: pyright names only declarations outside the project (a stub of the standard library or
  of a package, a package): the oracle decides these, so any edge of ours into the project there is
  wrong. A `.pyi` stub the project ships itself (attrs' `attr/__init__.pyi`) is inside: graphmind
  indexes it as part of the project (until session 18 it counted as outside).
A site with a declaration in the project is one to find. An edge of ours (resolved: not `possible`,
`pending`, `unresolved`, `external`, `builtin`; not a `dispatch` edge to an override, nor a `decorator`
edge to the function a decorator factory returns: runtime callees the oracle does not name) is right when its
target starts at a declaration's line in the same file; a class's declaration also accepts the
`__init__`/`__new__` a call of it runs (found through its bases by the oracle; the oracle names one of
the two, an edge to the other of the same class is right too), and a declaration also accepts what has
its qualified name (the implementation of the `@overload` stub it names, which is what runs). A declaration
in a `.pyi` stub the project ships beside a `.py` of the same module (pyright, a type checker, answers
`attr/__init__.pyi: ib = attr = attrib`) also accepts what the `.py` binds that name to, as pyright says
(scripts/pyright_stub_runs.py: pyright's definition at the binding in the `.py`, through aliases to a
`def`/`class`; kept beside the oracle's answers as NAME.stubs.jsonl; since session 18; `--old-rule`
scores without it). Our rows of calls whose
callee is itself a call or a subscript (`X(…)(…)`) are left out: they share the inner call's column. precision = edges
right / edges at decided sites; recall = sites to find with an edge right / sites to find.
One JSON line, with the figures per form (`name`: `f(…)`, `attribute`: `a.b(…)`).
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from score_ts_oracle import DROP, misses_option, our_calls

from graphmind.store import open_reader


# A call of a call's or a subscript's result (`Renamer("x")(…)`, `hooks[0](…)`) is never an oracle site,
# but its row starts at the column of the inner callee's name: scored there, its `__call__` edge was
# counted wrong at the inner call's site (most of structlog's wrong edges).
CALLEE_NAMED = " AND substr(c.name, -1) NOT IN (')', ']')"


def decide(row: dict) -> tuple[str, list]:
    """What the oracle says of a site: `unknown`, `value`, `outside` or `inside` (with its targets)."""
    declared = [t for t in row["targets"] if t[2] != "value"]
    if row.get("why") == "wrapped":
        return "wrapped", []
    if not row["targets"]:
        return "unknown", []
    if not declared:
        return "value", []
    inside = [(f, ln) for f, ln, kind in declared if not f.startswith("..")]     # a project's own `.pyi` too
    return ("inside", inside) if inside else ("outside", [])


def tally(counts: dict, how: str, right: int, wrong: int) -> None:
    counts["sites"] += 1
    counts[how] += 1
    counts["edges_right"] += right
    counts["edges_wrong"] += wrong
    if how == "inside":
        counts["missed"] += not right


def figures(c: dict) -> dict:
    tp = c["edges_right"]
    found = c["inside"] - c["missed"]
    return {"call_sites": c["sites"], "to_find": c["inside"], "to_outside": c["outside"], "unknown": c["unknown"],
            "value": c["value"], "wrapped": c["wrapped"], "edges_right": tp, "edges_wrong": c["edges_wrong"], "missed": c["missed"],
            "precision": round(tp / (tp + c["edges_wrong"]), 4) if tp + c["edges_wrong"] else None,
            "recall": round(found / c["inside"], 4) if c["inside"] else None}


def declarations(root: Path) -> dict[tuple, str]:
    """The qualified name of every function and class our index holds, by (path, start line)."""
    conn = open_reader(root)
    return {(path, line): qual for path, line, qual in conn.execute(
        "SELECT f.path, s.start_line, s.qualname FROM symbols s JOIN files f ON f.id = s.file_id")}


def same_callee(row: dict, inside: list, names: dict[tuple, str]) -> set:
    """The qualified names an edge of ours may name at a site besides the oracle's lines: those of its
    declarations (an `@overload` stub the oracle names and the implementation that runs share one),
    and for a class's `init` the class's `__new__` and `__init__` (a call runs both, the oracle names one)."""
    out = {names[t] for t in inside if t in names}
    for f, ln, kind in row["targets"]:
        if kind == "init" and (f, ln) in names:
            cls = names[f, ln].rpartition(".")[0]
            out |= {cls + ".__new__", cls + ".__init__"}
    return out


def stub_queries(oracle: list[str], root: Path) -> list[list]:
    """[stub, line, called name] of every declaration the oracle names in a `.pyi` stub the project
    ships beside a `.py` of the same module."""
    out: list[list] = []
    for row in map(json.loads, oracle):
        for f, ln, _ in row["targets"]:
            q = [f, ln, row["name"]]
            if f.endswith(".pyi") and not f.startswith("..") and (root / f).with_suffix(".py").is_file() and q not in out:
                out.append(q)
    return out


def stub_runs(server: str, root: Path, oracle: list[str], kept: str | None) -> dict[tuple, list]:
    """What runs for each stub declaration the oracle names, as pyright says (scripts/pyright_stub_runs.py),
    kept beside the oracle's answers (NAME.stubs.jsonl)."""
    cache = Path(kept).with_suffix(".stubs.jsonl") if kept is not None else None
    if cache is not None and cache.is_file():
        lines = cache.read_text().splitlines()
    else:
        queries = "".join(json.dumps(q) + "\n" for q in stub_queries(oracle, root))
        lines = [] if not queries else subprocess.run([sys.executable, str(Path(__file__).with_name("pyright_stub_runs.py")), server, str(root)],
                               input=queries, capture_output=True, text=True, check=True).stdout.splitlines()
        if cache is not None:
            cache.write_text("".join(line + "\n" for line in lines))
    return {(r["stub"], r["line"], r["name"]): r["runs"] for r in map(json.loads, lines)}


def score(project: str, oracle: list[str], ours: dict[tuple, list], dump: Path | None,
          names: dict[tuple, str] | None = None, runs: dict[tuple, list] | None = None) -> dict:
    """The figures overall and per form, and the missed and wrong sites (to `dump`)."""
    keys = ("sites", "inside", "outside", "unknown", "value", "wrapped", "edges_right", "edges_wrong", "missed")
    counts = {form: dict.fromkeys(keys, 0) for form in ("all", "name", "attribute")}
    every: list = []
    for row in map(json.loads, oracle):
        how, inside = decide(row)
        inside += [(f, ln) for s, sl in inside for f, ln, _ in (runs or {}).get((s, sl, row["name"]), [])]
        rows = ours.get((row["file"], row["line"], row["col"]), [])
        mine = [r for r in rows if r[0] not in DROP and r[4] not in ("dispatch", "decorator")]
        right = wrong = 0
        if how in ("inside", "outside"):
            same = same_callee(row, inside, names or {})
            right = sum(1 for _, t, s, _, _ in mine if (t, s) in inside or (names or {}).get((t, s)) in same)
            wrong = len(mine) - right
        for form in ("all", row.get("form", "name")):
            tally(counts[form], how, min(right, 1) if how == "inside" else 0, wrong)
        if how == "inside" and not right:
            every.append({"missed": row, "ours": rows})
        elif wrong:
            every.append({"wrong": row, "ours": rows})
    if dump is not None:
        dump.write_text("".join(json.dumps(e) + "\n" for e in every))
    return {"project": project, **figures(counts["all"]),
            "by_form": {form: figures(counts[form]) for form in ("name", "attribute")}}


def value_option(argv: list[str], flag: str) -> tuple[str | None, list[str]]:
    """`flag VALUE` taken out of the arguments."""
    if flag not in argv:
        return None, argv
    at = argv.index(flag)
    return argv[at + 1], argv[:at] + argv[at + 2:]


def main(argv: list[str]) -> None:
    dump, argv = misses_option(argv)
    kept, argv = value_option(argv, "--oracle")
    note, argv = value_option(argv, "--record")
    old_rule = "--old-rule" in argv
    argv = [a for a in argv if a != "--old-rule"]
    server, project = argv[0], Path(argv[1])
    subs = argv[2:] or ["."]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / project.name
        for sub in subs:
            shutil.copytree(project / sub, root / sub, ignore=shutil.ignore_patterns(".graphmind", "__pycache__"))
        for cfg in ("pyproject.toml", "setup.cfg"):
            if (project / cfg).is_file():
                shutil.copyfile(project / cfg, root / cfg)
        files = sorted(str(p.relative_to(root)) for sub in subs for p in (root / sub).rglob("*.py"))
        if kept is not None and Path(kept).is_file():
            oracle = Path(kept).read_text().splitlines()
        else:
            oracle = subprocess.run([sys.executable, str(Path(__file__).with_name("pyright_oracle.py")), server,
                                     str(root), *files], capture_output=True, text=True, check=True).stdout.splitlines()
            if kept is not None:
                Path(kept).write_text("".join(line + "\n" for line in oracle))
        ours = our_calls(root, where=CALLEE_NAMED)
        names = declarations(root)
        runs = {} if old_rule else stub_runs(server, root, oracle, kept)
    result = score(project.name, oracle, ours, dump, names, runs)
    if note is None:
        print(json.dumps(result))
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from benchkit import report
    report([result], "python_types.jsonl", bench="python_types", oracle="pyright 1.1.407 (npm)",
           subfolders=subs, note=note)


if __name__ == "__main__":
    main(sys.argv[1:])
