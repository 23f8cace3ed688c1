"""The `#if` branches a C/C++ file's default build leaves out: read as graphmind/lang/cfamily/conditions.py
reads them, but every name the file cannot tell about is taken as undefined (`-DBROTLI_BUILD_BIG_ENDIAN`
not given), and each branch left out that way carries the names it took so. Whether the default build
really leaves it out is told at resolution, with the whole project in view: only if no file of the
project `#define`s any of those names (a build option from the command line, not a config header's)."""
from __future__ import annotations

import re

from graphmind.lang.cfamily.conditions import _DIRECTIVE, C_HOST, CPP_HOST, _State
from graphmind.languages import DEFAULT_OFF

MAX_NAMES = 12


def branch_spans(source: bytes, language: str, namesakes: bool) -> tuple[list[tuple[int, int]], list[tuple[int, int, frozenset[str]]]]:
    """The spans the compiler leaves out (conditions.inactive_spans), and (start, end, names taken as
    undefined) of those the default build leaves out besides (read only when some condition is undecided
    and the file defines some name twice: only namesakes are told apart by it)."""
    text = source.decode("latin-1")
    directives, later = _directives(text)
    host = CPP_HOST if language == "cpp" else C_HOST
    state = _State(dict(host), later)
    state.scan(directives, len(text))
    if not state.undecided or not namesakes:
        return state.out, []
    return state.out, _default_spans(text, host, directives, later)


def _directives(text: str) -> tuple[list, set[str]]:
    """A file's directives, and the names it `#define`s somewhere."""
    directives = list(_DIRECTIVE.finditer(text))
    return directives, {m.group(2).split(None, 1)[0] for m in directives if m.group(1) == "define" and m.group(2).strip()}


def _default_spans(text: str, host: dict, directives: list, later: set) -> list[tuple[int, int, frozenset[str]]]:
    """The branches of a file the default build leaves out, each with the names it hinges on (none: the
    compiler leaves it out whatever the project defines)."""
    default = _Default(dict(host), later)
    default.scan(directives, len(text))
    return default.spans


def mark(signature: str, names: frozenset[str]) -> str:
    """The signature with the default-off mark (more names than MAX_NAMES: `+`, never told off)."""
    listed = " ".join(sorted(names)) if len(names) <= MAX_NAMES else "+"
    return f"{signature}{DEFAULT_OFF} {listed} */"


class _Default(_State):
    """`_State` with no undecided name: each is taken as undefined and remembered; a branch left out
    carries the names taken by the conditions of the `#if` chains around it, and a macro defined in a
    branch carries those of its branch to the conditions that read it."""

    def __init__(self, defined: dict, later: set):
        super().__init__(defined, later)
        self.used: set[str] = set()
        self.deps: dict[str, frozenset[str]] = {}
        self.spans: list[tuple[int, int, frozenset[str]]] = []

    def step(self, m) -> None:
        word = m.group(1)
        around = frozenset().union(*(f.get("names", ()) for f in self.stack))
        if word in ("define", "undef"):
            name = m.group(2).split(None, 1)[0].split("(")[0] if m.group(2).strip() else ""
            if name:
                self.deps[name] = around
            super().step(m)
            return
        self.used, before = set(), len(self.out)
        super().step(m)
        if word.startswith("if") and self.stack:
            self.stack[-1]["names"] = set(self.used)
        elif word != "endif" and self.stack:
            self.stack[-1]["names"] |= self.used
        self.spans += [(lo, hi, around) for lo, hi in self.out[before:]]

    def note(self, name: str) -> None:
        self.used |= self.deps.get(name, frozenset())

    def is_defined(self, name: str):
        found = super().is_defined(name)
        self.note(name)
        if found is None and name not in self.defined:
            self.used.add(name)
            return False
        return found


def defined_in(root, paths, names: set[str], depth: int = 0) -> set[str]:
    """Which of these names some file `#define`s, each file read as written (a `#define NAME` with no
    value, as memory.h's `#define BROTLI_ENCODER_EXIT_ON_OOM`, is no symbol). A `#define` in a branch
    the default build leaves out counts only if a name that branch hinges on is defined so in turn
    (platform.h's `#define BROTLI_TARGET_ARMV7` under `#if defined(__ARM_ARCH)`: not, nor what
    huffman.h defines under `#if defined(BROTLI_TARGET_ARMV7)`)."""
    if not names or root is None:
        return set()
    pattern = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(" + "|".join(map(re.escape, sorted(names))) + r")\b", re.M)
    found: set[str] = set()
    for path in paths:
        try:
            text = (root / path).read_text("latin-1")
        except OSError:
            continue
        hits = [m for m in pattern.finditer(text)] if "define" in text else []
        if not hits:
            continue
        spans = _default_spans(text, C_HOST if path.endswith((".c", ".h")) else CPP_HOST, *_directives(text))
        for m in hits:
            if m.group(1) in found:
                continue
            off = [hinge for lo, hi, hinge in spans if lo <= m.start() < hi]
            if not off or depth < 3 and all(hinge and defined_in(root, paths, set(hinge) - names, depth + 1)
                                            for hinge in off):
                found.add(m.group(1))
    return found
