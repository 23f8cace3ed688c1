"""Precision and recall of graphmind's resolved call edges on a C or C++ project, against clang's own
answer (libclang: `pip install libclang`, the wheel ships the library; never a test dependency).

Usage: python scripts/score_c_oracle.py PROJECT_DIR [SUBFOLDER] [--std c++17] [--misses FILE]
  e.g. python scripts/score_c_oracle.py ~/.cache/graphmind-corpora/brotli-1.1.0 c
       python scripts/score_c_oracle.py ~/.cache/graphmind-corpora/ujson-5.10.0 deps/double-conversion/double-conversion
Every translation unit (.c/.cc/.cpp/.cxx under SUBFOLDER) is parsed with the folders of the
project's headers and the folders above them on the include path (or the project's compile_commands.json, if it has one);
each call expression whose referenced function clang knows is a site, its target the definition
found across units by USR (or by its first declaration's: libclang gives a `static` function's
definition another USR than its prototype when a parameter is `const` there only) (a function's file and the line of its name: a template's extent starts at
`template <…>`, above graphmind's symbol), else its declaration in the project, else
outside the project (no edge may be drawn). A file read in several units (a `.c` a one-unit build
includes, also compiled alone here) takes the answer of a unit that declares what it calls. A call written in a macro's body is a site at the
macro's use (clang's location): graphmind's rows there are what the macro it reached calls (the
call is filed under the macro, the macro called from the use). Operator calls and implicit conversions are left out (no call syntax); so are
constructor calls clang makes without call syntax (`T x;`); a constructor called through a typedef's
name (`OwnedObject(p)` of `typedef OwnedReference<…> OwnedObject`), and a member's initializer (`: _args(args)`)
running its class's constructor, are matched by the name written. `std::make_unique<T>(…)` and `make_shared`
count as calls of the constructor of T they run (the one taking that many arguments). Scored like scripts/score_ts_oracle.py:
one JSON line; `by_kind` splits sites by what clang calls (function, method, constructor). Sites in
files graphmind does not index (vendored folders its ignore list skips, `third_party/`) are left out,
and a target there counts as outside the project.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from ctypes import byref, c_uint
from pathlib import Path

from score_ts_oracle import misses_option, our_calls, score

C_SOURCES = (".c",)
CPP_SOURCES = (".cc", ".cpp", ".cxx", ".c++")
MAKERS = ("make_unique", "make_shared")
FUNCS = ("FUNCTION_DECL", "CXX_METHOD", "CONSTRUCTOR", "DESTRUCTOR", "FUNCTION_TEMPLATE")


def _args(root: Path, path: Path, std: str | None) -> list[str]:
    # every folder holding headers and the folders above it (`#include "marisa/grimoire/io.h"` from lib/)
    folders = sorted({str(q) for p in root.rglob("*") if p.suffix in (".h", ".hpp", ".hh", ".hxx")
                      for q in p.parents if q.is_relative_to(root)})
    cpp = path.suffix in CPP_SOURCES
    lang = ["-x", "c++", f"-std={std or 'c++17'}"] if cpp else ["-x", "c", f"-std={std or 'gnu11'}"]
    return [*lang, f"-I{root}", *(f"-I{d}" for d in folders), *_builtin_headers(), "-ferror-limit=0", "-w"]


def _builtin_headers() -> list[str]:
    """The compiler's own headers (`stddef.h`, `stdarg.h`), which the libclang wheel does not ship: without
    them `<string>` fails and `std::string` parameters read as `int` (fastText's definitions then had
    other USRs than their calls); GCC's, where a GCC is installed; and Python's."""
    gcc = shutil.which("gcc")
    found = subprocess.run([gcc, "-print-file-name=include"], capture_output=True, text=True).stdout.strip() if gcc else ""
    python = sysconfig.get_paths()["include"]           # `#include <Python.h>`: the sdists' extension code
    return [*(["-isystem", found] if found and Path(found, "stddef.h").is_file() else []), "-isystem", python]


def _made(ref, count: int, rel) -> str | None:
    """`std::make_unique<T>(a, b)` / `make_shared`: the constructor of T it runs, when T is the project's
    and one of its constructors takes that many arguments (its USR); the library's (no constructor
    written: `outside`); None (the site left out) when several could."""
    decl = ref.get_template_argument_type(0).get_declaration() if ref.get_num_template_arguments() > 0 else None
    if decl is None or decl.kind.name not in ("CLASS_DECL", "STRUCT_DECL") or rel(decl.location.file) is None:
        return "outside"
    taking = [c for c in decl.get_children() if c.kind.name == "CONSTRUCTOR" and len(list(c.get_arguments())) == count]
    if not taking:
        return "outside"          # an implicit constructor (default, copy, move)
    return taking[0].get_usr() if len(taking) == 1 else None


def _template(cindex, cursor):
    """The template a specialization was made from (its USR is the one definitions carry)."""
    spec = cindex.conf.lib.clang_getSpecializedCursorTemplate(cursor)
    return spec if spec is not None and not cindex.conf.lib.clang_Cursor_isNull(spec) else cursor


def clang_sites(root: Path, sub: str, std: str | None) -> tuple[list[dict], dict]:
    """(call sites {file, line, col, name, usr, kind}, USR -> [(file, line) of definitions or declarations])."""
    from clang import cindex
    from clang.cindex import c_object_p
    index = cindex.Index.create()
    defs: dict[str, set] = {}
    decls: dict[str, set] = {}
    sites: dict[tuple, list[dict]] = {}
    units = sorted(p for p in (root / sub).rglob("*") if p.suffix in C_SOURCES + CPP_SOURCES)

    known: dict[str, str | None] = {}

    def rel(loc_file) -> str | None:
        if loc_file is None:
            return None
        name = loc_file.name
        if name not in known:
            p = Path(name).resolve()
            known[name] = str(p.relative_to(root)) if p.is_relative_to(root) else None
        return known[name]

    def spelled(cur, location=None) -> tuple[str | None, int, int]:
        """Where a call is written: a call in a macro's argument on its own line, a call in a macro's
        body at the `#define` (clang's expansion location would be the macro's use for both)."""
        f, line, col, off = c_object_p(), c_uint(), c_uint(), c_uint()
        cindex.conf.lib.clang_getSpellingLocation(location or cur.location, byref(f), byref(line), byref(col), byref(off))
        return (rel(cindex.File(f)) if f else None), line.value, col.value

    def project_cursors(tu):
        """Every cursor under the top-level declarations written in the project (system headers skipped)."""
        for top in tu.cursor.get_children():
            if rel(top.location.file) is not None:
                yield from top.walk_preorder()

    args = {suffix: _args(root, Path("x" + suffix), std) for suffix in C_SOURCES + CPP_SOURCES}
    for unit in units:
        tu = index.parse(str(unit), args=args[unit.suffix])
        for cur in project_cursors(tu):
            kind = cur.kind.name
            where = rel(cur.location.file)
            if where is None:
                continue
            if kind in FUNCS:
                usr = cur.get_usr()
                # the line of its name: a template's extent starts at `template <…>`, a line above
                (defs if cur.is_definition() else decls).setdefault(usr, set()).add((where, cur.location.line))
                canonical = cur.canonical.get_usr()    # a `static` prototype's USR: its definition's
                if cur.is_definition() and canonical != usr:       # differs where a parameter is `const`
                    defs.setdefault(canonical, set()).add((where, cur.location.line))
            elif kind == "CALL_EXPR":
                ref = cur.referenced
                if ref is None or ref.kind.name not in FUNCS or ref.spelling.startswith("operator"):
                    continue
                if ref.kind.name == "CONSTRUCTOR" and not any(t.spelling in "({" for t in cur.get_tokens()):
                    continue                                 # `T x;`, copies: no call written
                usr = _template(cindex, ref).get_usr()
                if ref.spelling in MAKERS and rel(ref.location.file) is None:
                    usr = _made(ref, len(list(cur.get_arguments())), rel)
                where, line, col = spelled(cur)
                if where is None or usr is None:
                    continue
                _, last, end = spelled(cur, cur.extent.end)      # where the call's text ends, on its line
                written = cur.type.spelling.split("<")[0].rpartition("::")[2].strip()
                first = next(iter(cur.get_tokens()), None) if ref.kind.name == "CONSTRUCTOR" else None
                member = first.spelling if first is not None and first.kind.name == "IDENTIFIER" \
                    and first.cursor.kind.name == "MEMBER_REF" else ""         # `: _args(args)`, not `return T(x);` into a variant
                sites.setdefault((where, line, col, ref.spelling), []).append(
                    {"file": where, "line": line, "col": col - 1, "end": end - 1 if last == line else None,
                     "name": ref.spelling, "usr": usr, "kind": ref.kind.name,
                     **({"written": written} if ref.kind.name == "CONSTRUCTOR" and written.isidentifier()
                        and written != ref.spelling else {}),
                     **({"member": member} if member not in ("", ref.spelling, written) else {})})
    # a file read in several units: the unit that declares what it calls (a `.c` the build only compiles
    # through `#include` in another, read alone, calls undeclared functions: implicit declarations)
    known = set(defs) | set(decls)
    return ([next((s for s in found if s["usr"] in known), found[0]) for found in sites.values()],
            {u: sorted(defs.get(u) or decls.get(u, ())) for u in known})


def cached_sites(project: Path, root: Path, sub: str, std: str | None) -> tuple[list[dict], dict]:
    """clang_sites, kept in $GRAPHMIND_ORACLE_CACHE (when set) by project, folder and standard: the
    oracle's answer does not change between scorings of one pinned project."""
    folder = os.environ.get("GRAPHMIND_ORACLE_CACHE")
    cache = Path(folder) / f"{project.name}-{sub.replace('/', '_')}-{std}.json" if folder else None
    if cache is not None and cache.is_file():
        sites, targets = json.loads(cache.read_text())
        return sites, {u: [tuple(t) for t in found] for u, found in targets.items()}
    sites, targets = clang_sites(root, sub, std)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps([sites, targets]))
    return sites, targets


