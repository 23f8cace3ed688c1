"""A function's lambdas are part of its body: a factory `def isa(*types): return lambda x: isinstance(x,
types)` (funcy) runs its body's last line wherever the lambda it returned is called (`is_seqcont = isa(list,
tuple)`, then `follow(item)` in `flatten(seq, follow=is_seqcont)`), which the index resolves to the lambda.
A changed function's lambdas are walked from as the function is."""
from __future__ import annotations

import apsw

from graphmind.query.edges import json_list


def with_lambdas(conn: apsw.Connection, ids: list[int]) -> list[int]:
    """ids and the lambdas written directly in the functions among them."""
    return ids + [lam for (lam,) in conn.execute(
        "SELECT l.id FROM json_each(?1) j CROSS JOIN symbols l ON l.parent_id = j.value"
        " WHERE l.kind = 'function' AND l.name LIKE '<lambda%' AND l.id NOT IN (SELECT value FROM json_each(?1))",
        (json_list(ids),))]
