"""A function defined twice under one name in one scope, in the branches of an optional import (natsort's
`try: import icu / except ImportError: def os_sort_keygen(...) / else: def os_sort_keygen(...)`), has two
bodies and one name; the index resolves each call to the last definition, so the other had no caller (its
tests came only from the import fallback). Which one runs depends on the environment: the callers of one
definition are callers of the other. Functions only: a property's getter and setter share a qualified name
too, and their reads and writes are told apart elsewhere (reach/setters.py)."""
from __future__ import annotations

import apsw

from graphmind.query.edges import RESOLVED, json_list


def twin_callers(conn: apsw.Connection, frontier: list[int], kinds: str) -> list[tuple[int, int]]:
    """(caller of another definition of the name, the function among the frontier) over edges of the kinds
    given (an SQL test on `c`)."""
    return conn.execute(
        "SELECT DISTINCT c.caller_id, s.id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
        " AND s.kind = 'function' JOIN symbols t ON t.qualname = s.qualname AND t.file_id = s.file_id"
        f" AND t.id != s.id AND t.kind = 'function' JOIN calls c ON c.target_id = t.id AND c.{RESOLVED}"
        f" AND {kinds}", (json_list(frontier),)).fetchall()