def through_macros(root: Path, ours: dict[tuple, list]) -> None:
    """A call written in a macro's body is reported by clang at the macro's use: there, our rows are
    what the macros we reached call (the macros on the path: a macro's body may use another macro),
    added under the use's (file, line, name)."""
    from graphmind.store import open_reader
    conn = open_reader(root)
    body: dict[tuple, dict[str, list]] = {}
    for mpath, mline, name, how, tpath, start, end, kind, tkind in conn.execute(
            "SELECT f.path, m.start_line, c.name, c.resolution, tf.path, t.start_line, t.end_line, c.kind, t.kind"
            " FROM calls c JOIN symbols m ON m.id = c.caller_id AND m.kind = 'macro' JOIN files f ON f.id = m.file_id"
            " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id WHERE c.kind = 'call'"):
        reached = body.setdefault((mpath, mline), {})
        reached.setdefault(name, []).append((how, tpath, start, end, kind))
        if tkind == "macro" and how not in ("possible", "pending"):
            reached.setdefault("", []).append((tpath, start))      # a macro this one's body uses
    for path, line, mpath, mline in conn.execute(
            "SELECT f.path, c.line, tf.path, t.start_line FROM calls c JOIN symbols t ON t.id = c.target_id"
            " AND t.kind = 'macro' JOIN files f ON f.id = c.file_id JOIN files tf ON tf.id = t.file_id"
            " WHERE c.resolution NOT IN ('possible', 'pending')"):
        todo, seen = [(mpath, mline)], set()
        while todo:
            macro = todo.pop()
            if macro in seen:
                continue
            seen.add(macro)
            for name, rows in body.get(macro, {}).items():
                if not name:
                    todo += rows
                elif (path, line, name) not in ours:
                    ours[(path, line, name)] = rows


