"""Resolution spread over the cores, for a cold index: the tables and the resolver are built once,
forked worker processes inherit them and resolve disjoint chunks of pending rows, and the one writer
writes each chunk's results as soon as it is done, whatever its place: one slow chunk (an evaluation
that takes minutes) never idles the other workers. The rows equal those of one process resolving
alone (only the ids of a multi-target site's extra rows differ, and nothing reads an order in them):
a site's edges depend only on the tables (the evaluators' memo answers the same whatever was asked
first), never on which process asked or when its chunk was written, since a chunk's writes touch
only its own rows (tests/test_spread.py compares whole exports)."""
from __future__ import annotations

import gc
import multiprocessing
import os
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

import apsw

from graphmind.edgekinds import site_kind
from graphmind.pools import as_done, watch_owner
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.sites import resolve_site

RESOLVE_CHUNK = 20_000      # pending call rows resolved and written per step
SPREAD_MIN_SITES = 25_000   # fewer pending rows than this are resolved in the writer's process
IN_FLIGHT = 2               # chunks per worker in flight (one running, one queued)

Resolved = tuple[list, list, list, int]      # updates, inserts, deletes, rows read
_resolver: list[Resolver | None] = [None]    # what forked workers inherit


def pending_chunks(conn: apsw.Connection) -> Iterator[list[tuple]]:
    """The pending call rows, RESOLVE_CHUNK at a time, in id order (rows written meanwhile are not pending)."""
    last = 0
    while True:
        rows = conn.execute(
            "SELECT id, file_id, caller_id, callee, name, line, col, implicit, kind, arity, args FROM calls"
            " WHERE resolution='pending' AND id > ? ORDER BY id LIMIT ?", (last, RESOLVE_CHUNK)).fetchall()
        if not rows:
            return
        last = rows[-1][0]
        yield rows


def resolve_chunk(r: Resolver, pending: list[tuple]) -> Resolved:
    """The writes that resolve a chunk of pending rows: rows updated in place, extra rows of multi-target
    sites, implicit calls that reached nothing deleted."""
    seen: dict[tuple, list] = {}             # the same call text in the same scope resolves alike
    updates, inserts, deletes = [], [], []
    for cid, fid, caller, callee, name, line, col, implicit, kind, arity, args in pending:
        site = site_kind(kind)
        at = r.types.point(caller, line)         # where order matters in the caller: which part of its body
        key = (caller, callee, name, implicit, site, arity, args, at)
        rows = seen.get(key)
        if rows is None:
            rows = seen[key] = resolve_site(r, caller, callee, name, implicit, site, arity, args, at)
        if not rows:
            deletes.append((cid,))
            continue
        updates.append((*rows[0], cid))
        inserts.extend((fid, caller, callee, name, line, col, *row, implicit, arity, args) for row in rows[1:])
    return updates, inserts, deletes, len(pending)


def _work(pending: list[tuple]) -> Resolved:
    return resolve_chunk(_resolver[0], pending)


def can_spread(jobs: int, todo: int) -> bool:
    """Whether workers pay off and may be forked (several cores, enough rows, no other thread whose
    locks a fork would copy mid-use: the daemon resolves in its own process)."""
    return jobs > 1 and todo >= SPREAD_MIN_SITES and threading.active_count() == 1


def resolved_chunks(r: Resolver, chunks: Iterable[list[tuple]], jobs: int) -> Iterator[Resolved]:
    """resolve_chunk over every chunk in forked workers that inherit `r`, results as they finish."""
    _resolver[0] = r
    gc.freeze()                              # the inherited tables stay shared: no collector writes to them
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=watch_owner, initargs=(os.getpid(),))
    try:
        yield from as_done(pool, _work, chunks, IN_FLIGHT * jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _resolver[0] = None
        gc.unfreeze()
