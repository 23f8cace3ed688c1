"""Calls by a member their text looks up before its last one (`a.b.c()` looks up b on the way to c):
the index a save that changes a class's bases asks (store/ancestors.reopen_rebased), so that it reads
the rows naming the members the MRO gained or lost instead of every call row of the workspace (Django:
a scan of 440k rows, about 90 ms of each base edit). The last member is calls.name, indexed in the
schema; the members before it are kept here, in memory, by the connection that writes.

Built on the first base edit of a connection (about 0.25 s on Django), then kept current: a temporary
trigger keeps the least id of the call rows inserted since (a row's text never changes while its id
lives; an id freed and used again counts as inserted), the rows from there on are indexed at the next
read, and a commit by another connection (PRAGMA data_version) drops the index. Ids of rows deleted
since stay listed: the caller reads each row again."""
from __future__ import annotations

import weakref
from collections import defaultdict

import apsw
import orjson

from graphmind.store.plan import FilePlanner

LOW = "gm_calls_low"              # temp table, one row: the least call id inserted since the index was read
MANY = 50_000                     # more rows to add than this (a reconcile), or as many added since built: built again
# rows that may look up a member besides calls.name: not `a.b` with b the name (`a.b.c`, `f(x.y).z`,
# a decorator's whole text `retry(x.times)`)
BEFORE_LAST = ("instr(callee, '.') > 0 AND NOT (length(callee) - length(replace(callee, '.', '')) = 1"
               " AND substr(callee, -length(name) - 1) = '.' || name)")
_KEPT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()    # connection -> _Index
SETUP = (f"CREATE TEMP TABLE IF NOT EXISTS {LOW}(low INTEGER); DELETE FROM temp.{LOW}; INSERT INTO temp.{LOW} VALUES (NULL);"
         f"CREATE TEMP TRIGGER IF NOT EXISTS {LOW}_trigger AFTER INSERT ON main.calls"
         f" BEGIN UPDATE temp.{LOW} SET low = min(coalesce(low, new.id), new.id); END;")


class _Index:
    def __init__(self, version: int) -> None:
        self.version = version
        self.ids: dict[str, list[int]] = defaultdict(list)      # member -> ids of the rows looking it up
        self.added = 0                                           # rows indexed since it was built


def _version(conn: apsw.Connection) -> int:
    return conn.execute("PRAGMA data_version").fetchone()[0]


def _add(index: _Index, planner: FilePlanner, rows) -> None:
    for cid, callee, name in rows:
        for member in set(planner.looked_up(callee)):
            if member != name:
                index.ids[member].append(cid)


def _current(conn: apsw.Connection, planner: FilePlanner) -> _Index:
    """This connection's index, built or brought up to date. Every row inserted since it was last read
    has an id of at least the least one recorded (new rows take ids above the largest: those rows)."""
    index, version, low = _KEPT.get(conn), _version(conn), None
    if index is not None and index.version == version:
        try:
            low = conn.execute(f"SELECT coalesce(low, -1) FROM temp.{LOW}").fetchone()[0]
        except apsw.SQLError:           # a rolled back transaction created it
            low = None
    rows = [] if low is None or low < 0 else conn.execute(
        f"SELECT id, callee, name FROM calls WHERE id >= ? AND {BEFORE_LAST}", (low,)).fetchall()
    if low is None or len(rows) + index.added > MANY:
        conn.execute(SETUP)
        index = _KEPT[conn] = _Index(version)
        _add(index, planner, conn.execute(f"SELECT id, callee, name FROM calls WHERE {BEFORE_LAST}"))
    elif rows:
        _add(index, planner, rows)
        index.added += len(rows)
        conn.execute(f"UPDATE temp.{LOW} SET low = NULL")
    return index


def looking_up(conn: apsw.Connection, planner: FilePlanner, names: set[str]) -> list[int]:
    """Ids of the call rows whose text looks up one of `names` (planner.looked_up), as the last member
    or before it, and perhaps of rows gone since (read them again)."""
    index = _current(conn, planner)
    found = {i for name in names for i in index.ids.get(name, ())}
    found.update(i for (i,) in conn.execute("SELECT id FROM calls WHERE name IN (SELECT value FROM json_each(?))",
                                            (orjson.dumps(sorted(names)).decode(),)))
    return sorted(found)