def indexed_only(root: Path, sites: list[dict], targets: dict) -> tuple[list[dict], dict]:
    """The sites in files graphmind indexes, targets in files it leaves out (vendored folders such as
    `third_party/`, skipped by the default ignore list) counted as outside the project."""
    from graphmind.store import open_reader
    indexed = {p for (p,) in open_reader(root).execute("SELECT path FROM files")}
    return ([s for s in sites if s["file"] in indexed],
            {u: [(f, ln) for f, ln in found if f in indexed] for u, found in targets.items()})


def columns(root: Path, where: str) -> dict[tuple, list]:
    """Our rows by (path, line, name), each with the column of the name called."""
    from graphmind.store import open_reader
    out: dict[tuple, list] = {}
    for path, line, col, name, *row in open_reader(root).execute(
            "SELECT f.path, c.line, c.col, c.name, c.resolution, tf.path, t.start_line, t.end_line, c.kind FROM calls c"
            " JOIN files f ON f.id = c.file_id LEFT JOIN symbols t ON t.id = c.target_id"
            f" LEFT JOIN files tf ON tf.id = t.file_id WHERE c.implicit = 0{where}"):
        out.setdefault((path, line, name), []).append((col, tuple(row)))
    return out


def _split(site: dict, sites: list[dict], cols: list) -> list:
    """Of our rows at a line that calls one name, those of this site: clang places a call where its
    expression starts, at or before the name, so a row belongs to the last site starting at or before
    its column (`assert(size() == A.size(1))`), and to none when the call's text ends before it (a
    call clang does not report: `x.size() == this->size(1)` in a macro's argument)."""
    starts = sorted(s["col"] for s in sites)
    return [row for col, row in cols if max((c for c in starts if c <= col), default=starts[0]) == site["col"]
            and (site.get("end") is None or col <= site["end"])]


