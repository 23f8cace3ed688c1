"""A resolve pass: every pending call row and the base classes a change can reach, in chunks."""
from __future__ import annotations

import logging

import orjson
from collections.abc import Callable

from graphmind.pools import collector_paused
from graphmind.models import Delta
from graphmind.resolve.cutoff import before_additions, changed_scopes, same_one_hop
from graphmind.resolve.hooks import DEFINITIONS
from graphmind.resolve.interface import PLANNER
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.session import ResolveSession
from graphmind.resolve.spread import (can_spread, pending_chunks, pending_ranges, resolve_bounded, resolve_chunk,
                                      resolved_chunks)
from graphmind.resolve.tables import load_tables
from graphmind.store import Store
from graphmind.store.flows import parameter_calls, reached_through, reopen_flows

log = logging.getLogger(__name__)


def resolve_pending(store: Store, incremental: bool, delta: Delta | None = None,
                    session: ResolveSession | None = None,
                    progress: Callable[[int, int], None] | None = None, jobs: int = 1) -> int:
    """Resolve every pending call row, and the base classes a change can reach; returns the number
    of sites resolved. `session` keeps tables between calls (the daemon); `delta` says what changed;
    `progress(done, total)` is told the sites resolved so far, before the tables load and per chunk;
    `jobs`: worker processes a cold pass may spread over (resolve/spread.py).

    The cyclic garbage collector is paused meanwhile: the tables and the evaluator's memo are millions
    of objects that live the whole pass, and full collections scanning them again and again cost
    more than a tenth of a cold pass (Django); what the pass leaves behind is freed when it ends."""
    with collector_paused():
        return _resolve_pending(store, incremental, delta, session, progress, jobs)


def _resolve_pending(store: Store, incremental: bool, delta: Delta | None, session: ResolveSession | None,
                     progress: Callable[[int, int], None] | None, jobs: int) -> int:
    conn = store.conn
    if incremental:
        store.reset_pending_sites(delta.fresh if delta is not None else frozenset())
    if progress:
        progress(0, conn.execute("SELECT count(*) FROM calls WHERE resolution='pending'").fetchone()[0])
    if session is not None:
        tables, dirty = session.prepare(conn, store.root, delta if incremental else None, store.version_at_begin)
        r = Resolver(tables, session.bases, session.subs, dirty)
        session.merged_into(tables, dirty)
        r.types.kept = session.kept_through(conn)
    else:
        tables, dirty = load_tables(conn, store.root), None
        r = Resolver(tables)
    if incremental:
        if delta is not None:
            _follow_grown(store, r, delta)
        _follow_parameter_calls(store, r)
    todo = conn.execute("SELECT count(*) FROM calls WHERE resolution='pending'").fetchone()[0]
    if incremental and delta is not None:       # what the change re-opened elsewhere: a slow save explains itself
        delta.reopened = todo - conn.execute(
            "SELECT count(*) FROM calls INDEXED BY calls_pending WHERE resolution='pending' AND file_id IN"
            " (SELECT value FROM json_each(?))", (orjson.dumps(sorted(delta.files)).decode(),)).fetchone()[0]
    spread = session is None and not incremental and can_spread(conn, jobs, todo)
    total = 0                                   # in chunks: memory stays flat on a cold index
    for updates, inserts, deletes, n in (resolved_chunks(r, store.path, list(pending_ranges(conn)), jobs) if spread
                                         else (resolve_bounded(r, c) if session is None else resolve_chunk(r, c)
                                               for c in pending_chunks(conn))):
        store.write_resolutions(updates, inserts, deletes, [])
        total += n
        if progress:
            progress(total, max(todo, total))
    classes = sorted(tables.bases) if dirty is None else sorted(c for c in dirty if c in tables.bases)
    inherit_targets = []
    for cls in classes:
        resolved = r.class_bases(cls)
        for iid, base in tables.bases[cls]:
            target = r.base_target(cls, base)
            inherit_targets.append((iid, target if target in resolved else None))
    store.write_resolutions([], [], [], inherit_targets)
    store.set_definitions(r.state.get(DEFINITIONS, {}))
    if session is not None:
        session.record(r, classes, store.graph_version())
    else:       # the evaluators point back at the resolver: without that cycle reference counting frees the
        r.types = r.first_order = r.one_hop = None      # tables here, not a collection over millions of objects later
    return total


def _follow_grown(store: Store, r: Resolver, delta: Delta) -> None:
    """Functions whose call sites the write only added (the store left them: store/reopen.py): their
    calls, and what they pass their parameters on to, are re-opened only where a parameter holds
    something new, as far as that goes (resolve/cutoff.py)."""
    grown = delta.grown_only
    if not grown:
        return
    before, tally = before_additions(r, delta), [0, 0]
    if before is not None and same_one_hop(r, before, delta):
        before.twin = r.types           # its calls through parameters reach what they do now
    elif r.types.kept is not None:
        r.types.kept.clear()            # the added sites may change what they reach: all asked anew
    with store.transaction():
        n = reopen_flows(store.conn, PLANNER, {n[1:] for n in grown},
                         None if before is None else changed_scopes(r, before, tally))
    log.debug("argument flow: %d scopes re-opened for %d names with sites added (%d of %d reached hold something new)",
              n, len(grown), tally[1], tally[0])
    if n:
        store.reset_pending_sites()


# the argument rows of scopes with a pending call first: a save leaves few (every argument row of a
# million-line workspace joined with its call was 3.5 ms a pass; 0.1 ms so)
PENDING_THROUGH = ("c.resolution = 'pending' AND b.scope_id IN (SELECT caller_id FROM calls WHERE resolution = 'pending')")


def _follow_parameter_calls(store: Store, r: Resolver) -> None:
    """Pending calls through a parameter (`def run(cb): cb(x)`) may reach functions whose typed calls
    a clean index resolves with what they pass: those are re-opened first (store/flows.py), until no
    new function is reached (re-opened calls may go through parameters in turn). What they reached
    before, the store re-opened when it sent them back to pending."""
    seen: set[str] = set()
    while True:
        rows = parameter_calls(store.conn, PENDING_THROUGH)
        targets = [(None, None, None, None, None, target) for _, caller, callee, name, line, _ in rows
                   for target, how, _ in r.resolve_call(caller, callee, name, 0, r.types.point(caller, line))
                   if target is not None and how != "possible"]
        names = reached_through(store.conn, targets) - seen     # (a name called from everywhere: nothing flows)
        if not names:
            return
        seen |= names
        with store.transaction():
            reopen_flows(store.conn, PLANNER, names)
        store.reset_pending_sites()             # one pending row a site, as after any re-open
