"""Token-budgeted answers for agents (MCP tools, `graphmind impact`): compact text plus the same rows as data."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import apsw

from graphmind.budget import Page, Row, Section, render
from graphmind.errors import BadArgumentError
from graphmind.query.graph import CallSite, Hit, Walk
from graphmind.query.testids import test_commands
from graphmind.query.impact import Impact, impact_json, is_test
from graphmind.query.lookup import SymbolRef
from graphmind.paths import confine
from graphmind.query.render import kinds_note, noun, ref_json, walk_json
from graphmind.query.status import stale_paths
from graphmind.views.calls import calling

_STALE = " [stale]"


def _loc(file: str, start: int, end: int, sig: str, stale: bool) -> str:
    return f"{file}:{start}-{end} {sig}" + (_STALE if stale else "")


def _site(s: CallSite) -> Row:
    extra = f" ({s.candidates} candidates)" if s.candidates > 1 else ""
    return Row(f"? {s.file}:{s.line} {s.callee}() in {s.symbol}{extra}", asdict(s))


def _hit_row(h: Hit, test: bool | None = None, texts: dict | None = None) -> Row:
    """`file:start-end signature [kinds] [stale] [test]`, then where it calls (`← 13 → validate_order(order)`)
    when the calling lines' text was read (an upward walk)."""
    data = asdict(h) | ({"test": test} if test is not None else {})
    if h.kind == "module":
        sig = f"(module {h.symbol})" if h.kinds == ["import"] else f"(module-level code of {h.symbol})"
    else:
        sig = h.signature
    at = f"  ← {calling(h, texts)}" if texts and h.call_lines else ""
    return Row(_loc(h.file, h.start_line, h.end_line, sig + kinds_note(h), h.stale) + (" [test]" if test else "") + at,
               data, group=f"depth {h.depth}")


def mark_stale(conn: apsw.Connection, root: Path, w: Walk, known: set[str] = frozenset()) -> set[str]:
    """Flag the rows whose file changed on disk since it was indexed; the stale files."""
    stale = stale_paths(conn, root, {h.file for h in w.hits} | {t.file for t in w.targets}) | (
        set(known) & ({h.file for h in w.hits} | {t.file for t in w.targets}))
    for h in w.hits:
        h.stale = h.file in stale
    return stale


def _stale_note(stale: set[str]) -> list[str]:
    if not stale:
        return []
    return [f"stale: {len(stale)} file(s) changed since indexing, rows marked [stale] may be out of date: "
            + ", ".join(sorted(stale)[:10])]


def _targets(w: Walk, stale: set[str]) -> str:
    return "; ".join(f"{t.qualname} ({_loc(t.file, t.start_line, t.end_line, t.signature, t.file in stale)})"
                     for t in w.targets)


def _walk_sections(w: Walk, stale: set[str], tests: bool = False, texts: dict | None = None) -> list[Section]:
    key = "callers" if w.direction == "up" else "callees"
    main = Section(key, f"resolved {noun(w)}s (depth<={w.depth})",
                   [_hit_row(h, is_test(h.kind, h.symbol.rsplit(".", 1)[-1], h.file) if tests else None, texts)
                    for h in w.hits],
                   total=w.total, paged=True, empty="none")
    if w.direction == "down":
        return [main]
    possible = Section("possible_callers", "possible callers (receiver type unknown; not followed further)",
                       [_site(p) for p in w.possible], total=w.possible_total, empty="none")
    unresolved = Section("unresolved_sites", "unresolved call sites naming "
                         + "/".join(sorted({t.name for t in w.targets})) + " (may or may not reach it)",
                         [_site(u) for u in w.unresolved], total=w.unresolved_total, empty="none")
    return [main, possible, unresolved]


def _walk_notes(w: Walk) -> list[str]:
    notes = []
    if w.truncated == "time":
        notes.append(f"cut: the walk hit its time limit; complete to depth {w.complete_depth} only")
    elif w.truncated == "limit" and len(w.hits) < w.total:
        notes.append(f"only the nearest {len(w.hits)} of {w.total} were fetched; use offset to page further")
    if w.direction == "down" and w.external:
        notes.append("calls leaving the workspace (builtins, libraries): " + ", ".join(w.external))
    return notes


def walk_page(w: Walk, stale: set[str], budget: int | None, offset: int = 0,
              texts: dict | None = None) -> tuple[Page, dict]:
    """blast_radius / callers / callees as budgeted text and the matching structured document; `texts`:
    the calling lines' source (views.calls.calling_texts), shown after each row."""
    what = {"up": "blast radius" if w.depth > 1 else "callers", "down": "callees"}[w.direction]
    header = [f"{what} of {_targets(w, stale)}, depth<={w.depth}: {w.total} resolved "
              f"{noun(w)}{'s' if w.total != 1 else ''}"]
    page = render(header, _walk_sections(w, stale, texts=texts), budget, offset, _walk_notes(w) + _stale_note(stale),
                  more="lower depth" if w.depth > 1 else "")
    return page, _page_doc(walk_json(w), page, stale, offset)


