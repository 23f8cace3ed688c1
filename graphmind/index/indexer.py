"""The write path, wired: walk, detect changes, parse on every core, store, resolve."""
from __future__ import annotations

import contextlib
import errno
import gc
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import apsw

from graphmind import config
from graphmind.index import folders, parser, reuse, workspace
from graphmind.index.workspace import root_of  # noqa: F401  (callers take it from here too)
from graphmind import lang  # noqa: F401  (registers every language's resolution hooks)
from graphmind.errors import IndexNotWritableError
from graphmind.index.filework import process_batch, process_batch_packed, unpack
from graphmind.pools import collector_paused, in_order, started_safely, watch_owner
from graphmind.index.modules import module_of, project_roots
from graphmind.index.scan import looks_unchanged
from graphmind.models import Delta, FileInfo, FileResult, IndexSummary
from graphmind.resolve.interface import PLANNER
from graphmind.resolve.passes import resolve_pending
from graphmind.resolve.session import ResolveSession
from graphmind.store import DAMAGED, FilePlan, Store, index_path, write_lock
from graphmind.store.connect import remove_database
from graphmind.store.damage import DISK, disk_error, move_aside

log = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]   # (phase: parse | resolve | indexes, done, total)
Results = Callable[[list, int], Iterable[list[FileResult]]]   # (work, jobs) -> processed files, in batches
BATCH_FILES = 64          # files per worker round trip
WRITE_FILES = BATCH_FILES  # files per cold-load transaction: a cut (kill -9, Ctrl-C) loses at most one batch
IN_FLIGHT = 3             # batches per worker submitted ahead of the writer
SERIAL_BELOW = 24         # fewer files than this are parsed in-process


def _batches(items: list, size: int) -> Iterator[list]:
    yield from (items[i:i + size] for i in range(0, len(items), size))


def _results(work: list[tuple[FileInfo, str | None]], jobs: int) -> Iterable[list[FileResult]]:
    """Processed files, in batches, from worker processes when the work is large enough."""
    if jobs <= 1 or len(work) < SERIAL_BELOW:
        for batch in _batches(work, BATCH_FILES):
            yield process_batch(batch)
        return
    # fork is cheapest (the workers inherit the queries compiled here); with other threads running (the daemon) a fresh interpreter is safer
    method = "fork" if threading.active_count() == 1 else "forkserver"
    parser.warm(*sorted({info.language for info, _ in work} if method == "fork" else ()))
    context = multiprocessing.get_context(method)
    stop = context.RawValue("b", 0)
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker, initargs=(os.getpid(), stop))
    try:
        started_safely(pool)
        for packed in in_order(pool, _parse_batch, _batches(work, BATCH_FILES), IN_FLIGHT * jobs):
            yield unpack(packed)
    finally:
        # interrupted (a signal, an error) or not: queued batches are dropped, the running ones and
        # those already handed to a worker end at their next file (`stop`; finished, not killed: a
        # worker killed while it sends its result would leave the pool's reader blocked on half a
        # message, and the process hanging at exit); orphans exit by themselves (watch_owner)
        stop.value = 1
        pool.shutdown(wait=True, cancel_futures=True)


_stop = None        # in a parse worker: the flag its owner sets when it stops (shared memory)


def _start_worker(owner: int, stop) -> None:
    """A parse worker's initializer: it dies with its owner, gives its batches up once the owner
    stopped, and collects garbage as usual (a cold index forks the pool while the writer has the
    collector paused)."""
    global _stop
    _stop = stop
    watch_owner(owner)
    gc.enable()


def _parse_batch(batch: list[tuple[FileInfo, str | None]]) -> bytes:
    """process_batch_packed in a worker, given up at the next file once the owner stopped (SIGTERM or
    Ctrl-C stopped a cold index of Django about 6 s late, parsing the batches queued ahead)."""
    return process_batch_packed(batch, lambda: bool(_stop.value))


def index_files(store: Store, files: list[FileInfo], deleted: list[str], **options) -> IndexSummary:
    """Bring the index up to date for the given files (and deletions); see _index_files.

    One run at a time per workspace (a file lock): the cold path writes in several transactions,
    so two runs on an empty index must not interleave; a second run waits, then finds less to do
    (`on_lock_wait`: told when it starts and stops waiting for another run)."""
    with write_lock(store.root, options.pop("on_lock_wait", None)):
        return _index_files(store, files, deleted, **options)


