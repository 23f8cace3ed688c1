"""The daemon's eyes: a watchdog observer over the workspace feeding the change queue.

Only completed writes (close-after-write), creates, deletes and moves are watched; `IN_MODIFY` is
not, so half-written files and the index's own WAL make no noise. Events under `.git`, `.graphmind`
and the other never-walked folders, editor swap/backup/temp files and files of no language we read
are dropped at once; the ignore rules proper are applied by the writer (`file_info`), exactly as
`graphmind index` applies them. A folder created, deleted or moved, an ignore file changed, or a
kernel queue overflow asks for a full reconcile. A fence file under `.graphmind/` orders a waiter
after every event the kernel queued before it (see `Watcher.fence`).
"""
from __future__ import annotations

import fnmatch
import logging
import os
import stat
import threading
import time
from pathlib import Path

from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileClosedEvent, FileCreatedEvent,
                             FileDeletedEvent, FileMovedEvent, FileSystemEvent, FileSystemEventHandler)
from watchdog.observers import Observer

from graphmind import config, private
from graphmind.errors import GraphmindError
from graphmind.live.changes import FULL, ChangeQueue
from graphmind.languages import language_for
from graphmind.models import FileInfo
from graphmind.index.workspace import IgnoreRules, admits_link

log = logging.getLogger(__name__)

FENCE_FILE = "daemon.fence"
EVENTS = [FileClosedEvent, FileCreatedEvent, FileDeletedEvent, FileMovedEvent,
          DirCreatedEvent, DirDeletedEvent, DirMovedEvent]
# Editor scratch files: vim swap/backup and its 4913 probe, emacs locks/autosaves, JetBrains safe
# writes, generic temp/backup/partial downloads, LibreOffice/kate locks.
SCRATCH_PATTERNS = ("*.swp", "*.swo", "*.swx", ".*.sw?", "*~", "4913", "#*#", ".#*", "*___jb_tmp___",
                    "*___jb_old___", "*.tmp", "*.temp", "*.bak", "*.orig", "*.rej", "*.part",
                    "*.crdownload", ".~lock.*", "*.kate-swp", ".goutputstream-*")


def is_scratch(name: str) -> bool:
    """Whether a file name is an editor's swap, backup or temporary file."""
    return any(fnmatch.fnmatchcase(name, pat) for pat in SCRATCH_PATTERNS)


def file_info(root: Path, rules: IgnoreRules, rel: str) -> FileInfo | None:
    """The FileInfo of a path the index should hold, exactly as workspace.walk would find it, or None."""
    parts = rel.split("/")
    if is_scratch(parts[-1]):
        return None
    for i in range(1, len(parts)):
        folder = "/".join(parts[:i])
        if rules.ignored(folder, True) or os.path.islink(root / folder):
            return None
    lang = rules.indexable(rel)
    if lang is None:
        return None
    full = os.path.join(root, rel)
    try:
        if os.path.islink(full) and not admits_link(os.path.realpath(root), rules, full):
            return None
        st = os.stat(full)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return FileInfo(rel, full, lang, st.st_size, st.st_mtime_ns)


class _OverflowHook(logging.Handler):
    """watchdog reports a kernel queue overflow only in its log: turn that line into a reconcile."""

    def __init__(self, on_overflow):
        super().__init__(logging.WARNING)
        self.on_overflow = on_overflow

    def emit(self, record: logging.LogRecord) -> None:
        if "overflow" in record.getMessage().lower():
            self.on_overflow()


class _Handler(FileSystemEventHandler):
    def __init__(self, watcher: "Watcher"):
        self.watcher = watcher

    def dispatch(self, event: FileSystemEvent) -> None:
        try:
            self.watcher.on_event(event)
        except Exception:                       # never let one odd event stop the observer
            log.exception("event %r", event)


