"""LSP answers from the index: the same walks as `callers`, `callees` and `blast-radius`, as editor types.

Every function takes a read connection and a `Files` (the workspace's saved lines and open buffers) and
returns lsprotocol values; nothing here knows about JSON-RPC. Lines are the index's (1-based, as saved)
until `Files` maps them into the buffer an editor shows.
"""
from __future__ import annotations

import re

import apsw
from lsprotocol import types as lsp

from graphmind import config
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS
from graphmind.query import graph
from graphmind.query.edges import json_list, links
from graphmind.query.selection.testreach import tests_reached
from graphmind.query.lookup import REF_SELECT, SymbolRef, at_line, with_counterparts

from graphmind.editor.files import Files

_KINDS = {"function": lsp.SymbolKind.Function, "method": lsp.SymbolKind.Method, "class": lsp.SymbolKind.Class,
          "interface": lsp.SymbolKind.Interface, "struct": lsp.SymbolKind.Struct, "enum": lsp.SymbolKind.Enum,
          "trait": lsp.SymbolKind.Interface, "module": lsp.SymbolKind.Module,
          "namespace": lsp.SymbolKind.Namespace, "type": lsp.SymbolKind.TypeParameter,
          "constant": lsp.SymbolKind.Constant, "variable": lsp.SymbolKind.Variable,
          "macro": lsp.SymbolKind.Function, "constructor": lsp.SymbolKind.Constructor,
          "field": lsp.SymbolKind.Field}
WORKSPACE_SYMBOLS = 200          # rows a workspace/symbol answer lists at most
LENS_TIME_S = 0.5                # the test search behind one lens or hover, at most


def refs_by_id(conn: apsw.Connection, ids: list[int]) -> list[SymbolRef]:
    """The definitions with these ids, in the order given."""
    rows = {r[0]: SymbolRef(*r) for r in conn.execute(
        f"{REF_SELECT} WHERE s.id IN (SELECT value FROM json_each(?1))", (json_list(ids),))}
    return [rows[i] for i in ids if i in rows]


def _word_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Character spans of `name` as a whole word in a line."""
    return [m.span() for m in re.finditer(r"(?<![\w$])" + re.escape(name) + r"(?![\w$])", text)] if name else []


def name_range(files: Files, ref: SymbolRef) -> lsp.Range | None:
    """Where the definition's name is written (its first line naming it), in the buffer."""
    for line in range(ref.start_line, min(ref.start_line + 5, ref.end_line) + 1):
        spans = _word_spans(files.saved_text(ref.file, line), ref.name)
        if spans:
            return files.range(ref.file, line, *spans[0])
    return files.range(ref.file, ref.start_line, 0, 0)


def item(files: Files, ref: SymbolRef) -> lsp.CallHierarchyItem | None:
    """A definition as a call hierarchy item (None when its lines are gone from the buffer)."""
    whole, selected = files.span(ref.file, ref.start_line, ref.end_line), name_range(files, ref)
    if whole is None or selected is None:
        return None
    return lsp.CallHierarchyItem(name=ref.name, kind=_KINDS.get(ref.kind, lsp.SymbolKind.Function),
                                 uri=files.uri(ref.file), range=whole, selection_range=selected,
                                 detail=f"{ref.signature}  ({ref.qualname})", data={"id": ref.id})


def _site_ranges(files: Files, file: str, lines: list[int], name: str) -> list[lsp.Range]:
    """The ranges of `name` on each line (the whole line's text when the name is not written there)."""
    out = []
    for line in sorted(set(lines)):
        text = files.saved_text(file, line)
        spans = _word_spans(text, name) or [(len(text) - len(text.lstrip()), len(text))]
        out += [r for r in (files.range(file, line, a, b) for a, b in spans) if r is not None]
    return out


