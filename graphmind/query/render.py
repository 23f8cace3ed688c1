"""Answers as text for people, compact text for agents, and JSON with stable field names."""
from __future__ import annotations

import time
from dataclasses import asdict

from graphmind.edgekinds import ALL_KINDS, CALL, CALL_KINDS
from graphmind.query.graph import UNRESOLVED_CAP, CallSite, Walk
from graphmind.query.lookup import SymbolRef

_NOUN = {"up": "caller", "down": "callee"}


def noun(w: Walk) -> str:
    """'caller'/'callee' for a walk over calls; 'dependant'/'dependency' once it follows other kinds."""
    if set(w.kinds) <= set(CALL_KINDS):
        return _NOUN[w.direction]
    return "dependant" if w.direction == "up" else "dependency"


def kinds_note(h) -> str:
    """` [inherit]` after a row reached by anything but a plain call (plain calls: nothing, few tokens)."""
    return "" if h.kinds in ([], [CALL]) else f" [{','.join(h.kinds)}]"


def ref_json(ref: SymbolRef) -> dict:
    return {"symbol": ref.qualname, "kind": ref.kind, "file": ref.file, "start_line": ref.start_line,
            "end_line": ref.end_line, "signature": ref.signature}


def walk_json(w: Walk) -> dict:
    """The JSON document of blast-radius / callers / callees (field names are documented in docs/cli.md)."""
    noun = _NOUN[w.direction] + "s"
    doc = {
        "targets": [ref_json(t) for t in w.targets],
        "direction": w.direction,
        "depth": w.depth,
        "complete_depth": w.complete_depth,
        "total": w.total,
        "truncated": w.truncated,
        "kinds": list(w.kinds),
        noun: [asdict(h) for h in w.hits],
    }
    if w.direction == "up":
        doc["possible_callers"] = [asdict(p) for p in w.possible]
        doc["possible_total"] = w.possible_total
        doc["unresolved_sites"] = {"total": w.unresolved_total, "sites": [asdict(u) for u in w.unresolved]}
    else:
        doc["outside_workspace"] = w.external
    return doc


def _site(s: CallSite) -> str:
    extra = f" ({s.candidates} candidates)" if s.candidates else ""
    return f"{s.file}:{s.line} {s.callee}() in {s.symbol}{extra}"


def walk_header(w: Walk) -> str:
    what = "blast radius" if w.direction == "up" else "callees"
    names = ", ".join(f"{t.qualname} ({t.file}:{t.start_line}-{t.end_line})" for t in w.targets)
    shown = len(w.hits)
    count = f"{w.total} {noun(w)}{'s' if w.total != 1 else ''}"
    if shown < w.total:
        count += f", nearest {shown} shown"
    return f"{what} of {names}, depth<={w.depth}: {count}"


def walk_footer(w: Walk) -> list[str]:
    lines = []
    if w.truncated == "time":
        lines.append(f"cut: time limit reached; complete to depth {w.complete_depth} only (narrow the target or lower --depth)")
    elif w.truncated == "limit":
        lines.append(f"cut: more than {len(w.hits)} found; raise --limit to see the rest")
    if w.possible:
        lines.append(f"possible callers (receiver type unknown, not resolved): {w.possible_total}")
        lines += [f"  ? {_site(p)}" for p in w.possible[:20]]
        if w.possible_total > 20:
            lines.append(f"  … {w.possible_total - 20} more (--json lists {len(w.possible)})")
    if w.unresolved_total:
        total = f"{w.unresolved_total}+" if w.unresolved_total >= UNRESOLVED_CAP else str(w.unresolved_total)
        lines.append(f"unresolved call sites naming {'/'.join(sorted({t.name for t in w.targets}))}: "
                     f"{total} (may or may not reach it)")
        lines += [f"  ? {_site(u)}" for u in w.unresolved[:10]]
    if w.direction == "up" and not w.hits and not w.possible and not w.unresolved_total:
        how = ("calls" if set(w.kinds) <= set(CALL_KINDS) else
               "any edge (call, instantiate, inherit, override, reference, import, …)" if set(w.kinds) == set(ALL_KINDS)
               else ", ".join(w.kinds) + " edges")
        lines.append(f"no {noun(w)}s: nothing indexed depends on it through {how}")
    if w.direction == "down" and w.external:
        lines.append("calls outside the workspace: " + ", ".join(w.external))
    return lines


def walk_compact(w: Walk) -> str:
    """One hit per line, `depth file:start-end signature`: few tokens for an agent."""
    lines = [walk_header(w)]
    for h in w.hits:
        stale = " [stale]" if h.stale else ""
        lines.append(f"{h.depth} {h.file}:{h.start_line}-{h.end_line} {h.signature}{kinds_note(h)}{stale}")
    return "\n".join(lines + walk_footer(w))