class Watcher:
    """Watches a workspace and adds changed relative paths (or FULL) to a ChangeQueue."""

    def __init__(self, root: Path, queue: ChangeQueue):
        self.root, self.queue = root, queue
        self._prefix = str(root) + os.sep
        self.fence_path = root / config.INDEX_DIR / FENCE_FILE
        self._fence_cond = threading.Condition()
        self._fence_seen = self._fence_next = 0
        self._observer = None
        self._hook = _OverflowHook(self.on_overflow)
        self.overflows = 0
        self._rules: IgnoreRules | None = None

    def _left_out(self, parts: list[str]) -> bool:
        """Whether an event's path is inside a folder the walk does not enter (default-skipped names are
        asked of the rules: `build/` with a package marker, or brought back by `!build/`, is indexed)."""
        for i, name in enumerate(parts[:-1]):
            if name in config.SKIP_DIRS:
                if self._rules is None:
                    try:
                        self._rules = IgnoreRules(self.root)
                    except GraphmindError:          # a broken configuration: the writer reports it
                        return name in config.ALWAYS_SKIP
                if self._rules.ignored("/".join(parts[:i + 1]), True):
                    return True
        return False

    def start(self) -> None:
        """Start the observer threads (watches are in place when this returns)."""
        private.index_dir(self.root)
        wd_log = logging.getLogger("watchdog")
        if wd_log.level == logging.NOTSET:
            wd_log.setLevel(logging.WARNING)       # its overflow warning must reach the hook
        wd_log.addHandler(self._hook)
        self._observer = Observer()
        self._observer.schedule(_Handler(self), str(self.root), recursive=True, event_filter=EVENTS)
        self._observer.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop and join the observer threads."""
        logging.getLogger("watchdog").removeHandler(self._hook)
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout)
            self._observer = None
        with self._fence_cond:
            self._fence_cond.notify_all()

    def on_overflow(self) -> None:
        """Events were lost: only a full reconcile can tell what changed."""
        self.overflows += 1
        log.warning("event queue overflow: reconciling the whole workspace")
        self.queue.add(FULL)

    def _rel(self, path) -> str | None:
        path = os.fsdecode(path)
        if not path.startswith(self._prefix):
            return None
        return path[len(self._prefix):].replace(os.sep, "/")

    def on_event(self, event: FileSystemEvent) -> None:
        """Route one watchdog event: drop noise, note changed paths, ask for reconciles."""
        paths = [event.src_path]
        if isinstance(event, (FileMovedEvent, DirMovedEvent)) and event.dest_path:
            paths.append(event.dest_path)
        for path in paths:
            rel = self._rel(path)
            if not rel:
                continue
            parts = rel.split("/")
            if parts[0] == config.INDEX_DIR:
                if rel == f"{config.INDEX_DIR}/{FENCE_FILE}":
                    self._saw_fence()
                continue
            if self._left_out(parts):
                continue
            name = parts[-1]
            if event.is_directory:
                if name not in config.SKIP_DIRS:
                    self.queue.add(FULL)
            elif name in (".gitignore", config.IGNORE_FILE) + config.PYTHON_PROJECT_FILES:
                self._rules = None
                self.queue.add(FULL)                # what is indexed, or how modules are named, may have changed below
            elif not is_scratch(name) and language_for(rel) is not None:
                self.queue.add(rel)

    # -- fences: "every event queued before now has been routed" ----------------------------
    def _saw_fence(self) -> None:
        try:
            token = int(self.fence_path.read_text() or 0)
        except (OSError, ValueError):
            return
        with self._fence_cond:
            if token > self._fence_seen:
                self._fence_seen = token
                self._fence_cond.notify_all()

    def fence(self, timeout: float) -> bool:
        """Write a token to the fence file and wait until the watcher routes its event: inotify keeps
        one ordered queue, so every change made before this call has then reached the change queue."""
        with self._fence_cond:
            self._fence_next += 1
            token = self._fence_next
            private.write_own(self.fence_path, str(token))
            deadline = time.monotonic() + timeout
            while self._fence_seen < token and self._observer is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._fence_cond.wait(left)
            return self._fence_seen >= token