def targets_at(conn: apsw.Connection, files: Files, file: str, line: int, char: int) -> tuple[list[SymbolRef], bool]:
    """What the word at a saved position names: the targets of the dependency sites written there (all
    candidates of a `possible` one), else the definition named there, else the innermost definition
    enclosing the line. The flag says whether the position was on a site or a definition's name."""
    text = files.saved_text(file, line)
    word = next((text[a:b] for a, b in (m.span() for m in re.finditer(r"[\w$]+", text)) if a <= char <= b), "")
    if word:
        sites = [r[0] for r in conn.execute(
            "SELECT DISTINCT c.target_id FROM calls c JOIN files f ON f.id = c.file_id WHERE f.path = ?1 AND c.line = ?2"
            " AND c.target_id IS NOT NULL AND c.resolution != 'pending'"
            " AND (c.name = ?3 OR c.callee = ?3 OR c.callee LIKE '%.' || ?3)", (file, line, word))]
        if sites:
            found = refs_by_id(conn, sites)
            named = [r for r in found if word == _called_as(conn, r)]      # not a decorator's wrapper
            return with_counterparts(conn, named or found), True
        named = [SymbolRef(*r) for r in conn.execute(
            f"{REF_SELECT} WHERE f.path = ? AND s.start_line <= ? AND s.start_line >= ? - 4 AND s.end_line >= ?"
            " AND s.name = ? AND s.kind != 'module' ORDER BY s.start_line DESC LIMIT 1", (file, line, line, line, word))]
        if named:
            return with_counterparts(conn, named), True
    inner = at_line(conn, file, line)
    return with_counterparts(conn, inner), False


def _walk_refs(conn: apsw.Connection, targets: list[SymbolRef], direction: str, kinds: tuple[str, ...]):
    """The one-hop walk `callers`/`callees`/`blast-radius --depth 1` answer, with each hit's definition."""
    w = graph.walk(conn, targets, direction, 1, limit=config.DEFAULT_LIMIT, kinds=kinds)
    keys = [[h.symbol, h.file, h.start_line] for h in w.hits]
    refs = {(r.qualname, r.file, r.start_line): r for r in (SymbolRef(*row) for row in conn.execute(
        f"{REF_SELECT} JOIN json_each(?1) j ON s.qualname = j.value ->> 0 AND f.path = j.value ->> 1"
        " AND s.start_line = j.value ->> 2", (json_list(keys),)))}
    return w, [(refs[k], h) for k, h in zip(map(tuple, keys), w.hits) if k in refs]


def incoming(conn: apsw.Connection, files: Files, target: SymbolRef) -> list[lsp.CallHierarchyIncomingCall]:
    """Who calls the target, one hop (the rows of `graphmind callers`), each with its calling lines."""
    targets = with_counterparts(conn, [target])
    _, hits = _walk_refs(conn, targets, "up", CALL_KINDS)
    out = []
    for ref, hit in hits:
        it = item(files, ref)
        if it is not None:
            out.append(lsp.CallHierarchyIncomingCall(from_=it, from_ranges=_site_ranges(
                files, ref.file, hit.call_lines, _called_as(conn, target))))
    return out


def _called_as(conn: apsw.Connection, ref: SymbolRef) -> str:
    """The name a call of the definition writes: a constructor is called by its class's name."""
    return _owner(conn, ref) if ref.kind == "constructor" else ref.name


def _owner(conn: apsw.Connection, ref: SymbolRef) -> str:
    """The name of the definition enclosing this one."""
    row = conn.execute("SELECT p.name FROM symbols s JOIN symbols p ON p.id = s.parent_id WHERE s.id = ?",
                       (ref.id,)).fetchone()
    return row[0] if row else ref.name


def outgoing(conn: apsw.Connection, files: Files, source: SymbolRef) -> list[lsp.CallHierarchyOutgoingCall]:
    """What the source calls, one hop (the rows of `graphmind callees`), each with the lines calling it."""
    sources = with_counterparts(conn, [source])
    _, hits = _walk_refs(conn, sources, "down", CALL_KINDS)
    ids = [s.id for s in sources]
    calls: dict[tuple[int, int], list[int]] = {}          # (source, callee) -> lines
    for s, t, line, _how, _kind in links(conn, ids + [ref.id for ref, _ in hits], CALL_KINDS):
        if s in ids:
            calls.setdefault((s, t), []).append(line)
    out = []
    for ref, _hit in hits:
        it = item(files, ref)
        ranges = [r for source in sources for r in _site_ranges(files, source.file, calls.get((source.id, ref.id), []),
                                                                 _called_as(conn, ref))]
        if it is not None:
            out.append(lsp.CallHierarchyOutgoingCall(to=it, from_ranges=ranges))
    return out