def _as_written(site: dict, names, cols: dict | None = None) -> str | None:
    """A call in an `*_inc.h` template (`FN(HistogramClear)(h)`) is one site per name each includer's FN
    makes (HistogramClearLiteral, …) for clang, one row named as written for graphmind (one definition,
    `FN(HistogramClear)`, its target): the row whose macro argument the name called contains. A
    type-generic macro's use (`BROTLI_MIN(size_t, a, BROTLI_MAX(size_t, b, c))`) is one site per use:
    of the rows that fit, the one at the site's column."""
    fits = [n for n in names if n[n.index("(") + 1:-1].strip() in site["name"]]
    at = [n for n in fits if cols and any(c == site["col"] for c, _ in cols.get((site["file"], site["line"], n), ()))]
    return max(at or fits, key=len, default=None)


def oracle_lines(sites: list[dict], targets: dict, ours: dict, cols: dict | None = None) -> tuple[list[str], dict]:
    """The sites as score()'s oracle lines, and our rows at each (same file, line and name called; the
    column tells several such calls on one line apart)."""
    lines, keyed = [], {}
    same: dict[tuple, list] = {}
    for site in sites:
        same.setdefault((site["file"], site["line"], site["name"]), []).append(site)
    made: dict[tuple, list[str]] = {}                # rows named as a template writes them: `FN(HistogramClear)`
    for path, line, name in (cols or ours):
        if name and name.endswith(")") and "(" in name:
            made.setdefault((path, line), []).append(name)
    for site in sites:
        found = targets.get(site["usr"], [])
        at = (site["file"], site["line"], site["name"])
        written = site.get("written") or _as_written(site, made.get(at[:2], ()), cols)
        alias = (site["file"], site["line"], written)   # `OwnedObject(p)`: a typedef's constructor
        member = (site["file"], site["line"], site.get("member"))   # `: _args(args)`: the member's class's
        rows = ours.get(at) or ours.get(alias) or ours.get(member, [])
        by = next((k for k in (at, alias, member) if cols and k in cols), None)
        if by is not None:
            rows = _split(site, same[at], cols[by])
        col = f"{site['col']}:{site['name']}"        # two calls may start at one column: `T(a).m()`, a macro's use
        keyed[(site["file"], site["line"], col)] = rows
        lines.append(json.dumps({**site, "col": col, "targets": [[f, ln] for f, ln in found] or [["../outside", 0]]}))
    return lines, keyed


def main(argv: list[str]) -> None:
    dump, argv = misses_option(argv)
    std = None
    if "--std" in argv:
        at = argv.index("--std")
        std, argv = argv[at + 1], argv[:at] + argv[at + 2:]
    project = Path(argv[0]).resolve()
    sub = argv[1] if len(argv) > 1 else "."
    with tempfile.TemporaryDirectory() as tmp:
        root = (Path(tmp) / project.name).resolve()
        shutil.copytree(project, root, ignore=shutil.ignore_patterns(".git", ".graphmind"))
        sites, targets = cached_sites(project, root, sub, std)
        calls = " AND c.kind NOT IN ('import', 'reference', 'inherit', 'override', 'read')"
        ours = our_calls(root, "name", calls)
        cols = columns(root, calls)
        through_macros(root, ours)
        sites, targets = indexed_only(root, sites, targets)
    lines, keyed = oracle_lines(sites, targets, ours, cols)
    result = score(project.name, lines, keyed, dump)
    by_kind: dict[str, dict] = {}
    for kind in sorted({s["kind"] for s in sites}):
        picked = [ln for ln, s in zip(lines, sites) if s["kind"] == kind]
        part = score(kind, picked, keyed, None)
        by_kind[kind] = {k: part[k] for k in ("method_call_sites", "edges_right", "edges_wrong", "missed",
                                                 "precision", "recall")}
    print(json.dumps({**result, "by_kind": by_kind}))


if __name__ == "__main__":
    main(sys.argv[1:])
