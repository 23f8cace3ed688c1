"""The walk's folders, listed and judged once, and remembered: a folder whose modification time has not moved holds the same entries,
so its judged listing is taken from `.graphmind/walk.cache` instead of being listed and judged again.

A folder's mtime moves when an entry is added, removed or renamed in it, not when a file inside is
written in place: files are still stat'ed one by one by the walk. What a listing's verdicts also depend
on is checked before a record is trusted: the configuration (equal settings), every ignore file (size
and mtime), and the folders named like build output, whose verdict depends on their own content. A
folder changed within the last two seconds is not remembered (its mtime may not have moved yet). The
file is a hint: unreadable, of another version or of another root, it is ignored and written anew.
"""
from __future__ import annotations

import logging
import marshal
import os
from collections import Counter

from graphmind import __version__, config, private
from graphmind.errors import UnsafeFolderError

log = logging.getLogger(__name__)

FILE = "walk.cache"
FORMAT = 2
RACY_NS = 2_000_000_000          # a folder changed this recently may change again within its mtime's tick

# A record, per folder relative to the root ('' for the root), as marshal keeps it:
MTIME, VENV, DIRS, FILES, LEFT_DIRS, LEFT_FILES, IGNORES, WATCH = range(8)
#   mtime_ns (None: not to be trusted) · the folder is a virtual environment · subfolders entered ·
#   files kept by name: (name, language, is a link) · folders left out: (name, why) · files left out:
#   (why, count) · its ignore files: (name, mtime_ns, size) · folders named like output: (name, mtime_ns)


def stamp(path: str) -> int | None:
    """A path's mtime without following a link, or None when it is gone."""
    try:
        return os.lstat(path).st_mtime_ns
    except OSError:
        return None


def trusted_mtime(path: str, started_ns: int) -> int | None:
    """The mtime to remember for a folder about to be listed: None when it is too recent to trust."""
    mtime = stamp(path)
    return mtime if mtime is not None and mtime < started_ns - RACY_NS else None


def forget(root) -> None:
    """Drop the memory: the next walk lists every folder (`graphmind index --rebuild`)."""
    try:
        os.unlink(os.path.join(root, config.INDEX_DIR, FILE))
    except OSError:
        pass


def _output_like(name: str) -> bool:
    return name in config.OUTPUT_DIRS or name.endswith(".egg-info")


def _storable(name: str, rel_dir: str) -> bool:
    """Whether a name can be stored (valid UTF-8); said once when it cannot."""
    if name.isascii():
        return True
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        log.warning("skipping %r: its name is not valid UTF-8", f"{rel_dir}/{name}" if rel_dir else name)
        return False
    return True


def list_folder(rules, rel_dir: str, path: str, started_ns: int) -> tuple | None:
    """One folder listed and its entries judged by `rules` (workspace.IgnoreRules): a record, or None when
    it cannot be read (as os.walk, it is left out)."""
    mtime = trusted_mtime(path, started_ns)
    try:
        with os.scandir(path) as listing:
            entries = list(listing)
    except OSError:
        return None
    names = {e.name for e in entries}
    if rel_dir and "pyvenv.cfg" in names and not os.path.isdir(os.path.join(path, "pyvenv.cfg")):
        return (mtime, True, (), (), (), (), (), ())      # a virtual environment, whatever its name
    rules.listed(rel_dir, names)
    prefix = rel_dir + "/" if rel_dir else ""
    dirs, files, left_dirs, watch, left_files = [], [], [], [], Counter()
    for entry in entries:
        name = entry.name
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir and entry.is_symlink():             # linked folders are never entered
            continue
        lang, why = rules.entry_why(prefix + name, is_dir)
        if why is None and not _storable(name, rel_dir):
            continue
        if is_dir:
            if why is None:
                dirs.append(name)
            elif name not in rules.NEVER:
                left_dirs.append((name, why))
            if _output_like(name):
                watch.append((name, stamp(entry.path)))
        elif why is None:
            files.append((name, lang, entry.is_symlink()))
        else:
            left_files[why] += 1
    ignores = []
    for name in (".gitignore", config.IGNORE_FILE):
        if name in names:
            try:
                st = os.stat(os.path.join(path, name))
                ignores.append((name, st.st_mtime_ns, st.st_size))
            except OSError:
                mtime = None                   # gone meanwhile: do not remember this folder
    return (mtime, False, tuple(dirs), tuple(files), tuple(left_dirs), tuple(left_files.items()),
            tuple(ignores), tuple(watch))


class Memory:
    """The records of the last walk, checked folder by folder as the walk reaches them."""

    def __init__(self, root, settings_key: tuple):
        self.root, self.key = str(root), settings_key
        self.records: dict[str, tuple] = {}
        self._dropped: list[str] = []             # folders whose ignore files changed: nothing below is trusted
        self._load()

    def _path(self) -> str:
        return os.path.join(self.root, config.INDEX_DIR, FILE)

    def _load(self) -> None:
        raw = private.read_own(self._path())
        if raw is None:
            return
        try:
            data = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            return
        if not isinstance(data, tuple) or len(data) != 5 or data[:3] != (FORMAT, __version__, (self.root, self.key)):
            return
        for rel, mtime, size in data[3]:           # an ignore file edited in place moves no folder's mtime
            try:
                st = os.stat(os.path.join(self.root, rel))
            except OSError:
                return
            if (st.st_mtime_ns, st.st_size) != (mtime, size):
                return
        self.records = data[4]

    def get(self, rel_dir: str, path: str) -> tuple | None:
        """The remembered record of a folder when nothing it depends on moved, else None."""
        rec = self.records.get(rel_dir)
        if rec is None or rec[MTIME] is None:
            return None
        try:
            if os.lstat(path).st_mtime_ns != rec[MTIME]:
                return None
        except OSError:
            return None
        if self._dropped and any(rel_dir.startswith(d) for d in self._dropped):
            return None
        for name, mtime in rec[WATCH]:            # build/ gained a package marker: its verdict may change
            if stamp(os.path.join(path, name)) != mtime:
                return None
        return rec

    def relisted(self, rel_dir: str, rec: tuple) -> None:
        """A folder was listed anew: when its ignore files changed, nothing below it is trusted."""
        old = self.records.get(rel_dir)
        if old is not None and old[IGNORES] != rec[IGNORES]:
            self._dropped.append(rel_dir + "/" if rel_dir else "")

    def save(self, records: dict[str, tuple]) -> None:
        """Remember this walk's records (only where the workspace already has its `.graphmind/`)."""
        folder = os.path.join(self.root, config.INDEX_DIR)
        if not os.path.isdir(folder) or os.path.islink(folder):
            return
        ignores = tuple((os.path.join(rel_dir, name), mtime, size)
                        for rel_dir, rec in records.items() for name, mtime, size in rec[IGNORES])
        try:
            private.replace_own(folder, FILE, marshal.dumps((FORMAT, __version__, (self.root, self.key), ignores, records)),
                                private.modes_for(self.root)[1])
        except (OSError, UnsafeFolderError) as exc:   # a hint: the next walk lists everything again
            log.debug("walk cache not written: %s", exc)
