"""A function or lambda written inside a test function runs only after that test function ran: the tests
running it are the tests running its enclosing function (testreach._enclosing links the two). A call
resolved into it from elsewhere is a call through a parameter (`def raises(err, lamda): lamda()`, handed
`lambda: peek([])` by one test), and climbing from that helper reaches every test calling the helper with
any other function. Such links are cut; the calls inside the enclosing function are kept."""
from __future__ import annotations

import apsw

from graphmind.query.edges import json_list
from graphmind.query.testids import is_test_code


def foreign_calls(conn: apsw.Connection, pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The (caller, callee) pairs whose callee is nested in a function of test code and whose caller lies
    outside that function."""
    callees = sorted({callee for _, callee in pairs})
    if not callees:
        return set()
    nested = {sid: (file_id, start, end) for sid, file_id, start, end, path in conn.execute(
        "SELECT s.id, s.file_id, p.start_line, p.end_line, f.path FROM json_each(?1) j CROSS JOIN symbols s"
        " ON s.id = j.value JOIN symbols p ON p.id = s.parent_id AND p.kind IN ('function', 'method')"
        " JOIN files f ON f.id = s.file_id WHERE s.kind = 'function'", (json_list(callees),))
        if is_test_code(path)}
    if not nested:
        return set()
    callers = sorted({caller for caller, callee in pairs if callee in nested})
    where = {sid: (file_id, line) for sid, file_id, line in conn.execute(
        "SELECT s.id, s.file_id, s.start_line FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value",
        (json_list(callers),))}
    out = set()
    for caller, callee in pairs:
        if callee in nested and caller in where:
            file_id, start, end = nested[callee]
            at_file, line = where[caller]
            if at_file != file_id or not start <= line <= end:
                out.add((caller, callee))
    return out
