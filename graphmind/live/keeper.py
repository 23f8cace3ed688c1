"""A daemon for a long-lived client that nobody started: the MCP server attaches to the workspace's
daemon when one runs, else runs one inside its own process (watcher, writer and socket threads,
exactly `graphmind watch`), so every answer after the first costs a socket round trip, not a walk.

Run in-process, the daemon ends with the client: nothing keeps running after the agent exits, and
other graphmind commands in the workspace use it meanwhile as they would any daemon. A daemon the
user started is only attached to, never stopped.
"""
from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from graphmind.errors import DaemonError, DaemonNotRunningError, DaemonRunningError, GraphmindError
from graphmind.live import client, freshness

log = logging.getLogger(__name__)

READY_TIMEOUT_S = 900.0      # the longest a first call waits for a workspace's first index
POLL_S = 0.5                 # how often progress is read while it waits
FIRST_POLL_S = 0.05          # the first look comes sooner: a small workspace's first index still reports

Report = Callable[[str, int, int], None]      # (what, done, total)


class Keeper:
    """Keeps a daemon serving one workspace while this process lives (see the module docstring)."""

    def __init__(self, root: Path, embed: bool = True):
        self.root = root
        self.embed = embed
        self.daemon = None                      # the Daemon run in this process, if any
        self.ready = False                      # the daemon served has finished its first reconcile
        self._lock = threading.Lock()

    def fresh(self, report: Report | None = None) -> freshness.Freshness:
        """Make the index current through the daemon (started here if none runs); the first time, wait
        for its start-up reconcile (a first index: minutes on a large workspace), telling `report`."""
        if self.ensure() != "none" and not self.ready:
            reply = wait_ready(self.root, report)
            self.ready = bool(reply and reply.get("fresh"))
        return freshness.ensure_fresh(self.root)

    def ensure(self) -> str:
        """'embedded' (ours), 'attached' (another process's) or 'none' (not allowed to run one)."""
        with self._lock:
            if self.daemon is not None:
                return "embedded"
            if client.lock_held(self.root):
                return "attached"
            self.ready = False                  # whoever served before is gone: a new start-up
            if not self.embed:
                return "none"
            from graphmind.live.daemon import Daemon            # watchdog, the indexer: only when needed
            from graphmind.live.memory import share_one_malloc_arena
            share_one_malloc_arena()
            daemon = Daemon(self.root)
            try:
                daemon.start()
            except DaemonRunningError:          # another process took the lock first: use its daemon
                return "attached"
            except (GraphmindError, OSError) as exc:   # cannot watch or serve here: refresh in-process instead
                log.warning("cannot run a daemon for %s (%s): re-indexing changed files before each answer",
                            self.root, exc)
                self.embed = False
                return "none"
            self.daemon = daemon
            log.info("serving %s with a daemon in this process (pid-less: it stops with it)", self.root)
            return "embedded"

    def close(self) -> None:
        """Stop the daemon run in this process (its writer finishes the update in progress)."""
        with self._lock:
            if self.daemon is not None:
                self.daemon.shutdown()
                self.daemon = None


def wait_ready(root: Path, report: Report | None, timeout: float = READY_TIMEOUT_S) -> dict | None:
    """Wait until the daemon has committed every change, the first index included, telling `report`
    what it is doing meanwhile (parse, resolve, indexes, with counts); its last wait_fresh reply, or
    None when no daemon answers."""
    deadline = time.monotonic() + timeout
    poll = FIRST_POLL_S
    while True:
        try:
            reply = client.wait_fresh(root, poll)
        except DaemonError:
            reply = {"fresh": False, "reconciling": True}      # busy with the first index: ask again
        if reply is None:
            if not client.lock_held(root):
                return None
            reply = {"fresh": False, "reconciling": True}      # starting: the socket is not bound yet
        if reply.get("fresh") or not reply.get("reconciling") or time.monotonic() > deadline:
            return reply
        if report is not None:
            report(*_progress(root))
        poll = POLL_S


def _progress(root: Path) -> tuple[str, int, int]:
    """What the daemon's writer reports: its phase and counts, else its state."""
    try:
        writer = client.request(root, "status", io_timeout=2.0).get("writer") or {}
    except (DaemonNotRunningError, DaemonError):
        return "starting", 0, 0
    prog = writer.get("progress")
    if writer.get("state") in ("reconciling", "updating") and prog:
        return prog["phase"], prog["done"], prog["total"]
    return writer.get("state") or "starting", 0, 0


@contextlib.contextmanager
def snapshot(root: Path, keeper: Keeper | None, lock: threading.Lock,
             report: Report | None = None) -> Iterator[tuple[object, freshness.Freshness]]:
    """One read snapshot of an index made current first: through the daemon `keeper` keeps (attached, or
    run in this process; a first index waited for, telling `report`), else by re-indexing changed files
    here; `lock` makes concurrent answers of one server refresh one at a time. What the MCP server and
    the language server answer from."""
    from graphmind.store import open_reader
    with lock:
        fresh = keeper.fresh(report) if keeper else freshness.ensure_fresh(root)
    conn = open_reader(root)
    try:
        conn.execute("BEGIN")              # one read snapshot per answer: the daemon may commit meanwhile
        yield conn, fresh
    finally:
        conn.close()
