"""A saved file's call, binding and import rows rewritten as a difference: rows the save leaves as they
were stay where they are, only the others are deleted and inserted.

A one-file save mostly leaves them as they were (a function appended to a file of 150 calls and
130 bindings: the calls of its unchanged scopes are copied with their resolutions, graphmind/store/files.py),
and deleting then inserting every row costs a save about as much SQL as all the rest of its
writes (each calls row sits in six indexes). The rows written are the rows a delete and insert
would have written, their ids aside: bindings and imports are read in id order as file order, so
only their common prefix stays; a call row's id says nothing (the resolve pass reads pending rows,
always inserted anew, in id order).
"""
from __future__ import annotations

from collections import defaultdict

import apsw

CALL_COLUMNS = "caller_id, callee, name, line, col, target_id, resolution, candidates, kind, implicit, arity, args"
BINDING_COLUMNS = "scope_id, name, kind, value, line, flow, last_name"
IMPORT_COLUMNS = "scope_id, module, symbol, alias, resolved, line"
SYMBOL_COLUMNS = "qualname, name, kind, start_line, end_line, start_byte, end_byte, signature, parent_id, text_hash"


def write_symbols(c: apsw.Connection, file_id: int, rows: list[tuple], kept_file: bool) -> None:
    """The file's symbol rows become `rows` ((id, *SYMBOL_COLUMNS): ids kept by the planner): an old
    row equal to its new one, with no definition set by the resolve pass (graphmind/store/writer.py
    set_definitions; inserted rows have none), stays."""
    new = rows
    if kept_file:
        wanted, stale = {row[0]: row for row in rows}, []
        for sid, *old, definition in c.execute(
                f"SELECT id, {SYMBOL_COLUMNS}, definition_id FROM symbols WHERE file_id=?", (file_id,)):
            if definition is None and wanted.get(sid) == (sid, *old):
                del wanted[sid]
            else:
                stale.append((sid,))
        c.executemany("DELETE FROM symbols WHERE id=?", stale)
        new = [row for row in rows if row[0] in wanted]
    c.executemany(f"INSERT INTO symbols(id, file_id, {SYMBOL_COLUMNS}) VALUES ({', '.join('?' * 12)})",
                  [(row[0], file_id, *row[1:]) for row in new])


def old_calls(c: apsw.Connection, file_id: int) -> list[tuple]:
    """The file's call rows as indexed, in id order: (id, caller's qualname, *CALL_COLUMNS); read once
    per save, for the resolutions it copies (graphmind/store/files.py) and for write_calls."""
    columns = ", ".join("c." + name for name in CALL_COLUMNS.split(", "))
    return c.execute(f"SELECT c.id, s.qualname, {columns} FROM calls c LEFT JOIN symbols s ON s.id = c.caller_id"
                     " WHERE c.file_id=? ORDER BY c.id", (file_id,)).fetchall()


def write_calls(c: apsw.Connection, file_id: int, rows: list[tuple], kept_file: bool,
                old: list[tuple] | None = None) -> None:
    """The file's call rows become `rows` (tuples of CALL_COLUMNS, pending ones first): an old resolved
    row equal to a resolved one here is kept, every other old row deleted, the rest inserted in order.
    `old`: the file's rows as old_calls read them, when already read."""
    new = list(rows)
    wanted: dict[tuple, list[int]] = defaultdict(list)
    for at, row in enumerate(new):
        if row[6] != "pending":
            wanted[row].append(at)
    if kept_file and not wanted:                 # nothing to keep (a wide change): one statement
        c.execute("DELETE FROM calls WHERE file_id=?", (file_id,))
    elif kept_file:
        stale = []
        for rid, _, *row in old if old is not None else old_calls(c, file_id):
            spots = wanted.get(tuple(row)) if row[6] != "pending" else None
            if spots:
                new[spots.pop()] = None
            else:
                stale.append((rid,))
        c.executemany("DELETE FROM calls WHERE id=?", stale)
    c.executemany(f"INSERT INTO calls(file_id, {CALL_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                  [(file_id, *row) for row in new if row is not None])


def write_in_order(c: apsw.Connection, table: str, columns: str, file_id: int, rows: list[tuple],
                   kept_file: bool) -> None:
    """The file's rows of a table read in id order (bindings, imports) become `rows`: the old rows
    equal to their start stay, the others are deleted and the rest of `rows` inserted after them."""
    start = 0
    if kept_file:
        cut = None
        for rid, *old in c.execute(f"SELECT id, {columns} FROM {table} WHERE file_id=? ORDER BY id", (file_id,)):
            if cut is None and start < len(rows) and tuple(old) == rows[start]:
                start += 1
            elif cut is None:
                cut = rid
        if cut is not None:
            c.execute(f"DELETE FROM {table} WHERE file_id=? AND id>=?", (file_id, cut))
    if start < len(rows):
        marks = ", ".join("?" * (columns.count(",") + 2))
        c.executemany(f"INSERT INTO {table}(file_id, {columns}) VALUES ({marks})",
                      [(file_id, *row) for row in rows[start:]])
