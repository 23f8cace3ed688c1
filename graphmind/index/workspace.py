"""Which files of a workspace are indexed: the walk, its ignore rules and its deny lists."""
from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pathspec

from graphmind import config
from graphmind.config import is_secret
from graphmind.languages import language_for, has_tags
from graphmind.models import FileInfo

log = logging.getLogger(__name__)


def _load_spec(directory: Path) -> pathspec.PathSpec | None:
    lines: list[str] = []
    for fname in (".gitignore", config.IGNORE_FILE):
        try:
            lines += (directory / fname).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
    return pathspec.GitIgnoreSpec.from_lines(lines) if lines else None


class IgnoreRules:
    """The ignore rules of a workspace: deny lists, plus every .gitignore/.graphmindignore on the way."""

    def __init__(self, root: Path):
        self.root = root
        self._specs: dict[str, pathspec.PathSpec | None] = {}

    def _spec(self, rel_dir: str) -> pathspec.PathSpec | None:
        if rel_dir not in self._specs:
            self._specs[rel_dir] = _load_spec(self.root / rel_dir if rel_dir else self.root)
        return self._specs[rel_dir]

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
        for i in range(len(parts)):
            spec = self._spec("/".join(parts[:i]))
            if spec is not None:
                sub = "/".join(parts[i:]) + ("/" if is_dir else "")
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


def walk(root: Path) -> list[FileInfo]:
    """Every indexable file under root, sorted by path; symlinks are followed only inside root."""
    rules = IgnoreRules(root)
    out: list[FileInfo] = []
    root_real = os.path.realpath(root)
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/")
        keep = []
        for d in dirnames:
            rel = f"{rel_dir}/{d}" if rel_dir else d
            if os.path.islink(os.path.join(dirpath, d)) or rules.ignored(rel, True):
                continue
            keep.append(d)
        dirnames[:] = sorted(keep)
        for f in filenames:
            rel = f"{rel_dir}/{f}" if rel_dir else f
            lang = rules.indexable(rel)
            if lang is None:
                continue
            full = os.path.join(dirpath, f)
            try:
                if os.path.islink(full) and not admits_link(root_real, rules, full):
                    continue
                st = os.stat(full)
            except OSError as exc:
                log.warning("skipping %s: %s", rel, exc)
                continue
            if not stat.S_ISREG(st.st_mode):          # FIFOs, sockets, devices: never opened
                continue
            try:
                rel.encode("utf-8")
            except UnicodeEncodeError:              # undecodable bytes in the name: cannot be stored
                log.warning("skipping %r: its name is not valid UTF-8", rel)
                continue
            out.append(FileInfo(rel, full, lang, st.st_size, st.st_mtime_ns))
    out.sort(key=lambda fi: fi.path)
    return out
