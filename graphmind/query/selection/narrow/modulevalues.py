"""An object a test module builds at its top level (`matcher = equal_to_ignoring_case("heLLo")`) reaches its
tests through a global they read, which no call edge records: the module's body runs the builder at import,
and the tests reading the global use the object. For the question "which tests use an object of this class"
(the users narrowing a dispatch, query/selection/dispatched.py, and the fallback's class users), the functions
reading a variable that a test module binds from a call of a reached symbol stand for that module."""
from __future__ import annotations

import apsw

from graphmind.edgekinds import READ
from graphmind.query.edges import RESOLVED, json_list
from graphmind.query.testids import is_test_code


def global_readers(conn: apsw.Connection, reached: dict[int, int]) -> dict[int, int]:
    """{function reading a test module's top-level variable bound from a call of a reached symbol: its depth}
    (the call's depth plus one), for those not reached already."""
    out: dict[int, int] = {}
    for callee, reader, path in conn.execute(
            "SELECT DISTINCT c.target_id, r.caller_id, f.path FROM json_each(?1) j CROSS JOIN calls c"
            f" ON c.target_id = j.value AND c.{RESOLVED} AND c.kind != 'import' JOIN symbols m ON m.id = c.caller_id"
            " AND m.kind = 'module' JOIN symbols v ON v.parent_id = m.id AND v.start_line <= c.line"
            " AND v.end_line >= c.line AND v.kind NOT IN ('function', 'method', 'class', 'module')"
            f" JOIN calls r ON r.target_id = v.id AND r.kind = '{READ}' AND r.{RESOLVED}"
            " JOIN files f ON f.id = m.file_id", (json_list(list(reached)),)):
        if reader in reached or not is_test_code(path):
            continue
        depth = reached[callee] + 1
        if depth < out.get(reader, depth + 1):
            out[reader] = depth
    return out
