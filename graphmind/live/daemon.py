"""One daemon per workspace keeping the index current within moments of a save.

Threads: the watchdog observer (events -> ChangeQueue), one writer (owns the Store: takes debounced
batches, one transaction each, resolution included), the socket acceptor and one per connection
(queries read through a small pool of read-only connections, ops.ReaderPool). The main thread
waits for SIGTERM/SIGINT or a `stop` request. Files under `.graphmind/`: daemon.lock (flock:
released by the kernel when the process dies, so a crashed daemon's lock is never stale),
daemon.pid, daemon.sock, daemon.log. Keeping memory flat: memory.py.
"""
from __future__ import annotations

import fcntl
import logging
import os
import signal
import threading
import time
from collections import deque
from pathlib import Path

from graphmind import private
from graphmind.live import client
from graphmind.index import parser, workspace
from graphmind.live.changes import FULL, ChangeQueue
from graphmind.live.memory import release_memory, share_one_malloc_arena
from graphmind.live import reading
from graphmind.live.ops import DaemonOps
from graphmind.errors import DaemonRunningError, StoppedError
from graphmind.index.indexer import index_files
from graphmind.index.reuse import ReuseCache, made_here
from graphmind.live.server import SocketServer
from graphmind.resolve.session import ResolveSession
from graphmind.semantic.idle import embed_idle, wants_vectors
from graphmind.store import DAMAGED, Store
from graphmind.store import check
from graphmind.store.damage import move_aside
from graphmind.live.treecache import TreeCache
from graphmind.live.watcher import Watcher, file_info
from graphmind.live.writerstate import WriterState
from graphmind.logs import LineFormatter, rotate_log

log = logging.getLogger("graphmind.live.daemon")

MISSING_GRACE_S = 0.2       # a file missing mid-save gets this long to come back before it is deleted
IDLE_CHECKPOINT_S = 1.0     # fold the WAL back once the writer has been idle this long
RELOAD_AFTER_FILES = 200    # tables updated in place for this many files are reloaded while idle
SIGNAL_POLL_S = 0.5         # the main thread wakes this often to run a pending SIGTERM/SIGINT handler


