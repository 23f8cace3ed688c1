"""Content-addressed reuse: a file's extraction, stored under the SHA-256 of its content.

Qualified names and relative imports depend on where a file lives, so the key is the content hash
plus a variant: language, module name, whether the file is a package `__init__`, and a fingerprint
of the code and queries that produce extractions (any change to them makes old entries unreachable;
they age out). The daemon's writer thread is the user. The rows live in a file of their own
(`store.ExtractionFile`, at `places.cache_path`): in a git repository under its common git
directory, so every worktree of the repository shares them (a second worktree parses only content
never seen in any of them); elsewhere beside the index.
"""
from __future__ import annotations

import hashlib
import logging
import operator
import typing
import zlib
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from functools import lru_cache
from pathlib import Path

import apsw
import orjson

import graphmind
from graphmind import private, resources
from graphmind.errors import UnsafeFolderError
from graphmind.models import Extraction, FileInfo
from graphmind.store import ExtractionFile, Store
from graphmind.store.connect import index_path, remove_database, write_lock
from graphmind.places import cache_path, local_cache_path

log = logging.getLogger(__name__)
_PACKAGE = Path(graphmind.__file__).resolve().parent
PERSIST_AT = 1000           # queued extractions written at once, idle or not (memory stays bounded)
ENCODE_AT = 64              # extractions parsed in the writer kept unencoded until idle, at most
READY_MAX = 16              # extractions parsed ahead of their save (one per path) held at most


def _query_files() -> list[tuple[str, bytes]]:
    base = resources.path_of("queries")
    return [(str(p.relative_to(base)), p.read_bytes()) for p in sorted(base.rglob("*.scm"))]


def fingerprinted_files() -> list[tuple[str, bytes]]:
    """(name, content) of every module of the package, sub-packages included, and every query file."""
    modules = sorted(_PACKAGE.rglob("*.py"))
    return [(p.relative_to(_PACKAGE).as_posix(), p.read_bytes()) for p in modules] + _query_files()


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A hash of every graphmind module and query file: extractions made by other code never match."""
    h = hashlib.sha256(graphmind.__version__.encode())
    for name, data in fingerprinted_files():
        h.update(name.encode() + b"\0" + data + b"\0")
    return h.hexdigest()[:16]


MADE_BY = "made_by"         # meta key: "VERSION FINGERPRINT" of the code that filled the index


def made_by() -> str:
    """What an index filled by this code records; store/scan compares the version part alone."""
    return f"{graphmind.__version__} {fingerprint()}"


def made_here(store: Store) -> Store:
    """The store, or a new empty one when its rows came from other graphmind code (another release,
    edited queries or extraction modules): unchanged files are never read again, so such rows would
    stay until `--rebuild`. An index without the record predates it and is built again too."""
    found, mine = store.meta(MADE_BY), made_by()
    if found == mine:
        return store
    if not Store.is_empty(store.conn):
        log.warning("the index was filled by other graphmind code (%s): building it afresh",
                    f"version {found.split()[0]}" if found else "an earlier release")
        root = store.root
        store.close()
        with write_lock(root):
            remove_database(index_path(root))
        store = Store(root)
    store.set_meta(MADE_BY, mine)
    return store


def _open_cache(root: Path) -> ExtractionFile:
    """The workspace's cache file; beside the index when the shared one cannot be opened."""
    path, local = cache_path(root), local_cache_path(root)
    folder_mode = private.modes_for(root)[0]
    try:
        return ExtractionFile(path, folder_mode)
    except (apsw.Error, OSError, UnsafeFolderError) as exc:
        if path == local:
            raise
        log.warning("cannot use the shared extraction cache %s (%s): using %s", path, exc, local)
        return ExtractionFile(local, folder_mode)


def variant(info: FileInfo, module: str) -> str:
    """The part of the key that is not the content: language, module, package flag, fingerprint."""
    package = int(info.path.rsplit("/", 1)[-1].startswith("__init__."))
    return f"{info.language}|{module}|{package}|{fingerprint()}"


@lru_cache(maxsize=None)
def _row_types() -> dict[str, type]:
    """Extraction's list fields and the dataclass of their rows."""
    hints = typing.get_type_hints(Extraction)
    out = {}
    for f in fields(Extraction):
        args = typing.get_args(hints[f.name])
        if args and is_dataclass(args[0]):
            out[f.name] = args[0]
    return out


@lru_cache(maxsize=None)
def _row_getter(cls: type) -> operator.attrgetter:
    return operator.attrgetter(*(g.name for g in fields(cls)))


def encode(ext: Extraction) -> bytes:
    """An Extraction as compressed JSON (rows as arrays in field order)."""
    doc = {}
    types = _row_types()
    for f in fields(Extraction):
        value = getattr(ext, f.name)
        if f.name in types:
            get = _row_getter(types[f.name])
            value = [get(row) for row in value]
        doc[f.name] = value
    return zlib.compress(orjson.dumps(doc), 1)


def decode(data: bytes) -> Extraction:
    """The Extraction encode() stored."""
    doc = orjson.loads(zlib.decompress(data))
    for name, cls in _row_types().items():
        doc[name] = [cls(*row) for row in doc.get(name, [])]
    return Extraction(**doc)


