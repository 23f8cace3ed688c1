"""Which files of a workspace are indexed: the walk, its ignore rules and its deny lists."""
from __future__ import annotations

import logging
import os
import stat
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from graphmind import config
from graphmind.config import is_secret
from graphmind.errors import NotAWorkspaceError
from graphmind.index import folders
from graphmind.index.settings import Settings, load as load_settings
from graphmind.languages import language_for, has_tags
from graphmind.models import FileInfo
from graphmind.pools import collector_paused

log = logging.getLogger(__name__)


def _gitignore(lines: list[str]):
    """A compiled gitignore spec; pathspec is imported only by a workspace that has rules."""
    import pathspec
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _load_spec(directory: Path):
    lines: list[str] = []
    for fname in (".gitignore", config.IGNORE_FILE):
        try:
            lines += (directory / fname).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
    return _gitignore(lines) if lines else None


_NEVER = frozenset({".git", ".hg", ".svn", ".bzr", config.INDEX_DIR})     # nothing brings these back

# Why something is left out (status counts them under these words).
ALWAYS, OUTPUT, VENV, IGNORED, CONFIGURED, SECRET, LANGUAGE_OFF, TOO_BIG = (
    "dependencies, caches or version control", "build output (no package marker)", "a virtual environment",
    ".gitignore/.graphmindignore", "configured exclude", "secret file", "language turned off",
    "larger than max_file_bytes")
NOT_CODE = "not a language graphmind reads"


class IgnoreRules:
    """The ignore rules of a workspace: deny lists, every .gitignore/.graphmindignore on the way, then its
    configuration (index/settings.py), which has the last word."""
    NEVER = _NEVER

    def __init__(self, root: Path, settings: Settings | None = None, venvs_listed: bool = False):
        self.root, self._root = root, str(root)
        self._venvs_listed = venvs_listed       # the walk sees pyvenv.cfg in a folder's listing: no stat
        self.settings = settings if settings is not None else load_settings(root)
        self._specs: dict = {}                  # folder -> its ignore files' spec, or None
        self._chains: dict[str, tuple] = {}     # folder -> ((depth, spec), ...) of the ignore files above it
        self._dirs: dict[str, str | None] = {}
        self._kinds: dict[str | None, tuple] = {}     # language (None: none) -> (lang, why not)
        patterns = self.settings.patterns()
        self._configured = _gitignore(patterns) if patterns else None

    def _spec(self, rel_dir: str):
        if rel_dir not in self._specs:
            self._specs[rel_dir] = _load_spec(self.root / rel_dir if rel_dir else self.root)
        return self._specs[rel_dir]

    def listed(self, rel_dir: str, names) -> None:
        """The walk has a folder's listing: an ignore file that is not in it is not opened."""
        if rel_dir not in self._specs and ".gitignore" not in names and config.IGNORE_FILE not in names:
            self._specs[rel_dir] = None

    def _chain(self, rel_dir: str) -> tuple:
        """The ignore files that apply inside a folder, root first, each with its folder's depth."""
        chain = self._chains.get(rel_dir)
        if chain is None:
            chain = self._chain(rel_dir.rpartition("/")[0]) if rel_dir else ()
            spec = self._spec(rel_dir)
            if spec is not None:
                chain += ((rel_dir.count("/") + 1 if rel_dir else 0, spec),)
            self._chains[rel_dir] = chain
        return chain

    def _default(self, rel: str, name: str, is_dir: bool) -> str | None:
        if not is_dir:
            return SECRET if is_secret(name) else None
        if name in config.ALWAYS_SKIP:
            return ALWAYS
        folder = os.path.join(self._root, rel)
        if not self._venvs_listed and os.path.isfile(os.path.join(folder, "pyvenv.cfg")):
            return VENV
        if name in config.OUTPUT_DIRS or name.endswith(".egg-info"):
            if not any(os.path.isfile(os.path.join(folder, marker)) for marker in config.PACKAGE_MARKERS):
                return OUTPUT
        return None

    def why(self, rel: str, is_dir: bool, folders_checked: bool = False) -> str | None:
        """Why a relative path ('/'-separated) is left out of the index, or None when it is not: the
        defaults, then each ignore file from the root down (`!pattern` brings a path back), then the
        configuration's exclude and include. `folders_checked`: the walk already entered its folders."""
        parts = rel.split("/")
        for i in range(1, 0 if folders_checked else len(parts)):    # inside a folder left out: left out
            if self._dir_why("/".join(parts[:i])) is not None:
                return self._dir_why("/".join(parts[:i]))
        return self._dir_why(rel) if is_dir else self._why(rel, parts, False)

    def _dir_why(self, rel: str) -> str | None:
        if rel not in self._dirs:
            self._dirs[rel] = self._why(rel, rel.split("/"), True)
        return self._dirs[rel]

    def _why(self, rel: str, parts: list[str], is_dir: bool) -> str | None:
        if is_dir and parts[-1] in _NEVER:
            return ALWAYS
        why = self._default(rel, parts[-1], is_dir)
        suffix = "/" if is_dir else ""
        for depth, spec in self._chain("/".join(parts[:-1])):
            verdict = spec.check_file("/".join(parts[depth:]) + suffix).include
            if verdict is not None and why != SECRET:       # no ignore file brings a secret back
                why = IGNORED if verdict else None
        if self._configured is not None and why != SECRET:
            verdict = self._configured.check_file(rel + suffix).include
            if verdict is not None:
                why = CONFIGURED if verdict else None
        return why

    def ignored(self, rel: str, is_dir: bool) -> bool:
        """Whether a relative path ('/'-separated) is left out of the index."""
        return self.why(rel, is_dir) is not None

    def file_why(self, rel: str, folders_checked: bool = False) -> tuple[str | None, str | None]:
        """(the language of a file, why it is left out): (lang, None) when it is indexed."""
        lang, why = self._kind(rel)
        return (lang, why) if why is not None else (lang, self.why(rel, False, folders_checked))

    def _kind(self, rel: str) -> tuple[str | None, str | None]:
        """(language, why not) judged by the file's name alone."""
        spec = language_for(rel)
        key = spec.name if spec is not None else None
        kind = self._kinds.get(key)
        if kind is None:
            if spec is None or not has_tags(spec.name):
                kind = (None, NOT_CODE)
            else:
                kind = (spec.name, None if self.settings.language_on(spec.name) else LANGUAGE_OFF)
            self._kinds[key] = kind
        return kind

    def entry_why(self, rel: str, is_dir: bool) -> tuple[str | None, str | None]:
        """(language, why it is left out) of an entry of a folder the walk entered."""
        if is_dir:
            return None, self._dir_why(rel)
        lang, why = self._kind(rel)
        return lang, why if why is not None else self._why(rel, rel.split("/"), False)

    def indexable(self, rel: str) -> str | None:
        """The language of a file we index, or None when it is ignored or not a language we read."""
        lang, why = self.file_why(rel)
        return lang if why is None else None


