"""Which files of a workspace are indexed: the walk, its ignore rules and its deny lists."""
from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from graphmind import config
from graphmind.config import is_secret
from graphmind.errors import NotAWorkspaceError
from graphmind.languages import language_for, has_tags
from graphmind.models import FileInfo

log = logging.getLogger(__name__)


IGNORE_FILES = (".gitignore", config.IGNORE_FILE)


def _load_spec(directory: Path | str, names=IGNORE_FILES):
    """The ignore rules written in one folder (None when it has none). pathspec is imported only
    here: a workspace without ignore files never pays for it."""
    lines: list[str] = []
    for fname in names:
        try:
            with open(os.path.join(directory, fname), encoding="utf-8", errors="replace") as fh:
                lines += fh.read().splitlines()
        except OSError:
            continue
    if not lines:
        return None
    import pathspec
    return pathspec.GitIgnoreSpec.from_lines(lines)


class IgnoreRules:
    """The ignore rules of a workspace: deny lists, plus every .gitignore/.graphmindignore on the way."""

    def __init__(self, root: Path):
        self.root = root
        self._specs: dict[str, object] = {}
        self._chains: dict[str, tuple] = {}

    def listed(self, rel_dir: str, names: set[str]) -> None:
        """A walk saw a folder's entries: read only the ignore files it holds (no failed opens)."""
        if rel_dir not in self._specs:
            present = [n for n in IGNORE_FILES if n in names]
            full = os.path.join(self.root, rel_dir) if rel_dir else str(self.root)
            self._specs[rel_dir] = _load_spec(full, present) if present else None

    def _spec(self, rel_dir: str):
        if rel_dir not in self._specs:
            self._specs[rel_dir] = _load_spec(os.path.join(self.root, rel_dir) if rel_dir else str(self.root))
        return self._specs[rel_dir]

    def _chain(self, rel_dir: str) -> tuple:
        """(depth, spec) of each folder from the root down to rel_dir that has ignore rules."""
        chain = self._chains.get(rel_dir)
        if chain is None:
            if rel_dir:
                head, _, _ = rel_dir.rpartition("/")
                chain = self._chain(head)
                depth = rel_dir.count("/") + 1
            else:
                chain, depth = (), 0
            spec = self._spec(rel_dir)
            chain = chain + ((depth, spec),) if spec is not None else chain
            self._chains[rel_dir] = chain
        return chain

    def ignored(self, rel: str, is_dir: bool) -> bool:
        """Whether a relative path ('/'-separated) is left out of the index."""
        parts = rel.split("/")
        name = parts[-1]
        if is_dir and (name in config.SKIP_DIRS or name.endswith(".egg-info")):
            return True
        if not is_dir and is_secret(name):
            return True
        if any(p in config.SKIP_DIRS for p in parts[:-1]):
            return True
        for depth, spec in self._chain("/".join(parts[:-1])):
            sub = "/".join(parts[depth:]) + ("/" if is_dir else "")
            if spec.match_file(sub):
                return True
        return False

    def indexable(self, rel: str) -> str | None:
        """The language of a file we index, or None when it is ignored or not a language we read."""
        spec = language_for(rel)
        if spec is None or not has_tags(spec.name) or self.ignored(rel, False):
            return None
        return spec.name


def admits_link(root_real: str, rules: IgnoreRules, full: str) -> bool:
    """Whether a symlinked file may be indexed: its target is a file inside the root that the ignore
    rules and the secret deny list admit by its own path too (`env_alias.py -> ../.env` is not)."""
    target = os.path.realpath(full)
    if not target.startswith(root_real + os.sep) or not os.path.isfile(target):
        return False
    return not rules.ignored(target[len(root_real) + 1:].replace(os.sep, "/"), False)


def root_of(path: Path | str) -> Path:
    """The workspace root for a path given on the command line."""
    root = Path(path).resolve()
    if not root.is_dir():
        raise NotAWorkspaceError(str(path))
    return root


def walk(root: Path) -> list[FileInfo]:
    """Every indexable file under root, sorted by path; symlinks are followed only inside root.

    One `os.scandir` per folder and one stat per file of a language we read: the entries' types come
    from the listing, and only ignore files the listing shows are opened (a no-op freshness check
    walks every folder, so this is most of its cost)."""
    rules = IgnoreRules(root)
    out: list[FileInfo] = []
    root_real = os.path.realpath(root)
    folders = [("", str(root))]
    while folders:
        rel_dir, full_dir = folders.pop()
        try:
            with os.scandir(full_dir) as listing:
                entries = list(listing)
        except OSError as exc:                       # unreadable, or gone since its parent was listed
            log.debug("not walking %s: %s", rel_dir or ".", exc)
            continue
        rules.listed(rel_dir, {e.name for e in entries})
        for entry in entries:
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            info = _entry_info(rules, root_real, entry, rel, folders)
            if info is not None:
                out.append(info)
    out.sort(key=lambda fi: fi.path)
    return out


def _entry_info(rules: IgnoreRules, root_real: str, entry: os.DirEntry, rel: str, folders: list) -> FileInfo | None:
    """The FileInfo of one listed entry, or None; a folder to walk is pushed on `folders`."""
    try:
        is_dir = entry.is_dir()                      # follows a link, as os.walk does
        link = entry.is_symlink()
    except OSError:
        return None
    if is_dir:
        if not link and not rules.ignored(rel, True):
            folders.append((rel, entry.path))
        return None
    lang = rules.indexable(rel)
    if lang is None:
        return None
    try:
        if link and not admits_link(root_real, rules, entry.path):
            return None
        st = entry.stat()                            # the target's, for an admitted link
    except OSError as exc:
        log.warning("skipping %s: %s", rel, exc)
        return None
    if not stat.S_ISREG(st.st_mode):                 # FIFOs, sockets, devices: never opened
        return None
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:                       # undecodable bytes in the name: cannot be stored
        log.warning("skipping %r: its name is not valid UTF-8", rel)
        return None
    return FileInfo(rel, entry.path, lang, st.st_size, st.st_mtime_ns)