class RecentTrees(typing.Protocol):
    """The last parse trees of recently changed files, which the daemon lends ReuseCache."""

    def edited_tree(self, path: str, language: str, new: bytes): ...

    def put(self, path: str, language: str, data: bytes, tree) -> None: ...

    def forget(self, path: str) -> None: ...


class ReuseCache:
    """The daemon's ExtractionCache (see filework.process_file): stored extractions plus recent trees."""

    def __init__(self, store: Store, trees: RecentTrees):
        self.store, self.trees = store, trees
        self.file = _open_cache(store.root)
        self.reused = 0          # extractions taken from the cache
        self.parsed = 0          # extractions computed
        self.incremental = 0     # of those, parsed with an edited old tree
        # new extractions not yet in the file: encoded, or (parsed by the writer for a save) not yet
        self._fresh: dict[tuple[str, str], bytes | Extraction] = {}
        self._unencoded = 0
        self._used: list[tuple[str, str]] = []
        # parsed ahead of a save, while the daemon debounced it: path -> (key, extraction), taken once
        self._ready: dict[str, tuple[tuple[str, str], Extraction]] = {}
        self._ahead = False                  # the daemon parses a path ahead of its save (`reading_ahead`)
        self.ahead_used = 0                  # saves that found their extraction parsed ahead
        meta = dict(store.conn.execute("SELECT key, value FROM meta WHERE key IN ('reuse_reused', 'reuse_parsed')"))
        self._base = (int(meta.get("reuse_reused", 0)), int(meta.get("reuse_parsed", 0)))

    def lookup(self, info: FileInfo, sha: str, module: str) -> Extraction | None:
        """The extraction stored for this content in this place, or None."""
        key = (sha, variant(info, module))
        ready = self._ready.get(info.path)
        if ready is not None and ready[0] == key:       # parsed ahead: this very object, the tree kept
            if not self._ahead:
                del self._ready[info.path]
                self.ahead_used += 1
            return ready[1]
        data = self._fresh.get(key)
        if isinstance(data, Extraction):        # the same content back before idle: a copy, as stored
            data = self._fresh[key] = encode(data)
            self._unencoded -= 1
        if data is None:
            data = self.file.get(*key)
        if data is None:
            return None
        try:
            ext = decode(data)
        except (ValueError, TypeError, zlib.error):
            return None                  # an entry written by other code: parse instead
        if self._ahead:                  # known content: nothing to parse ahead, nothing used yet
            return ext
        self.reused += 1
        self._used.append(key)
        self.trees.forget(info.path)     # the cached tree, if any, is of other content now
        return ext

    def old_tree(self, info: FileInfo, data: bytes):
        """The file's last tree, edited to match the new bytes, or None."""
        tree = self.trees.edited_tree(info.path, info.language, data)
        if tree is not None:
            self.incremental += 1
        return tree

    def remember(self, info: FileInfo, sha: str, module: str, data: bytes, tree, ext: Extraction) -> None:
        """Keep a new extraction and the file's tree. It is encoded for the file while idle (`persist`):
        the save does not wait for it (~0.5 ms of a 2-20 kB file's), unless ENCODE_AT wait already."""
        self.parsed += 1
        self.trees.put(info.path, info.language, data, tree)
        if ext.status in ("ok", "partial"):
            key = (sha, variant(info, module))
            self._fresh[key] = ext
            self._unencoded += 1
            if self._unencoded > ENCODE_AT:
                self._encode_held()
            if self._ahead:
                self._ready.pop(info.path, None)
                self._ready[info.path] = (key, ext)
                if len(self._ready) > READY_MAX:     # paths saved once and never due (deleted): oldest out
                    del self._ready[next(iter(self._ready))]

    @contextmanager
    def reading_ahead(self):
        """Within: what is parsed is kept for its save (`_ready`); a lookup counts nothing."""
        self._ahead = True
        try:
            yield self
        finally:
            self._ahead = False

    def _encode_held(self) -> None:
        for key, value in self._fresh.items():
            if isinstance(value, Extraction):
                self._fresh[key] = encode(value)
        self._unencoded = 0

    def keep(self, info: FileInfo, sha: str, module: str, ext: Extraction) -> None:
        """Queue an extraction computed elsewhere (a worker process) for storing."""
        if ext.status in ("ok", "partial"):
            self._fresh[(sha, variant(info, module))] = encode(ext)

    def flush(self) -> None:
        """Write the counters (inside the caller's transaction on the index); the queued extractions
        wait for `persist` (the daemon calls it while idle: no save waits for the cache), unless
        they are many."""
        if len(self._fresh) >= PERSIST_AT:
            self.persist()
        self.store.set_meta("reuse_reused", str(self._base[0] + self.reused))
        self.store.set_meta("reuse_parsed", str(self._base[1] + self.parsed))

    def persist(self) -> None:
        """Write the queued extractions to the cache file, and when the used ones were used."""
        if self._fresh or self._used:
            self._encode_held()
            self.file.put([(*key, data) for key, data in self._fresh.items()], self._used)
            self._fresh, self._used = {}, []

    def prune(self, keep: int) -> int:
        """Keep the `keep` most recently used extractions; returns how many were dropped."""
        return self.file.prune(keep)

    def close(self) -> None:
        self.file.close()

    def share(self) -> float | None:
        """The share of extractions that were reused rather than parsed."""
        total = self.reused + self.parsed
        return round(self.reused / total, 3) if total else None