@dataclass
class SkipReport:
    """What a walk left out and why: every folder not entered, and files counted by reason."""
    folders: list[tuple[str, str]] = field(default_factory=list)
    files: Counter = field(default_factory=Counter)
    config: tuple[str, ...] = ()

    def as_json(self) -> dict:
        by_reason = Counter(why for _, why in self.folders)
        return {"folders": [{"path": p, "why": w} for p, w in self.folders[:200]], "folder_total": len(self.folders),
                "folders_by_reason": dict(by_reason.most_common()), "files_by_reason": dict(self.files.most_common()),
                "configuration": list(self.config)}


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


def _settings_key(settings: Settings) -> tuple:
    langs = settings.languages
    return (settings.include, settings.exclude, None if langs is None else tuple(sorted(langs)),
            tuple(sorted(settings.exclude_languages)), settings.max_file_bytes)


def walk(root: Path, report: SkipReport | None = None) -> list[FileInfo]:
    """Every indexable file under root, sorted by path; symlinks are followed only inside root.
    `report`: filled with what was left out and why. A folder that has not changed since the last walk
    is not listed again (index/folders.py); every file is stat'ed."""
    with collector_paused():                    # thousands of small records: nothing cyclic to collect
        return _walk(root, report)


def _walk(root: Path, report: SkipReport | None) -> list[FileInfo]:
    rules = IgnoreRules(root, venvs_listed=True)
    if report is not None:
        report.config = rules.settings.sources
    limit = rules.settings.max_file_bytes if rules.settings.max_file_bytes < config.MAX_FILE_BYTES else None
    memory = folders.Memory(root, _settings_key(rules.settings))
    started, relisted = time.time_ns(), 0
    records: dict[str, tuple] = {}
    out: list[FileInfo] = []
    root_real, sep = os.path.realpath(root), os.sep
    os_stat, is_file, add = os.stat, stat.S_ISREG, out.append
    stack = [("", str(root))]
    while stack:
        rel_dir, path = stack.pop()
        rec = memory.get(rel_dir, path)
        if rec is None:
            rec, relisted = folders.list_folder(rules, rel_dir, path, started), relisted + 1
            if rec is None:
                continue
            memory.relisted(rel_dir, rec)
        records[rel_dir] = rec
        prefix = rel_dir + "/" if rel_dir else ""
        if report is not None:
            if rec[folders.VENV]:
                report.folders.append((rel_dir, VENV))
            report.folders += [(prefix + name, why) for name, why in rec[folders.LEFT_DIRS]]
            for why, n in rec[folders.LEFT_FILES]:
                report.files[why] += n
        stack += [(prefix + name, path + sep + name) for name in rec[folders.DIRS]]
        for name, lang, is_link in rec[folders.FILES]:     # names are valid UTF-8: checked when listed
            full = path + sep + name
            try:
                if is_link and not admits_link(root_real, rules, full):
                    continue
                st = os_stat(full)
            except OSError as exc:
                log.warning("skipping %s: %s", prefix + name, exc)
                continue
            if not is_file(st.st_mode):               # FIFOs, sockets, devices: never opened
                continue
            if limit is not None and st.st_size > limit:
                if report is not None:
                    report.files[TOO_BIG] += 1
                continue
            add(FileInfo(prefix + name, full, lang, st.st_size, st.st_mtime_ns))
    if relisted or len(records) != len(memory.records):
        memory.save(records)
    out.sort(key=lambda fi: fi.path)
    if report is not None:
        report.folders.sort()
    return out
