"""Call rows sent back to pending: by id, and the calls whose recorded arguments mention a changed name."""
from __future__ import annotations

import apsw
import orjson

from graphmind.store.plan import FilePlanner

FEW_NAMES = 16        # up to this many names, call or argument texts are pre-filtered in SQL (cost: rows x names)
TYPED = "('inferred', 'self', 'possible', 'unresolved', 'unreached', 'external')"   # what a type decided
CLASSES = "('class', 'struct', 'interface', 'trait', 'enum')"       # symbol kinds that hold members


def contains_any(column: str, names: set[str]) -> tuple[str, list[str]]:
    """SQL true when `column` holds one of `names` as a substring, and its parameters (positional `?`):
    one `instr` per name, which SQLite runs an order of magnitude faster than a join with json_each per
    row (Django's inherits, one name: 0.8 vs 11.7 ms). For a few names (FEW_NAMES)."""
    ordered = sorted(names)
    return "(" + " OR ".join([f"instr({column}, ?) > 0"] * len(ordered)) + ")", ordered


def pend(conn: apsw.Connection, ids: list[int]) -> None:
    """Send these call rows back to pending."""
    if ids:
        conn.execute("UPDATE calls SET target_id=NULL, resolution='pending' WHERE id IN"
                     " (SELECT value FROM json_each(?))", (orjson.dumps(ids).decode(),))


def reopen_arguments(conn: apsw.Connection, planner: FilePlanner, names: set[str]) -> None:
    """Calls whose arguments as written (calls.args: their static types pick among overloads of one
    count) mention a name that appeared, vanished or changed, such as a field whose declared type did."""
    if not names:
        return
    sql, args = "SELECT id, args FROM calls WHERE args IS NOT NULL AND resolution != 'pending'", []
    if len(names) <= FEW_NAMES:
        test, args = contains_any("args", names)
        sql += " AND " + test
    pend(conn, [cid for cid, text in conn.execute(sql, args) if not names.isdisjoint(planner.mentions(text))])
