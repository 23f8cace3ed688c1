"""A resolve pass: every pending call row and the base classes a change can reach, in chunks."""
from __future__ import annotations

from graphmind.collector import collector_paused
from graphmind.edgekinds import site_kind
from graphmind.models import Delta
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.session import ResolveSession
from graphmind.resolve.sites import resolve_site
from graphmind.resolve.tables import load_tables
from graphmind.store import Store

RESOLVE_CHUNK = 20_000      # pending call rows resolved and written per step


def resolve_pending(store: Store, incremental: bool, delta: Delta | None = None,
                    session: ResolveSession | None = None) -> int:
    """Resolve every pending call row, and the base classes a change can reach; returns the number
    of sites resolved. `session` keeps tables between calls (the daemon); `delta` says what changed.

    The cyclic garbage collector is paused meanwhile: the tables and the evaluator's memo are millions
    of objects that live the whole pass, and full collections scanning them again and again cost
    more than a tenth of a cold pass (Django); what the pass leaves behind is freed when it ends."""
    with collector_paused():
        return _resolve_pending(store, incremental, delta, session)


def _resolve_pending(store: Store, incremental: bool, delta: Delta | None,
                     session: ResolveSession | None) -> int:
    conn = store.conn
    if incremental:
        store.reset_pending_sites(delta.fresh if delta is not None else frozenset())
    if session is not None:
        tables, dirty = session.prepare(conn, store.root, delta if incremental else None, store.version_at_begin)
        r = Resolver(tables, session.bases, session.subs, dirty)
    else:
        tables, dirty = load_tables(conn, store.root), None
        r = Resolver(tables)
    last, total = 0, 0
    while True:                                  # in chunks: memory stays flat on a cold index
        seen: dict[tuple, list] = {}             # the same call text in the same scope resolves alike
        pending = conn.execute(
            "SELECT id, file_id, caller_id, callee, name, line, col, implicit, kind FROM calls"
            " WHERE resolution='pending' AND id > ? ORDER BY id LIMIT ?", (last, RESOLVE_CHUNK)).fetchall()
        if not pending:
            break
        last = pending[-1][0]
        updates, inserts, deletes = [], [], []
        for cid, fid, caller, callee, name, line, col, implicit, kind in pending:
            site = site_kind(kind)
            key = (caller, callee, name, implicit, site)
            rows = seen.get(key)
            if rows is None:
                rows = seen[key] = resolve_site(r, caller, callee, name, implicit, site)
            if not rows:
                deletes.append((cid,))
                continue
            updates.append((*rows[0], cid))
            inserts.extend((fid, caller, callee, name, line, col, *row, implicit) for row in rows[1:])
        store.write_resolutions(updates, inserts, deletes, [])
        total += len(pending)
    classes = sorted(tables.bases) if dirty is None else sorted(c for c in dirty if c in tables.bases)
    inherit_targets = []
    for cls in classes:
        resolved = r.class_bases(cls)
        for iid, base in tables.bases[cls]:
            target = r.base_target(cls, base)
            inherit_targets.append((iid, target if target in resolved else None))
    store.write_resolutions([], [], [], inherit_targets)
    if session is not None:
        session.record(r, classes, store.graph_version())
    return total
