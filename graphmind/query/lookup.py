"""What a SYMBOL argument names: a qualified name, a short name, a dotted suffix, or FILE:LINE."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

import apsw

from graphmind.arguments import MAX_LINE, bounded_int, bounded_text, line_number
from graphmind.errors import AmbiguousSymbolError, BadArgumentError, NotFoundError, UnknownSymbolError

PAIRED_LANGUAGES = frozenset({"c", "cpp"})   # declarations and definitions written apart
_FILE_LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+)$")
_SOURCE_FILE = re.compile(r"\.(py|pyi|js|jsx|mjs|cjs|ts|tsx|go|rs|java|kt|scala|cs|c|h|cc|cpp|hpp|php|rb)$")
# the columns of a SymbolRef, from symbols s joined to files f
REF_SELECT = ("SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, f.language"
            " FROM symbols s JOIN files f ON f.id = s.file_id")


@dataclass(frozen=True)
class SymbolRef:
    """One indexed definition."""
    id: int
    qualname: str
    name: str
    kind: str
    file: str
    start_line: int
    end_line: int
    signature: str
    language: str

    def where(self) -> str:
        return f"{self.file}:{self.start_line}"


def _refs(conn: apsw.Connection, where: str, args: tuple, order: str = "f.path, s.start_line") -> list[SymbolRef]:
    return [SymbolRef(*r) for r in conn.execute(f"{REF_SELECT} WHERE {where} ORDER BY {order}", args)]


def at_line(conn: apsw.Connection, path: str, line: int) -> list[SymbolRef]:
    """The innermost definition enclosing a line (the module when no definition does)."""
    return _refs(conn, "f.path = ? AND s.start_line <= ? AND s.end_line >= ?", (path.removeprefix("./"), line, line),
                 order="s.start_line DESC, s.end_line ASC, s.kind = 'module' ASC LIMIT 1")


def _inner_name(conn: apsw.Connection, sid: int) -> str:
    """A symbol's qualified name inside its file's module (`acme.InvoiceService.issue`)."""
    row = conn.execute("SELECT s.qualname, m.qualname FROM symbols s JOIN symbols m ON m.file_id = s.file_id"
                       " AND m.kind = 'module' WHERE s.id = ?", (sid,)).fetchone()
    return row[0][len(row[1]) + 1:] if row and row[0].startswith(row[1] + ".") else (row[0] if row else "")


def with_counterparts(conn: apsw.Connection, found: list[SymbolRef]) -> list[SymbolRef]:
    """The symbols plus, for C and C++ members, their counterparts: a method declared in a header's
    class and defined out of line (`void A::f() {…}` in a .cpp) is one symbol to every query, so the
    declaration has the definition's callers and its name is not ambiguous."""
    out = list(found)
    for ref in found:
        if ref.language not in PAIRED_LANGUAGES or ref.kind not in ("method", "constructor"):
            continue
        # the index pairs them (symbols.definition_id): exactly that pair, so an overload stays apart
        linked = _refs(conn, "s.id = (SELECT definition_id FROM symbols WHERE id = ?) OR s.definition_id = ?",
                       (ref.id, ref.id))
        inner = _inner_name(conn, ref.id)
        for other in linked or _refs(conn, "s.name = ? AND s.kind = ? AND f.language IN ('c', 'cpp') AND s.id != ?",
                                     (ref.name, ref.kind, ref.id)):
            if all(o.id != other.id for o in out) and (linked or _inner_name(conn, other.id) == inner):
                out.append(other)
    if len(out) > 1:                          # answers give the definition: declarations after it
        declared = {sid for (sid,) in conn.execute(
            "SELECT value FROM json_each(?) WHERE value IN (SELECT id FROM symbols WHERE definition_id IS NOT NULL)",
            (json.dumps([o.id for o in out]),))}
        out.sort(key=lambda o: o.id in declared)
    return out


def _no_line(conn: apsw.Connection, path: str, line: str) -> str:
    """Why FILE:LINE names nothing: the file is not indexed, or the line is past its end."""
    row = conn.execute("SELECT max(s.end_line) FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ?",
                       (path,)).fetchone()
    if row is None or row[0] is None:
        return f"'{path}' is not an indexed file (missing, ignored, or not a language graphmind reads)"
    shown = line if len(line) <= 20 else line[:20] + "…"
    return f"line {shown} is past the end of {path} ({row[0]} lines)"


