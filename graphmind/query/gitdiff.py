"""The lines a git change touches: `git diff -U0` in a subprocess, parsed, numbered as in the working tree."""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from graphmind.errors import BadArgumentError, GitError, UnknownRefError

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


@dataclass(frozen=True)
class Change:
    """Changed lines of one file, numbered as in the working tree; `gap` marks lines removed after `start`."""
    file: str
    start: int
    end: int
    gap: bool = False


def _git(root: Path, *args: str) -> str:
    try:
        proc = subprocess.run(["git", "-c", "core.quotepath=off", *args], cwd=root, capture_output=True,
                              text=True, encoding="utf-8", errors="surrogateescape", timeout=60)
    except FileNotFoundError:
        raise GitError("git is not installed") from None
    except subprocess.TimeoutExpired:
        raise GitError(f"git {args[0]} took more than 60 s") from None
    if proc.returncode != 0:
        raise GitError((proc.stderr.strip().splitlines() or [f"git {args[0]} failed"])[0])
    return proc.stdout


def _unquote(path: str) -> str:
    if len(path) >= 2 and path[0] == path[-1] == '"':
        raw = path[1:-1].encode("utf-8", "surrogateescape").decode("unicode_escape")
        return raw.encode("latin-1", "replace").decode("utf-8", "replace")
    return path


def parse_diff(text: str) -> tuple[dict[str, list[tuple[int, int, int, int]]], list[str]]:
    """`git diff -U0` output as {file: [(old_start, old_count, new_start, new_count)]}, plus deleted files."""
    hunks: dict[str, list[tuple[int, int, int, int]]] = {}
    deleted: list[str] = []
    old = current = None
    for line in text.splitlines():
        if line.startswith("--- "):
            old = _unquote(line[4:].rstrip("\t"))
            old = old[2:] if old.startswith("a/") else old
        elif line.startswith("+++ "):
            new = _unquote(line[4:].rstrip("\t"))
            if new == "/dev/null":
                current = None
                if old and old != "/dev/null":
                    deleted.append(old)
            else:
                current = new[2:] if new.startswith("b/") else new
                hunks.setdefault(current, [])
        elif line.startswith("@@") and current is not None:
            m = _HUNK.match(line)
            if m:
                count = (lambda g: 1 if g is None else int(g))
                hunks[current].append((int(m[1]), count(m[2]), int(m[3]), count(m[4])))
    return hunks, deleted


def _changes_of(file: str, hunks: list[tuple[int, int, int, int]]) -> list[Change]:
    out = []
    for _, _, ns, nc in hunks:
        out.append(Change(file, ns, ns + nc - 1) if nc > 0 else Change(file, ns, ns, gap=True))
    return out


def shift_line(line: int, hunks: list[tuple[int, int, int, int]]) -> int:
    """Where a line of a diff's old side is on its new side (a changed line maps to its hunk's start)."""
    delta = 0
    for os_, oc, ns, nc in sorted(hunks):
        if oc == 0:                       # pure insertion after old line os_
            if line > os_:
                delta += nc
                continue
            break
        if line < os_:
            break
        if line <= os_ + oc - 1:
            return max(ns, 1)
        delta += nc - oc
    return line + delta


def git_changes(root: Path, staged: bool = False, base: str | None = None) -> tuple[list[Change], list[str], str]:
    """The changed lines in the workspace: uncommitted (default, with untracked files), staged, or against a ref."""
    if staged and base:
        raise BadArgumentError("give either staged or base, not both")
    common = ["diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", "--relative"]
    if base is not None:
        if not base.strip() or base.startswith("-") or "\x00" in base:
            raise BadArgumentError(f"'{base}' is not a git revision")
        _git(root, "rev-parse", "--git-dir")
        try:
            sha = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", base + "^{commit}").strip()
        except GitError:
            raise UnknownRefError(f"'{base}'") from None
        hunks, deleted = parse_diff(_git(root, *common, sha, "--"))
        return (_with_untracked(root, [c for f, h in sorted(hunks.items()) for c in _changes_of(f, h)]), deleted,
                f"working tree (untracked files included) against {base}")
    _git(root, "rev-parse", "--git-dir")
    head = _git_head(root)
    if staged:
        hunks, deleted = parse_diff(_git(root, *common, "--cached", head, "--"))
        later, _ = parse_diff(_git(root, *common, "--"))           # staged -> working tree, to renumber
        changes = []
        for f, hs in sorted(hunks.items()):
            for c in _changes_of(f, hs):
                a, b = shift_line(c.start, later.get(f, [])), shift_line(c.end, later.get(f, []))
                changes.append(Change(f, a, max(a, b), c.gap))
        return changes, deleted, "staged changes against HEAD"
    hunks, deleted = parse_diff(_git(root, *common, head, "--"))
    changes = _with_untracked(root, [c for f, h in sorted(hunks.items()) for c in _changes_of(f, h)])
    return changes, deleted, "uncommitted changes (staged, unstaged, untracked) against HEAD"


def _with_untracked(root: Path, changes: list[Change]) -> list[Change]:
    """The changes plus every untracked file (not ignored), whole: the same file set in every mode but --staged."""
    for f in sorted(p for p in _git(root, "ls-files", "--others", "--exclude-standard", "-z").split("\0") if p):
        changes.append(Change(f, 1, 10**9))
    return changes


def _git_head(root: Path) -> str:
    try:
        return _git(root, "rev-parse", "--verify", "--quiet", "HEAD").strip()
    except GitError:
        return _EMPTY_TREE                  # no commit yet: everything is a change