def impact_page(imp: Impact, stale: set[str], budget: int | None, offset: int = 0,
                texts: dict | None = None) -> tuple[Page, dict]:
    """change_impact / `graphmind impact` as budgeted text and the matching structured document."""
    w = imp.walk
    tests = [Row(f"{t.id}  ({_test_how(t)})"
                 + (" [stale]" if t.file in stale else ""), {"id": t.id, "symbol": t.symbol, "file": t.file,
                                                              "depth": t.depth, "how": t.how}) for t in imp.tests]
    touched = [Row(_loc(t.ref.file, t.ref.start_line, t.ref.end_line,
                        "(module-level code)" if t.ref.kind == "module" else t.ref.signature, t.ref.file in stale)
                   + f"  changed lines {_lines(t.lines)}", {"symbol": t.ref.qualname, "file": t.ref.file})
               for t in imp.touched]
    n_callers = w.total if w else 0
    header = [f"change impact of {imp.source}: {len(imp.changed_files)} file(s) changed, {len(imp.touched)} "
              f"definition(s) touched, {n_callers} resolved dependant(s), {len(tests)} test(s) reach the change"]
    sections = [Section("touched", "touched definitions", touched, empty="none (no indexed definition encloses "
                        "the changed lines)"), Section("tests", "tests reaching the change", tests, empty="none found")]
    if w is not None:
        sections += _walk_sections(w, stale, tests=True, texts=texts)
    notes = []
    if imp.unindexed_files:
        notes.append("changed files not in the index: " + ", ".join(imp.unindexed_files[:20])
                     + (f" (+{len(imp.unindexed_files) - 20} more)" if len(imp.unindexed_files) > 20 else ""))
    if imp.deleted_files:
        notes.append("deleted files: " + ", ".join(imp.deleted_files[:20]))
    if imp.tests_fallback:
        notes.append("no path from a test to the change was found: the tests listed are those in files that import"
                     " the changed module (directly or not)")
    if imp.tests_truncated:
        notes.append(f"the search for tests stopped at its {imp.tests_truncated}: more tests may reach the change")
    if imp.coverage is not None:
        notes.append(f"recorded coverage {imp.coverage.file} used for code unchanged since it was written"
                     + (f"; static paths for {', '.join(imp.changed_since[:10])}" if imp.changed_since else ""))
    if imp.tests:
        notes.append("run them: " + "; ".join(test_commands(imp.tests)))
    page = render(header, sections, budget, offset, (_walk_notes(w) if w else []) + notes + _stale_note(stale),
                  more="lower depth or give FILE:LINE ranges")
    return page, _page_doc(impact_json(imp), page, stale, offset)


def _test_how(t) -> str:
    """How a test reaches the change, in words: `changed`, `depth 2`, `may reach, depth 3`, `coverage`, `imports`."""
    if t.how == "coverage":
        return "ran it (recorded coverage)"
    if t.how == "imports":
        return "imports the changed module; no path found"
    where = "changed" if t.depth == 0 else f"depth {t.depth}"
    return where if t.how == "reaches" else f"{t.how}, {where}"


def _page_doc(doc: dict, page: Page, stale: set[str], offset: int) -> dict:
    """The structured document cut to the rows the text page shows, with paging and staleness."""
    for key in ("callers", "callees", "possible_callers"):
        if key in doc:
            doc[key] = page.shown.get(key, [])
    if "touched" in doc:                 # impact: the touched definitions and the tests the text page lists
        shown = {(t["symbol"], t["file"]) for t in page.shown.get("touched", [])}
        doc["touched"] = [t for t in doc["touched"] if (t["symbol"], t["file"]) in shown]
        ids = {t["id"] for t in page.shown.get("tests", [])}
        doc["tests"] = [t for t in doc["tests"] if (t if isinstance(t, str) else t["id"]) in ids]   # an ID, or {id, how}
        doc["test_runs"] = [t for t in doc["test_runs"] if t["id"] in ids]
    if "unresolved_sites" in doc:
        doc["unresolved_sites"]["sites"] = page.shown.get("unresolved_sites", [])
    return doc | {"offset": offset, "stale_files": sorted(stale)} | page.meta()


def _lines(lines: list[int]) -> str:
    shown = ",".join(map(str, lines[:8]))
    return shown + (f",… ({len(lines)} spans)" if len(lines) > 8 else "")


def symbols_page(refs: list[SymbolRef], query: str, total: int, budget: int, offset: int) -> tuple[Page, dict]:
    """find_symbol as budgeted text: `qualname  file:start-end  signature`, one per line."""
    rows = [Row(f"{r.qualname} ({r.kind})  {r.file}:{r.start_line}-{r.end_line}  {r.signature}", ref_json(r))
            for r in refs]
    page = render([f"definitions matching {query!r}"], [Section("symbols", "found", rows, total=total, paged=True,
                                                                empty="none")],
                  budget, offset, more="give kind= or file=, or a longer query")
    return page, {"query": query, "total": total, "offset": offset, "symbols": page.shown["symbols"]} | page.meta()


def source_page(root: Path, ref: SymbolRef, stale: bool, budget: int, offset: int) -> tuple[Page, dict]:
    """The current lines of one definition, numbered, cut at the budget (offset: lines to skip)."""
    path = root / confine(root, ref.file)
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError as exc:
        raise BadArgumentError(f"cannot read {ref.file}: {exc.strerror}") from None
    all_lines = text.splitlines()
    body = all_lines[ref.start_line - 1:ref.end_line]
    rows = [Row(f"{ref.start_line + i}\t{line}", {"line": ref.start_line + i, "text": line}) for i, line in enumerate(body)]
    head = [f"{ref.qualname} ({ref.kind}) {ref.file}:{ref.start_line}-{ref.end_line}"
            + (" [stale: the file changed since indexing; lines may have moved]" if stale else "")]
    page = render(head, [Section("lines", "lines", rows, paged=True, empty="none")], budget, offset)
    shown = page.shown["lines"]
    doc = ref_json(ref) | {"stale": stale, "offset": offset, "source": "\n".join(r["text"] for r in shown),
                           "shown_lines": [shown[0]["line"], shown[-1]["line"]] if shown else []} | page.meta()
    return page, doc
