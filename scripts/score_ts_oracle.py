"""Precision and recall of graphmind's resolved method-call edges (`a.b(…)`) on a TypeScript project,
against the TypeScript compiler's own resolution (scripts/ts_oracle.js; npm `typescript` installed
in a scratch folder outside the repository, never a test dependency).

Usage: python scripts/score_ts_oracle.py TYPESCRIPT_MODULE_DIR PROJECT_DIR [SUBFOLDER]
  e.g. python scripts/score_ts_oracle.py path/to/node_modules/typescript ~/.cache/graphmind-corpora/rxjs-7.8.2 src
  --misses FILE writes every missed and every wrong site (one JSON line each) for bucketing by cause.
A call site counts where the compiler names a declaration: in the project (an edge to find) or
outside it (lib.d.ts, a package: no edge may be drawn). An edge of ours is right when the
definition it reaches spans the declaration's line in the same file. Where the compiler names a property of an
object literal that holds a name (`return { getOrCreate }`, `toResult: processor.toResult`), that name's declaration
counts too: the call runs what the property holds (since session 24; tRPC's 6 wrong edges on main were these). One JSON line. The compiler names
the static callee, which is graphmind's `call` edge; the overrides a `this.m()` may also run are edges
of kind `dispatch` (runtime callees the compiler's answer does not name): `precision` scores the
other edges, `dispatch_edges` counts those, and `precision_dispatch_counted_wrong` counts every
dispatch edge not at the compiler's declaration as wrong too.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

DROP = ("possible", "pending", "unresolved", "external", "builtin")


def our_calls(root: Path, key: str = "col", where: str = "") -> dict[tuple, list]:
    """Index a workspace; its explicit call rows by (path, line, col) (or `key`: `name`, the name as
    called), `where` narrowing them: (resolution, target path, target start line, target end line, edge kind)."""
    index_workspace(root)
    conn = open_reader(root)
    ours: dict[tuple, list] = {}
    for path, line, col, how, tpath, start, end, kind in conn.execute(
            f"SELECT f.path, c.line, c.{key}, c.resolution, tf.path, t.start_line, t.end_line, c.kind FROM calls c"
            " JOIN files f ON f.id = c.file_id LEFT JOIN symbols t ON t.id = c.target_id"
            f" LEFT JOIN files tf ON tf.id = t.file_id WHERE c.implicit = 0{where}"):
        ours.setdefault((path, line, col), []).append((how, tpath, start, end, kind))
    return ours


def score(project: str, oracle: list[str], ours: dict[tuple, list], dump: Path | None) -> dict:
    """Precision, recall and the share left possible of our method-call edges against an oracle's
    lines ({file, line, col, name, targets: [[file, line], …]}; a target outside the project starts
    with `..` or ends with `.d.ts`)."""
    tp = fp = fn = sites = outside = possible = dispatch = dispatch_wrong = 0
    wrong: list = []
    missed: list = []
    every: list = []
    for row in map(json.loads, oracle):
        if not row["targets"]:
            continue
        sites += 1
        inside = [(f, ln) for f, ln in row["targets"] if not f.startswith("..") and not f.endswith(".d.ts")]
        outside += not inside
        rows = ours.get((row["file"], row["line"], row["col"]), [])
        mine = [r for r in rows if r[0] not in DROP and r[4] != "dispatch"]
        overrides = [r for r in rows if r[0] not in DROP and r[4] == "dispatch"]
        possible += any(r[0] == "possible" for r in rows)

        def right(t, s, e):
            return any(t == f and s <= ln <= e for f, ln in inside)
        hit = any(right(t, s, e) for _, t, s, e, _ in mine)
        if inside and hit:
            tp += 1
        elif inside:
            fn += 1
            every.append({"missed": row, "ours": rows})
            if len(missed) < 40:
                missed.append([row["file"], row["line"], row["name"], sorted({r[0] for r in rows})])
        fp += sum(1 for _, t, s, e, _ in mine if not right(t, s, e))
        dispatch += len(overrides)
        dispatch_wrong += sum(1 for _, t, s, e, _ in overrides if not right(t, s, e))
        if any(not right(t, s, e) for _, t, s, e, _ in mine):
            every.append({"wrong": row, "ours": rows})
        if mine and not hit and len(wrong) < 20:
            wrong.append([row["file"], row["line"], row["name"], row["targets"][:2], mine[0][1:3]])
    if dump is not None:
        dump.write_text("".join(json.dumps(e) + "\n" for e in every))
    return {"project": project, "method_call_sites": sites, "to_outside": outside,
            "left_possible": possible, "possible_share": round(possible / sites, 4) if sites else None,
            "edges_right": tp, "edges_wrong": fp, "missed": fn,
            "precision": round(tp / (tp + fp), 4) if tp + fp else None, "dispatch_edges": dispatch,
            "precision_dispatch_counted_wrong": round(tp / (tp + fp + dispatch_wrong), 4) if tp + fp else None,
            "recall": round(tp / (tp + fn), 4) if tp + fn else None, "wrong_sample": wrong, "missed_sample": missed}


def byte_columns(root: Path, oracle: list[str]) -> list[str]:
    """The oracle's lines with each column counted in UTF-8 bytes, as graphmind counts them (the
    compilers count UTF-16 units: on a line with non-ASCII text before the call the two differ)."""
    lines: dict[str, list[bytes]] = {}
    out = []
    for text in oracle:
        row = json.loads(text)
        src = lines.get(row["file"])
        if src is None:
            src = lines[row["file"]] = (root / row["file"]).read_bytes().split(b"\n")
        line = src[row["line"] - 1] if row["line"] <= len(src) else b""
        if not line.isascii():
            head = line.decode("utf-8", "replace").encode("utf-16-le")[:2 * row["col"]]
            row["col"] = len(head.decode("utf-16-le", "replace").encode("utf-8"))
            text = json.dumps(row)
        out.append(text)
    return out


def misses_option(argv: list[str]) -> tuple[Path | None, list[str]]:
    """`--misses FILE` taken out of the arguments."""
    if "--misses" not in argv:
        return None, argv
    at = argv.index("--misses")
    return Path(argv[at + 1]), argv[:at] + argv[at + 2:]


def main(argv: list[str]) -> None:
    dump, argv = misses_option(argv)
    tsdir, project = Path(argv[0]), Path(argv[1])
    sub = argv[2] if len(argv) > 2 else "."
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / project.name
        shutil.copytree(project / sub, root / sub, ignore=shutil.ignore_patterns("node_modules", "*.d.ts"))
        for cfg in ("package.json", "tsconfig.json"):
            if (project / cfg).is_file():
                shutil.copyfile(project / cfg, root / cfg)
        files = sorted(str(p.relative_to(root)) for p in (root / sub).rglob("*.ts"))
        oracle = subprocess.run(["node", str(Path(__file__).with_name("ts_oracle.js")), str(tsdir), str(root), *files],
                                capture_output=True, text=True, check=True).stdout.splitlines()
        oracle = byte_columns(root, oracle)
        ours = our_calls(root)
    print(json.dumps(score(project.name, oracle, ours, dump)))


if __name__ == "__main__":
    main(sys.argv[1:])