def _index_files(store: Store, files: list[FileInfo], deleted: list[str], *, complete: bool,
                jobs: int | None = None, progress: Progress | None = None,
                force: set[str] | None = None, results: Results | None = None,
                checkpoint: bool = True, totals: bool = True,
                session: ResolveSession | None = None, skipped: workspace.SkipReport | None = None) -> IndexSummary:
    """Bring the index up to date for the given files (and deletions), then resolve what changed.

    `complete` says `files` is the whole workspace, so indexed files missing from it are removed.
    `force`: paths whose content is hashed even when size and mtime match (a watcher saw them change).
    `results`: what turns work into processed files (default: worker processes; the daemon lends its cache).
    `session`: resolver state kept between runs by a long-lived writer (graphmind/resolve/session.py).
    `skipped`: what the walk left out, kept for `status`."""
    started = time.perf_counter()
    summary = IndexSummary(scanned=len(files))
    states = store.file_states(None if complete else [f.path for f in files] + list(deleted))
    renamed, projects = set(), project_roots(files) if complete else None
    if complete:
        present = {f.path for f in files}
        deleted = sorted(set(deleted) | {p for p in states if p not in present})
        renamed = _renamed(store, files, projects) if states else renamed
    work = []
    for info in files:
        state = states.get(info.path)
        if info.path in renamed:
            work.append((info, None))           # same content, new module name: extracted again
        elif looks_unchanged(info, state) and not (force and info.path in force):
            summary.unchanged += 1
        else:
            work.append((info, state[3] if state else None))
    cold = not states and store.is_empty(store.conn) or complete and _resumes(store, work, deleted)
    # An incremental update commits once, resolution included: readers never see half a change.
    with (contextlib.nullcontext() if cold else store.transaction()):
        _apply(store, work, deleted, cold, jobs or os.cpu_count() or 1, summary, progress, results or _results,
               session)
        store.set_meta("indexed_at", str(time.time()))
        if projects is not None:                # committed with the files named after them
            store.set_meta("python_projects", projects)
        if skipped is not None:
            store.set_meta("skipped", json.dumps(skipped.as_json()))
    if totals:                                  # a scan of calls: the daemon skips it
        summary.symbols, summary.edges = store.totals()
    if checkpoint:                              # a long-lived writer does both while idle instead
        if summary.changed or summary.removed:
            store.optimize()
        store.checkpoint()
    summary.seconds = time.perf_counter() - started
    return summary


def _resumes(store: Store, work: list, deleted: list[str]) -> bool:
    """Whether a cold index cut short (Ctrl-C, a kill) goes on cold: its files kept, the rest parsed and
    written as a cold load does, every pending call resolved in one cold pass. Cut short while resolving,
    with files changed since, resolved rows may be stale: the incremental path re-opens what they reach."""
    phase = store.filling(store.conn)
    if phase == "load" or phase == "resolve" and not work and not deleted:
        log.warning("resuming an interrupted index: %d file(s) left to parse", len(work))
        return True
    if phase is not None:
        store.create_indexes()
        store.set_filling(None)
    return False


def _renamed(store: Store, files: list[FileInfo], projects: str) -> set[str]:
    """Python files whose module name changed since they were indexed (a project file came or went):
    none while the project folders are those recorded (a no-op run does not name every file again)."""
    if projects == store.meta("python_projects"):
        return set()
    indexed = store.file_modules("python")
    return {f.path for f in files if f.language == "python" and f.path in indexed
            and indexed[f.path] != module_of(f)}


class _Filling:
    """The planner of an empty index being filled: every call is pending and nothing is re-opened (the
    delta of a cold run is never read), so a new file's plan is fresh ids only, not its interface
    (a third of the writer's time on a cold index)."""

    def plan(self, conn, file_id: int | None, ext) -> FilePlan:
        return PLANNER.plan(conn, file_id, ext) if file_id is not None else FilePlan([None] * len(ext.symbols), set(), True)

    def removal(self, conn, file_id: int) -> FilePlan:
        return PLANNER.removal(conn, file_id)

    def mentions(self, text: str) -> list[str]:
        return PLANNER.mentions(text)


_FILLING = _Filling()