def references(conn: apsw.Connection, files: Files, targets: list[SymbolRef],
               declaration: bool) -> list[lsp.Location]:
    """Every use of the targets one hop away, of every dependency kind (the rows of `blast-radius
    --depth 1`), at the lines that use them; the definitions themselves on request."""
    _, hits = _walk_refs(conn, targets, "up", ALL_KINDS)
    by_id = {t.id: t for t in targets}
    uses: dict[int, set[tuple[int, int]]] = {}            # dependant -> (target, line)
    for s, t, line, _how, _kind in links(conn, list(by_id) + [ref.id for ref, _ in hits], ALL_KINDS):
        if t in by_id:
            uses.setdefault(s, set()).add((t, line))
    out = []
    for ref, hit in hits:
        for target_id, line in sorted(uses.get(ref.id, ())) or [(targets[0].id, hit.start_line)]:
            out += [lsp.Location(uri=files.uri(ref.file), range=r)
                    for r in _site_ranges(files, ref.file, [line], _called_as(conn, by_id[target_id]))]
    if declaration:
        out = [lsp.Location(uri=files.uri(t.file), range=r) for t in targets
               for r in [name_range(files, t)] if r is not None] + out
    return out


def definitions(conn: apsw.Connection, files: Files, targets: list[SymbolRef]) -> list[lsp.Location]:
    """Where the targets are defined (a C++ member's definition before its declaration)."""
    ordered = sorted(targets, key=lambda t: (t.file.endswith((".h", ".hpp", ".hh", ".hxx")), t.file, t.start_line))
    return [lsp.Location(uri=files.uri(t.file), range=r) for t in ordered for r in [name_range(files, t)]
            if r is not None]


def document_symbols(conn: apsw.Connection, files: Files, file: str) -> list[lsp.DocumentSymbol]:
    """The file's definitions as a tree (modules left out: the file is the document)."""
    rows = list(conn.execute(
        "SELECT s.id, s.qualname, s.name, s.kind, f.path, s.start_line, s.end_line, s.signature, f.language, s.parent_id"
        " FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? AND s.kind != 'module'"
        " ORDER BY s.start_line, s.end_line DESC", (file,)))
    made: dict[int, lsp.DocumentSymbol] = {}
    top = []
    for *cols, parent in rows:
        ref = SymbolRef(*cols)
        whole, selected = files.span(file, ref.start_line, ref.end_line), name_range(files, ref)
        if whole is None or selected is None:
            continue
        sym = lsp.DocumentSymbol(name=ref.name, kind=_KINDS.get(ref.kind, lsp.SymbolKind.Variable), range=whole,
                                 selection_range=selected, detail=ref.signature, children=[])
        made[ref.id] = sym
        (made[parent].children if parent in made else top).append(sym)
    return top


def workspace_symbols(conn: apsw.Connection, files: Files, query: str) -> list[lsp.WorkspaceSymbol]:
    """Definitions whose name holds the query (case-insensitive), exact names first."""
    rows = [SymbolRef(*r) for r in conn.execute(
        f"{REF_SELECT} WHERE s.kind != 'module' AND instr(lower(s.name), lower(?1)) > 0"
        " ORDER BY lower(s.name) != lower(?1), length(s.name), f.path, s.start_line LIMIT ?2",
        (query, WORKSPACE_SYMBOLS))] if query else []
    return [lsp.WorkspaceSymbol(name=r.name, kind=_KINDS.get(r.kind, lsp.SymbolKind.Variable),
                                location=lsp.Location(uri=files.uri(r.file), range=rng),
                                container_name=r.qualname.rpartition(".")[0] or None)
            for r in rows for rng in [name_range(files, r)] if rng is not None]


def counts(conn: apsw.Connection, target: SymbolRef, dependants: bool = True) -> tuple[int, int | None, int]:
    """(callers one hop up, dependants of any kind one hop up, tests a resolved path reaches it from at any
    depth, fixtures and setUp included: the `reaches` tests of `graphmind impact FILE:LINE`): a lens, a hover."""
    targets = with_counterparts(conn, [target])
    callers = graph.walk(conn, targets, "up", 1, kinds=CALL_KINDS).total
    dependants = graph.walk(conn, targets, "up", 1, kinds=ALL_KINDS).total if dependants else None
    spans = [(t.file, t.start_line, t.end_line) for t in targets]
    tests = len(tests_reached(conn, [t.id for t in targets], spans, time_limit=LENS_TIME_S, uncertain=False).tests)
    return callers, dependants, tests
