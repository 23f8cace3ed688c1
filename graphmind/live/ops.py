"""What a daemon answers on its socket: one method per protocol op (docs/protocol.md)."""
from __future__ import annotations

import logging
import os
import statistics
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import apsw

from graphmind import __version__
from graphmind.query import graph, lookup, render, status
from graphmind.index.reuse import ReuseCache
from graphmind.live.changes import FULL, ChangeQueue
from graphmind.edgekinds import CALL_KINDS, parse_kinds
from graphmind.errors import DamagedIndexError, GraphmindError
from graphmind.live.protocol import ProtocolError, error, ok, parse_request
from graphmind.store import DAMAGED, open_reader
from graphmind.live.treecache import TreeCache
from graphmind.live.watcher import Watcher
from graphmind.live.writerstate import WriterState

if TYPE_CHECKING:
    from graphmind.resolve.session import ResolveSession

log = logging.getLogger("graphmind.live.daemon")
POOL_SIZE = 4               # idle read connections kept (requests run one thread each)


def rss_bytes() -> int:
    """This process's resident memory."""
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class ReaderPool:
    """Read-only connections to the index, opened once and lent to one request at a time: a request
    neither pays for opening the index nor leaves the heap scattered with a connection's buffers.
    Every op reads into Python values inside the `with`, so no statement (no read snapshot) is
    left open when a connection goes back."""

    def __init__(self, root: Path):
        self.root = root
        self._idle: list[apsw.Connection] = []
        self._lock = threading.Lock()

    @contextmanager
    def connection(self) -> Iterator[apsw.Connection]:
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = open_reader(self.root)
        try:
            conn.execute("BEGIN")          # one read snapshot per request: a commit meanwhile is not half-seen
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            # an exception's frames may still hold a cursor mid-statement, i.e. an open read
            # snapshot: a connection lent again must not carry one, so this one is not
            conn.close()
            raise
        self._give_back(conn)

    def _give_back(self, conn: apsw.Connection) -> None:
        with self._lock:
            if len(self._idle) < POOL_SIZE:
                self._idle.append(conn)
                return
        conn.close()

    def close(self) -> None:
        with self._lock:
            for conn in self._idle:
                conn.close()
            self._idle.clear()


class Served(Protocol):
    """What the ops read of the daemon they answer for (live.daemon.Daemon), and its stop switch."""
    root: Path
    queue: ChangeQueue
    watcher: Watcher
    trees: TreeCache
    cache: ReuseCache | None
    stopping: threading.Event
    started_at: float
    updates: int
    reconciles: int
    last_update: dict | None
    writer: WriterState
    latencies: deque[tuple[float, float]]
    session: ResolveSession

    def wait_fresh(self, timeout: float) -> dict: ...


class DaemonOps:
    """Answers requests for one daemon; queries read through pooled read-only connections."""

    def __init__(self, daemon: Served):
        self.d = daemon
        self.root = daemon.root
        self.queue = daemon.queue
        self.readers = ReaderPool(daemon.root)

    def handle(self, line: bytes) -> dict:
        """One request line -> one reply (never raises)."""
        rid = None
        try:
            op, req, rid = parse_request(line)
            reply = getattr(self, f"_op_{op if op not in ('callers', 'callees', 'blast_radius') else 'walk'}")(op, req)
        except ProtocolError as exc:
            reply = error(str(exc), "bad_request")
        except GraphmindError as exc:
            reply = error(exc.message, type(exc).__name__)
        except DAMAGED as exc:
            reply = error(DamagedIndexError(f"({exc})").message, "DamagedIndexError")
        except Exception as exc:                     # a bug must not take the daemon down
            log.exception("request failed")
            reply = error(f"internal error: {exc}", "internal")
        if rid is not None:
            reply["id"] = rid
        return reply

    def _op_ping(self, op, req) -> dict:
        return ok(pid=os.getpid(), root=str(self.root), version=__version__)

    def _op_stop(self, op, req) -> dict:
        self.d.stopping.set()
        return ok(stopping=True)

    def _op_reconcile(self, op, req) -> dict:
        self.queue.add(FULL)
        return ok()

    def _op_wait_fresh(self, op, req) -> dict:
        return ok(**self.d.wait_fresh(req.timeout))

    def _op_status(self, op, req) -> dict:
        with self.readers.connection() as conn:
            files = conn.execute("SELECT count(*) FROM files").fetchone()[0]
            failing = status.failing_files(conn, 10)
        recent = list(self.d.latencies)                # one atomic copy: the writer appends meanwhile
        ev, work = sorted(e for e, _ in recent), sorted(w for _, w in recent)
        cache = self.d.cache

        def pct(xs, q):
            return round(xs[min(len(xs) - 1, int(q * len(xs)))], 1) if xs else None
        return ok(pid=os.getpid(), root=str(self.root), version=__version__,
                  uptime_s=round(time.time() - self.d.started_at, 1), files_watched=files,
                  pending=self.queue.pending_count(), pending_paths=self.queue.pending_paths(20),
                  events=self.queue.events, updates=self.d.updates, reconciles=self.d.reconciles,
                  tables_loaded=self.d.session.loads,
                  overflows=self.d.watcher.overflows, last_update=self.d.last_update, rss_bytes=rss_bytes(),
                  latency_ms={"event_to_commit_p50": pct(ev, 0.5), "event_to_commit_p99": pct(ev, 0.99),
                              "commit_p50": pct(work, 0.5), "commit_p99": pct(work, 0.99),
                              "commit_median": round(statistics.median(work), 1) if work else None},
                  reuse={"reused": cache.reused if cache else 0, "parsed": cache.parsed if cache else 0,
                         "incremental_parses": cache.incremental if cache else 0,
                         "parsed_ahead": cache.ahead_used if cache else 0,
                         "share": cache.share() if cache else None},
                  tree_cache={"trees": len(self.d.trees), "source_bytes": self.d.trees.source_bytes},
                  failing_files=failing,
                  **self.d.writer.as_json())

    def _op_walk(self, op, req) -> dict:
        freshness = self.d.wait_fresh(req.wait_fresh) if req.wait_fresh is not None else None
        direction = "down" if op == "callees" else "up"
        depth = 1 if op == "callers" else req.depth
        kinds = parse_kinds(",".join(req.kinds or ())) if op == "blast_radius" else CALL_KINDS
        with self.readers.connection() as conn:
            w = graph.walk(conn, graph.resolve_targets(conn, req.symbol, req.all), direction, depth, req.limit,
                           kinds=kinds)
            stale = status.stale_paths(conn, self.root, {h.file for h in w.hits} | {t.file for t in w.targets})
        for h in w.hits:
            h.stale = h.file in stale
        doc = render.walk_json(w)
        doc["stale_files"] = sorted(stale)
        pending = self.queue.pending_paths()
        doc["freshness"] = freshness or {"fresh": not pending, "pending": pending}
        return ok(result=doc)

    def _op_symbols(self, op, req) -> dict:
        with self.readers.connection() as conn:
            refs = lookup.list_symbols(conn, req.pattern, req.file, req.kind, req.limit)
        return ok(result=[render.ref_json(r) for r in refs])

    def _op_search(self, op, req) -> dict:
        from graphmind.semantic.fusion import search_modes
        with self.readers.connection() as conn:
            lookup.check_filters(conn, None, req.kind)
            mode, results = search_modes(conn, self.root, req.query, mode=req.mode, kind=req.kind, file=req.file,
                                         limit=req.limit, stale_known=set(req.stale or ()))
        return ok(mode=mode, results=[dict(vars(r)) for r in results])   # flat: asdict's deep copy is not needed