class Daemon:
    """Serve one workspace until stopped: `run()` blocks; `start()`/`shutdown()` for embedding."""

    def __init__(self, root: Path):
        self.root = root
        self.files = client.daemon_files(root)
        self.queue = ChangeQueue()
        self.watcher = Watcher(root, self.queue)
        self.trees = TreeCache()
        self.server = SocketServer(self.files.socket, self.handle)
        self.ops = DaemonOps(self)
        self.stopping = threading.Event()
        self.started_at = time.time()
        self.updates = 0
        self.reconciles = 0
        self.last_update: dict | None = None
        self.writer = WriterState(self.stopping)
        self.latencies: deque[tuple[float, float]] = deque(maxlen=500)   # (event->commit, take->commit) ms
        self.cache: ReuseCache | None = None
        self.session = ResolveSession()       # resolver tables kept between updates (the writer's)
        self._lock_fd: int | None = None
        self.checked_at: float | None = None        # the last quick_check (store/check.py), once a day when idle
        self._writer: threading.Thread | None = None

    # -- lifecycle ------------------------------------------------------------------------------
    def _acquire_lock(self) -> None:
        private.index_dir(self.root)              # a real folder of ours holding no links, or refused
        fd = private.open_own(self.files.lock, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DaemonRunningError(f"pid {client.read_pid(self.root) or '?'}") from None
        self._lock_fd = fd
        if self.files.pid.exists():
            log.info("recovered the workspace from a daemon that did not stop cleanly (pid file left behind)")
        private.write_own(self.files.pid, f"{os.getpid()}\n")

    def start(self) -> None:
        """Take the lock, bind the socket, start watching, then reconcile what changed while no daemon ran."""
        self._acquire_lock()
        try:
            self.server.bind()
            self.watcher.start()                 # watches first: nothing changed during the reconcile is lost
            self.queue.add(FULL)
            self._writer = threading.Thread(target=self._write_loop, name="graphmind-writer", daemon=True)
            self._writer.start()
            self.server.start()
        except BaseException:
            self.shutdown()
            raise
        log.info("watching %s (pid %d)", self.root, os.getpid())

    def run(self) -> None:
        """Serve until SIGTERM, SIGINT or a stop request; then stop cleanly."""
        previous = {s: signal.signal(s, lambda *_: self.stopping.set()) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            self.start()
            while not self.stopping.wait(SIGNAL_POLL_S):    # a signal the kernel gives another thread
                pass                                       # runs its handler only when this one wakes
        finally:
            self.shutdown()
            for s, h in previous.items():
                signal.signal(s, h)

    def shutdown(self) -> None:
        """Stop every thread (the writer finishes its batch first) and remove pid and socket files."""
        self.stopping.set()
        self.queue.close()
        self.server.close()
        self.watcher.stop()
        self.ops.readers.close()
        if self._writer is not None:
            self._writer.join(60)
        if self._lock_fd is not None:
            self.files.pid.unlink(missing_ok=True)
            os.close(self._lock_fd)                # releases the flock
            self._lock_fd = None
            log.info("stopped")

    # -- the writer -----------------------------------------------------------------------------
    def _write_loop(self) -> None:
        store = made_here(Store(self.root))      # filled by other graphmind code: built afresh
        self.cache = ReuseCache(store, self.trees)
        dirty, backoff = False, 0.5
        try:
            # before the start-up reconcile: it, and the first save, then update the tables in place
            self.session.warm(store.conn, self.root)
            languages = [language for (language,) in store.conn.execute("SELECT DISTINCT language FROM files")]
            for language, exc in parser.warm(*languages):   # a grammar that will not load fails its files later
                log.warning("cannot prepare %s: %s", language, exc)
            release_memory()
            self.writer.set("idle")
            embedding = wants_vectors(self.root)        # the semantic index, kept in idle time once made
            while not self.stopping.is_set():
                batch = self.queue.take(IDLE_CHECKPOINT_S if dirty or embedding else 3600,
                                        lambda rels, store=store: reading.parse_ahead(self, store, rels))
                if batch is None:
                    if not dirty and check.due(self.checked_at) and not self.stopping.is_set():
                        self.checked_at = time.time()          # once a day, idle: pages no query reads
                        why = check.quick_check(store.conn)
                        if why is not None:
                            store = self._afresh(store, f"SQLite's quick_check: {why}")
                            continue
                    if embedding and not dirty and not self.stopping.is_set():
                        embedding = embed_idle(store.conn, self.root,
                                               lambda: self.queue.pending_count() > 0 or self.stopping.is_set())
                    if dirty and not self.stopping.is_set():
                        store.optimize()
                        store.checkpoint()
                        self.cache.persist()
                        self.cache.prune(max(2000, 2 * self._file_count(store)))
                        if self.session.churn > RELOAD_AFTER_FILES:
                            # after mass changes the kept tables are scattered over the heap: loaded
                            # afresh they take a compact block (Django: ~170 MB -> ~135 MB resident)
                            self.session.invalidate()
                            release_memory()
                            self.session.warm(store.conn, self.root)
                        release_memory()
                        dirty, embedding = False, wants_vectors(self.root)
                    continue
                try:
                    self._apply(store, batch)
                    dirty, backoff = True, 0.5
                    self.writer.succeeded()
                    self.writer.set("idle")
                except StoppedError as exc:         # a long update interrupted by stop: rolled back
                    log.info("stopped %s; the next start resumes it", exc.detail)
                except DAMAGED as exc:              # pages found damaged: a fresh index, rebuilt in full
                    store = self._afresh(store, str(exc))
                except Exception as exc:            # keep serving; try again with a full reconcile
                    log.exception("update failed: %s", exc)
                    self.writer.failed(exc, batch.full, sorted(batch.paths), backoff)
                    self.session.invalidate()       # it may hold rows that were rolled back
                    if not self.stopping.wait(backoff):
                        self.queue.add(FULL)
                    backoff = min(backoff * 2, 30)
                finally:
                    self.queue.done(batch)
        finally:
            self.cache.persist()
            self.cache.close()
            store.checkpoint(truncate=True)         # no WAL left at its largest beside the database
            store.close()

    def _afresh(self, store: Store, why: str) -> Store:
        """A damaged index moved aside (one log line) and a fresh one to fill with a full reconcile."""
        self.cache.close()
        store.close()
        move_aside(store.path, why)
        store = made_here(Store(self.root))
        self.cache = ReuseCache(store, self.trees)
        self.session.invalidate()
        self.queue.add(FULL)
        return store

    @staticmethod
    def _file_count(store: Store) -> int:
        return store.conn.execute("SELECT count(*) FROM files").fetchone()[0]

    def _results(self, work: list, jobs: int):
        return reading.results(self.cache, work, jobs)

    def _apply(self, store: Store, batch) -> None:
        rules = workspace.IgnoreRules(self.root)
        forced = set(batch.paths)
        if batch.full:
            self.reconciles += 1
            files, deleted = workspace.walk(self.root), []
        else:
            files, deleted = [], []
            for rel, pending in batch.paths.items():
                info = file_info(self.root, rules, rel)
                if info is not None:
                    files.append(info)
                elif store.conn.execute("SELECT 1 FROM files WHERE path=?", (rel,)).fetchone():
                    if not batch.flushed and not pending.retried and not os.path.lexists(self.root / rel):
                        self.queue.retry(rel, pending, MISSING_GRACE_S)      # maybe mid-save: look again
                    else:
                        deleted.append(rel)
            if not files and not deleted:
                return
        for rel in deleted:
            self.trees.forget(rel)
        self.writer.updating(batch.full, sorted(batch.paths))
        summary = index_files(store, files, deleted, complete=batch.full, force=forced, results=self._results,
                              checkpoint=False, totals=False, session=self.session, on_lock_wait=self.writer.lock_wait,
                              progress=self.writer.progress)
        done = time.monotonic()
        if not (summary.changed or summary.removed) and not batch.full:
            return
        self.updates += 1
        event_ms, work_ms = (done - batch.last_event_at) * 1000, (done - batch.taken_at) * 1000
        if not batch.full:
            self.latencies.append((event_ms, work_ms))
        names = sorted(batch.paths)
        self.last_update = {"at": time.time(), "full": batch.full, "changed": summary.changed,
                            "removed": summary.removed, "reopened": summary.reopened, "paths": names[:20], "ms": round(work_ms, 1),
                            "event_to_commit_ms": round(event_ms, 1)}
        what = "reconciled the workspace" if batch.full else ", ".join(names[:3]) + (" …" if len(names) > 3 else "")
        log.info("updated %d file(s), removed %d, re-opened %d site(s) elsewhere in %.0f ms (%.0f ms after the"
                 " last event): %s", summary.changed, summary.removed, summary.reopened, work_ms, event_ms, what)

    # -- requests -------------------------------------------------------------------------------
    def handle(self, line: bytes) -> dict:
        """One request line -> one reply (never raises): see ops.py."""
        return self.ops.handle(line)

    def wait_fresh(self, timeout: float) -> dict:
        """Wait until every change made before now is committed; say whether it happened in time."""
        started = time.monotonic()
        fenced = self.watcher.fence(min(max(timeout, 0.1), 2.0))
        upto = self.queue.seq
        self.queue.flush(upto)
        fresh = self.queue.wait_settled(upto, max(0.0, timeout - (time.monotonic() - started))) and fenced
        return {"fresh": fresh, "pending": [p for p in self.queue.pending_paths() if p != FULL],
                "reconciling": FULL in self.queue.pending_paths(),
                "waited_ms": round((time.monotonic() - started) * 1000, 1)}


def serve(root: Path, *, log_file: Path | None = None) -> None:
    """Run a daemon for root in this process until it is stopped; logs to log_file or stderr."""
    if log_file is not None:
        private.index_dir(root)
        rotate_log(log_file)
        stream = os.fdopen(private.open_own(log_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND), "a")
        handler: logging.Handler = logging.StreamHandler(stream)
    else:
        handler = logging.StreamHandler()
    handler.setFormatter(LineFormatter("%(asctime)s %(message)s", "%H:%M:%S"))
    for name in ("graphmind", "watchdog"):
        logging.getLogger(name).addHandler(handler)
    logging.getLogger("graphmind").setLevel(logging.INFO)
    logging.getLogger("graphmind").propagate = False
    share_one_malloc_arena()
    try:
        Daemon(root).run()
    finally:
        for name in ("graphmind", "watchdog"):
            logging.getLogger(name).removeHandler(handler)
        handler.close()
        if log_file is not None:
            handler.stream.close()
