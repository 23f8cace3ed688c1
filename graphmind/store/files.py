"""One file's rows written, replaced or deleted (inside the Store's transaction), and what that changed."""
from __future__ import annotations

import time

import apsw

from graphmind.edgekinds import site_kind
from graphmind.models import Delta, Extraction, FileInfo
from graphmind.store.ancestors import last_name
from graphmind.store.keep import (BINDING_COLUMNS, IMPORT_COLUMNS, old_calls, write_calls, write_in_order,
                                  write_symbols)
from graphmind.store.plan import FilePlanner
from graphmind.store.searchindex import delete_file as delete_search_rows
from graphmind.store.searchindex import text_hash


def replace_file(c: apsw.Connection, info: FileInfo, sha: str, ext: Extraction, next_id: int,
                 delta: Delta, planner: FilePlanner, lexical: list[tuple]) -> tuple[int, bool]:
    """Replace one file's rows, keeping the ids of definitions that survive (the planner says which);
    adds to `delta` what calls elsewhere may now resolve differently by. Returns the next free
    symbol id and whether importers of the file must be resolved again. What its lexical rows are
    made of goes to `lexical`, for the caller to write once the transaction's other rows are
    (searchindex.add_files); the old ones are deleted here."""
    row = c.execute("SELECT id FROM files WHERE path=?", (info.path,)).fetchone()
    # no hash (the file could not be read): record mtime -1 so the next run tries it again
    mtime = info.mtime_ns if sha or ext.status != "error" else -1
    values = (info.language, ext.module, info.size, mtime, sha, ext.status, ext.error, time.time())
    stored = ext.status != "skipped" and not (ext.status == "error" and not ext.symbols)
    reuse: dict[tuple, list[tuple]] = {}
    calls: list[tuple] | None = None        # the file's call rows, when read (keep.old_calls)
    hashes = [text_hash(info.path, sym) for sym in ext.symbols] if stored else []
    same_text: set[int] = set()          # kept symbols whose lexical rows stay as they are
    plan = planner.plan(c, None if row is None else row[0], ext if stored else Extraction(module=ext.module))
    kept = plan.kept
    delta.names.update(plan.names)
    delta.changed.update(plan.changed)
    delta.added |= plan.added
    delta.grown |= plan.grown
    delta.reflow |= {n for n in plan.names if n[:1] == "("} - plan.grown
    if row is None:
        file_id = c.execute(
            "INSERT INTO files(path, language, module, size, mtime_ns, sha256, status, error, indexed_at)"
            " VALUES (?,?,?,?,?,?,?,?,?) RETURNING id", (info.path, *values)).fetchone()[0]
    else:
        file_id = row[0]
        if plan.wide:                            # other files may have been typed through the old interface
            delta.wide = True
        elif plan.reusable:
            calls = old_calls(c, file_id)
            reuse = _old_resolutions(calls, plan.reusable, plan.names, planner)
        delta.gone |= set(plan.old_hashes) - {k for k in kept if k is not None}
        same_text = {k for k, h in zip(kept, hashes) if k is not None and plan.old_hashes.get(k) == h}
        clear_file(c, file_id, same_text, every_text_kept=len(same_text) == len(plan.old_hashes),
                   rewritten=stored)
        c.execute("UPDATE files SET language=?, module=?, size=?, mtime_ns=?, sha256=?, status=?, error=?,"
                  " indexed_at=? WHERE id=?", (*values, file_id))
    delta.files.add(file_id)
    if not stored:
        delta.fresh.add(file_id)
        return next_id, plan.wide
    ids = []
    for k in kept:
        if k is None:
            k, next_id = next_id, next_id + 1
        ids.append(k)
    kept_file = row is not None
    write_symbols(c, file_id, [(ids[i], s.qualname, s.name, s.kind, s.start_line, s.end_line, s.start_byte,
                                s.end_byte, s.signature, None if s.parent is None else ids[s.parent], hashes[i])
                               for i, s in enumerate(ext.symbols)], kept_file)
    lexical.append((file_id, info.path, ids, ext.symbols, same_text))
    pending, resolved = [], []
    for k in ext.calls:
        rows = reuse.get((ids[k.caller], k.callee, k.name, k.implicit, k.kind, k.arity, k.args)) if reuse else None
        if rows is None:
            pending.append((ids[k.caller], k.callee, k.name, k.line, k.col, None, "pending", 0, k.kind, k.implicit,
                            k.arity, k.args))
        else:                                    # resolved as before: the same rows at the new position
            resolved.extend((ids[k.caller], k.callee, k.name, k.line, k.col, *r, k.implicit, k.arity, k.args)
                            for r in rows)
    write_calls(c, file_id, pending + resolved, kept_file, calls)
    if not resolved:                             # one pending row per site: nothing to collapse later
        delta.fresh.add(file_id)
    write_in_order(c, "bindings", BINDING_COLUMNS, file_id,
                   [(ids[b.scope], b.name, b.kind, b.value, b.line, b.flow,
                     last_name(b.value) if b.kind == "decorator" else None) for b in ext.bindings], kept_file)
    write_in_order(c, "imports", IMPORT_COLUMNS, file_id,
                   [(ids[m.scope], m.module, m.symbol, m.alias, m.resolved, m.line) for m in ext.imports], kept_file)
    c.executemany(
        "INSERT INTO inherits(file_id, class_id, base, position, line, last_name) VALUES (?,?,?,?,?,?)",
        [(file_id, ids[h.cls], h.base, h.position, h.line, last_name(h.base)) for h in ext.inherits])
    return next_id, plan.wide