def _apply(store: Store, work: list, deleted: list[str], cold: bool, jobs: int,
           summary: IndexSummary, progress: Progress | None, results: Results,
           session: ResolveSession | None) -> None:
    delta = Delta()
    if deleted:
        delta.merge(store.delete_files(deleted, PLANNER))
        summary.removed = len(deleted)
    resumed = cold and store.filling(store.conn) is not None
    if cold and work:
        store.set_filling("load")               # cut short, the next run resumes it (_resumes)
        store.drop_indexes()
    planner = _FILLING if cold else PLANNER
    # A cold load receives millions of short-lived rows: with the collector on, the writer spends a
    # sixth of its time in collections that find nothing (reference counting frees the rows).
    with collector_paused() if cold else contextlib.nullcontext():
        delta.merge(_load(store, work, jobs, summary, progress, results, planner, cold))
    if not cold:
        store.reopen(delta, PLANNER)
    if summary.changed or summary.removed or store.has_pending():    # an interrupted run left some
        if cold:
            store.set_filling("resolve")
        summary.resolved = resolve_pending(
            store, incremental=not cold, delta=delta, session=session, jobs=jobs,
            progress=(lambda done, total: progress("resolve", done, total)) if progress else None)
        summary.reopened = delta.reopened
    if cold and (work or resumed):
        if progress:
            progress("indexes", 0, 1)
        store.create_indexes()                  # after the bulk writes: ~2.5x faster than maintaining them
        store.set_filling(None)
        if progress:
            progress("indexes", 1, 1)


def _load(store: Store, work: list, jobs: int, summary: IndexSummary, progress: Progress | None,
          results: Results, planner, cold: bool) -> Delta:
    """Parse the work (in workers) and write each file's rows; what the writes changed."""
    delta = Delta()
    done, pending = 0, []
    for batch in results(work, jobs):
        for res in batch:
            if res.unchanged:
                summary.unchanged += 1
            else:
                summary.changed += 1
                if res.extraction is not None and res.extraction.status in ("error", "skipped", "partial"):
                    summary.failed += 1
                    log.info("%s: %s", res.info.path, res.extraction.error)
        pending.extend(batch)
        done += len(batch)
        if len(pending) >= (WRITE_FILES if cold else 1):
            delta.merge(store.write_results(pending, planner))
            pending = []
        if progress:
            progress("parse", done, len(work))
    if pending:
        delta.merge(store.write_results(pending, planner))
    return delta


def index_workspace(root: Path, *, jobs: int | None = None, progress: Progress | None = None,
                    rebuild: bool = False, files: list[FileInfo] | None = None) -> IndexSummary:
    """Index a whole workspace into root/.graphmind/index.db: new and changed files, deletions.
    `rebuild`: throw the index away first and build it afresh. `files`: the workspace's walk when the
    caller just made it (the freshness check), else the workspace is walked here. A file found damaged midway (pages
    overwritten: SQLite says so only when it reads them) is moved aside and the run starts over."""
    root = root_of(root)
    started = time.perf_counter()
    if rebuild:
        with write_lock(root):
            remove_database(index_path(root))
            folders.forget(root)
    for attempt in (1, 2):
        with _translated(root):
            store = reuse.made_here(Store(root))     # rows of other graphmind code: afresh
            try:
                report = None if files is not None and attempt == 1 else workspace.SkipReport()
                walked = files if report is None else workspace.walk(root, report)    # skips kept from the last walk
                summary = index_files(store, walked, [], complete=True, jobs=jobs, progress=progress, skipped=report)
                break
            except DAMAGED as exc:
                if attempt == 2:
                    raise
                store.close()
                store = None
                move_aside(index_path(root), str(exc))
            finally:
                if store is not None:
                    store.close()
    summary.seconds = time.perf_counter() - started          # the walk included
    return summary


@contextlib.contextmanager
def _translated(root: Path):
    """SQLite's answers about the index folder and the disk, as messages (the run's commits stay)."""
    try:
        yield
    except DISK as exc:
        raise disk_error(root / config.INDEX_DIR, exc) from None
    except (apsw.CantOpenError, apsw.ReadOnlyError, PermissionError) as exc:
        raise IndexNotWritableError(f"({root / config.INDEX_DIR}: {exc})") from exc
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            raise
        raise disk_error(root / config.INDEX_DIR, exc) from None