def _file_module(conn: apsw.Connection, query: str) -> list[SymbolRef]:
    """The module a file path names, however spelt: relative to the root (`./` or not, `\\` or `/`),
    absolute or relative to elsewhere (the indexed path it ends with), or a path's tail
    (`flask/helpers.py` for `src/flask/helpers.py`); a folder names its package's `__init__`."""
    spelt = query.replace("\\", "/").removeprefix("./").rstrip("/")
    if not _SOURCE_FILE.search(spelt):
        spelt += "/__init__.py"
    rows = conn.execute(
        "SELECT f.path FROM files f WHERE f.path = ?1 OR ?1 LIKE '%/' || f.path OR f.path LIKE '%/' || ?1", (spelt,))
    paths = [p for (p,) in rows if p == spelt or spelt.endswith("/" + p) or p.endswith("/" + spelt)]
    if len(paths) > 1:                          # the longest indexed path an absolute spelling ends with
        inside = [p for p in paths if spelt == p or spelt.endswith("/" + p)]
        paths = [max(inside, key=len)] if inside else paths
    found = [r for p in paths for r in _refs(conn, "f.path = ? AND s.kind = 'module'", (p,))]
    if len(found) > 1:
        raise AmbiguousSymbolError(query, [f"{r.qualname}  ({r.kind}, {r.where()})" for r in found[:30]])
    return found


def symbol_refs(conn: apsw.Connection, query: str, take_all: bool = False) -> list[SymbolRef]:
    """The definitions a SYMBOL argument names; ambiguity and absence raise errors that say what to do."""
    query = bounded_text("SYMBOL", query.strip())
    m = _FILE_LINE.match(query)
    if m:
        line = line_number(m["line"])
        found = at_line(conn, m["file"], line) if line <= MAX_LINE else []
        if found:
            return with_counterparts(conn, found)
        raise NotFoundError(_no_line(conn, m["file"].removeprefix("./"), m["line"]))
    if "/" in query or "\\" in query or _SOURCE_FILE.search(query):
        found = _file_module(conn, query)
        if found:
            return found
    for where in ("s.qualname = ?", "s.name = ? AND s.kind != 'module'", "s.qualname LIKE '%.' || ?"):
        found = _refs(conn, where, (query,))
        if found and where == "s.qualname = ?" and all(r.kind == "module" for r in found):
            # `foo` names module foo.py and its function foo alike: say so rather than pick one
            found += _refs(conn, "s.name = ? AND s.kind != 'module'", (query,))
        if where.startswith("s.qualname LIKE"):
            found = [r for r in found if r.qualname.endswith("." + query)]
        if found:
            merged = with_counterparts(conn, found[:1])
            if {r.id for r in found} <= {r.id for r in merged}:
                return merged                     # a C++ declaration and its definition: one symbol
            if len(found) > 1 and not take_all:
                raise AmbiguousSymbolError(query, [f"{r.qualname}  ({r.kind}, {r.where()})" for r in found[:30]])
            return found
    names = [n for (n,) in conn.execute("SELECT DISTINCT name FROM symbols WHERE kind != 'module'")]
    import difflib                 # only for a name that is not found
    close = difflib.get_close_matches(query.rsplit(".", 1)[-1], names, n=5, cutoff=0.6)
    raise UnknownSymbolError(query, close)


def _symbol_filter(pattern: str | None, file: str | None, kind: str | None) -> tuple[str, tuple]:
    clauses, args = ["s.kind != 'module'" if kind is None else "s.kind = ?"], [] if kind is None else [kind]
    if pattern:
        bounded_text("the pattern", pattern)
        if "*" in pattern or "?" in pattern:
            clauses.append("s.qualname GLOB ?")
            args.append(pattern if pattern.startswith("*") else "*" + pattern)
        else:
            clauses.append("instr(lower(s.qualname), lower(?)) > 0")
            args.append(pattern)
    if file:
        clauses.append("f.path = ?")
        args.append(file.removeprefix("./"))
    return " AND ".join(clauses), tuple(args)


def list_symbols(conn: apsw.Connection, pattern: str | None, file: str | None, kind: str | None,
                 limit: int) -> list[SymbolRef]:
    """Definitions filtered by qualified-name substring (or glob with *), file and kind."""
    limit = bounded_int("limit", limit)
    where, args = _symbol_filter(pattern, file, kind)
    return _refs(conn, where, args, order=f"f.path, s.start_line LIMIT {int(limit)}")


def count_symbols(conn: apsw.Connection, pattern: str | None, file: str | None, kind: str | None) -> int:
    """How many definitions list_symbols would give without a limit."""
    where, args = _symbol_filter(pattern, file, kind)
    return conn.execute(f"SELECT count(*) FROM symbols s JOIN files f ON f.id = s.file_id WHERE {where}",
                        args).fetchone()[0]


def check_filters(conn: apsw.Connection, file: str | None, kind: str | None) -> None:
    """A --kind the index has never seen: a BadArgumentError listing the kinds it has, never an empty
    answer. (`file` is checked where it is read: query/filearg.file_filter, which needs the root.)"""
    if kind is not None:
        kinds = [k for (k,) in conn.execute("SELECT DISTINCT kind FROM symbols ORDER BY kind")]
        if kind not in kinds:
            raise BadArgumentError(f"no definition of kind '{kind}' is indexed; the kinds here: {', '.join(kinds)}")
