"""A function's lambdas are part of its body: a factory `def isa(*types): return lambda x: isinstance(x,
types)` (funcy) runs its body's last line wherever the lambda it returned is called (`is_seqcont = isa(list,
tuple)`, then `follow(item)` in `flatten(seq, follow=is_seqcont)`), which the index resolves to the lambda.
A changed function's returned lambdas (`return lambda ...`) are walked from as the function is; not the lambdas
it hands to a call (`self.record_once(lambda s: ...)`, Flask: the registry calling them back reaches every
test registering anything)."""
from __future__ import annotations

from pathlib import Path

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.sources import read_lines


def with_lambdas(conn: apsw.Connection, root: Path | None, ids: list[int]) -> list[int]:
    """ids and the lambdas the functions among them return (the lambda on a `return` line)."""
    if root is None:
        return ids
    lines: dict[str, list[str]] = {}
    out = list(ids)
    for lam, line, path in conn.execute(
            "SELECT l.id, l.start_line, f.path FROM json_each(?1) j CROSS JOIN symbols l ON l.parent_id = j.value"
            " JOIN files f ON f.id = l.file_id WHERE l.kind = 'function' AND l.name LIKE '<lambda%'"
            " AND l.id NOT IN (SELECT value FROM json_each(?1))", (json_list(ids),)).fetchall():
        text = read_lines(root, path, lines)
        if 0 < line <= len(text) and text[line - 1].lstrip().startswith("return ") and "lambda" in text[line - 1]:
            out.append(lam)
    return out