def cut(text: str, width: int | None, whole_tokens: bool = False) -> str:
    """`text` within `width` characters, its end replaced by `…` when it had to be cut; `whole_tokens`:
    cut after a separator (space, comma, bracket) rather than inside a name."""
    if width is None or len(text) <= width:
        return text
    head = text[:max(width - 1, 0)]
    if whole_tokens:
        at = max(head.rfind(ch) for ch in " ,([{:=")
        if at > width // 2:
            head = head[:at + 1].rstrip()
    return head + "…"


def table(rows: list[tuple[str, ...]], width: int | None = None, cap: int = 60) -> list[str]:
    """Rows as aligned columns within `width` characters: a column at most `cap` wide, the last one
    taking what is left; every cut cell ends with `…`."""
    if not rows:
        return []
    n, cap = len(rows[0]), cap if width is not None else 1 << 30      # no terminal: nothing is cut
    widths = [min(max(len(r[i]) for r in rows), cap) for i in range(n - 1)]
    return [cut("  ".join([*(cut(c, widths[i]).ljust(widths[i]) for i, c in enumerate(r[:-1])), r[-1]]).rstrip(), width)
            for r in rows]


def symbols_text(refs: list[SymbolRef], total: int, width: int | None = None) -> str:
    """One definition a line (kind, qualified name, file:start-end, signature), then how many more there are."""
    lines = table([(r.kind, r.qualname, f"{r.file}:{r.start_line}-{r.end_line}", r.signature) for r in refs], width,
                  cap=80)
    if total > len(refs):
        lines.append(f"… {total - len(refs)} more ({total} in all): raise --limit or narrow the pattern")
    return "\n".join(lines) if lines else "no definition matches"


def status_text(st: dict) -> str:
    age = st["age_seconds"]
    age_s = "never" if age is None else (f"{age:.0f}s ago" if age < 120 else time.strftime(
        "%Y-%m-%d %H:%M:%S", time.localtime(st["indexed_at"])))
    lines = [
        f"index of {st['root']}",
        f"files {st['files']}, symbols {st['symbols']}, call sites {st['call_sites']}, "
        f"resolved edges {st['resolved_edges']}, imports {st['imports']}, bases {st['inherits']}",
        f"indexed {age_s}; database {st['db_bytes'] / 1e6:.1f} MB",
        *([] if "check" not in st else ["check: SQLite's quick_check found the index whole"] if st["check"]["ok"] else
          [f"check: the index was damaged ({st['check']['damage']}): moved aside to index.db.damaged and rebuilt"]),
        "languages: " + ", ".join(f"{k} {v['files']} files/{v['symbols']} symbols" for k, v in st["languages"].items()),
        *(f"  {k}: {v['level']}" for k, v in st["languages"].items() if "level" in v),
        "file status: " + ", ".join(f"{k} {v}" for k, v in st["file_status"].items()),
        "call resolution: " + ", ".join(f"{k} {v}" for k, v in st["resolutions"].items()),
    ]
    if "search_index" in st:
        lines.append(f"search index: {st['search_index']['rows']} symbols, {st['search_index']['bytes'] / 1e6:.1f} MB")
    if st["problems"]:
        lines.append("files not fully indexed:")
        lines += [f"  {p['file']}: {p['status']}: {p['error']}" for p in st["problems"]]
    rec = st.get("recovered") or {}
    if rec.get("total"):
        lines.append(f"files parsed whole after blanking what the grammar rejects: {rec['total']}")
        lines += [f"  {r['file']}: {r['blanked']}" for r in rec["files"]]
    return "\n".join(lines + skipped_lines(st.get("skipped")))


def skipped_lines(sk: dict | None) -> list[str]:
    """What the last full walk left out, and why, with counts (`status`)."""
    if not sk:
        return []
    lines = [f"configuration: {', '.join(sk['configuration']) or 'none (defaults)'}"]
    if sk["folder_total"]:
        by = ", ".join(f"{why} {n}" for why, n in sk["folders_by_reason"].items())
        lines.append(f"folders skipped: {sk['folder_total']} ({by})")
        lines += [f"  {f['path']}/: {f['why']}" for f in sk["folders"][:20]]
        if sk["folder_total"] > 20:
            lines.append(f"  … {sk['folder_total'] - 20} more (--json lists {len(sk['folders'])})")
    if sk["files_by_reason"]:
        lines.append("files skipped: " + ", ".join(f"{why} {n}" for why, n in sk["files_by_reason"].items()))
    return lines