def delete_file(c: apsw.Connection, path: str, delta: Delta, planner: FilePlanner) -> bool:
    """Delete one file's rows, adding to `delta` what that changed; False when it was not indexed."""
    row = c.execute("SELECT id, module, language FROM files WHERE path=?", (path,)).fetchone()
    if not row:
        return False
    file_id, module, language = row
    plan = planner.removal(c, file_id)
    delta.removed.add(file_id)
    delta.gone.update(plan.old_hashes)
    delta.names |= plan.names
    delta.changed |= plan.changed
    delta.reflow |= {n for n in plan.names if n[:1] == "("}
    delta.languages.add(language)
    delta.wide_modules.add(module)
    clear_file(c, file_id)
    c.execute("DELETE FROM files WHERE id=?", (file_id,))
    return True


def _old_resolutions(calls: list[tuple], scopes: set[str], names: set[str],
                     planner: FilePlanner) -> dict[tuple, list[tuple]]:
    """The resolved rows of one site per (caller id, callee, name, implicit, site kind, arity,
    arguments) in unchanged scopes, among the file's call rows (keep.old_calls), for calls that
    mention none of `names` (graphmind/resolve/interface.py says why they still hold)."""
    out: dict[tuple, list[tuple]] = {}
    sites: dict[tuple, tuple] = {}
    for _, qual, caller, callee, name, line, col, target, how, cands, kind, implicit, arity, args in calls:
        if how == "pending" or qual not in scopes or (names and not names.isdisjoint(planner.mentions(callee))):
            continue
        key = (caller, callee, name, implicit, site_kind(kind), arity, args)
        if sites.setdefault(key, (line, col)) == (line, col):
            out.setdefault(key, []).append((target, how, cands, kind))
    return out


def clear_file(c: apsw.Connection, file_id: int, same_text: set[int] | None = None,
               every_text_kept: bool = False, rewritten: bool = False) -> None:
    """Delete a file's rows (calls elsewhere that reached one of its definitions: see `reopen`);
    `same_text`: the file stays, and these symbols' lexical rows are kept (their texts did not change);
    `rewritten`: its call, import, binding and symbol rows are left to graphmind/store/keep.py."""
    delete_search_rows(c, file_id, same_text, every_text_kept)
    for table in ("inherits",) if rewritten else ("calls", "imports", "inherits", "bindings", "symbols"):
        c.execute(f"DELETE FROM {table} WHERE file_id=?", (file_id,))
