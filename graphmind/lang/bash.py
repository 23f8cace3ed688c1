"""Bash: a script sees the functions of the files it sources (`source f`, `. f`), transitively.

The sourced path is read as a script writes it relative to itself: `"$(dirname "$0")/../lib/x.sh"`,
`"${BASH_SOURCE%/*}/x.sh"`, `"${LIB:-$(dirname "$0")}/x.sh"`, `"$ROOT/lib/x.sh"` (a variable or
command substitution at the start stands for the script's folder, or else one of the folders above
it, nearest first: `ROOT="$(cd "$(dirname "$0")/.." && pwd)"`), or a plain path, tried from the
script's folder and then the workspace root.
"""
from __future__ import annotations

import posixpath
import re

from graphmind.resolve.hooks import LanguageHooks, Resolving, register

_HEAD = re.compile(r"^(?:\$\((?:[^()]|\([^()]*\))*\)|\$\{(?:[^{}]|\{[^{}]*\})*\}|\$\w+)")


def _source_path(here: str, written: str) -> list[str]:
    """Where a sourced path may point, relative to the workspace, most likely first."""
    text = written.strip().strip("'\"")
    m = _HEAD.match(text)
    if m is not None:
        rest = text[m.end():].replace('"', "").replace("'", "").lstrip("/")
        if not rest:
            return []
        folders = [here]                          # `$ROOT/lib/x.sh`: the script's folder or one above it
        while folders[-1]:
            folders.append(posixpath.dirname(folders[-1]))
        return [posixpath.normpath(posixpath.join(f, rest)) for f in folders]
    text = text.replace('"', "").replace("'", "")
    if "$" in text:
        return []
    return [posixpath.normpath(posixpath.join(here, text)), posixpath.normpath(text.lstrip("/"))]


def _reach(r: Resolving, fid: int) -> list[int]:
    """The file itself and every file it sources, transitively, nearest first."""
    t = r.t
    paths = r.state.get("_bash_paths")
    if paths is None:
        paths = r.state["_bash_paths"] = {p: f for f, p in t.paths.items() if t.lang.get(f) == "bash"}
    cache = r.state.setdefault("_bash_reach", {})
    if fid not in cache:
        seen, todo = [fid], [fid]
        while todo:
            cur = todo.pop(0)
            msym = t.file_module.get(cur)
            here = posixpath.dirname(t.paths.get(cur, ""))
            for module, _ in t.imports.get(msym, {}).values() if msym is not None else ():
                for cand in _source_path(here, module):
                    nxt = paths.get(cand)
                    if nxt is not None:
                        if nxt not in seen:
                            seen.append(nxt)
                            todo.append(nxt)
                        break
        cache[fid] = seen
    return cache[fid]


def visible(r: Resolving, scope: int, name: str):
    """A function of a sourced file (the nearest source first)."""
    t = r.t
    fid = t.syms[scope].file
    for f in _reach(r, fid)[1:]:
        hit = t.children.get(t.file_module.get(f, -1), {}).get(name)
        if hit is not None:
            return ("import", hit)
    return None


register("bash", LanguageHooks(visible=visible))
