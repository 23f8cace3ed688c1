"""How call text is written: dotted paths, their separators, and the names that mean "this object"."""
from __future__ import annotations

import re
from functools import lru_cache

SELF_NAMES = frozenset({"self", "cls", "this", "Self", "static"})
OTHER_SELF_NAMES = SELF_NAMES - {"cls"}      # outside Python `cls` is an ordinary name (Java's `Class cls`)
C_SELF_NAMES = frozenset({"this"})            # C and C++: `self` is a parameter's name (greenlet's `BorrowedGreenlet self`)


def self_names(language: str) -> frozenset[str]:
    """The names that mean the current object or class in a language's call text."""
    return SELF_NAMES if language == "python" else C_SELF_NAMES if language in ("c", "cpp") else OTHER_SELF_NAMES


def dispatched(text: str) -> bool:
    """Whether a Python call text is looked up from the class enclosing it (`self.m`, `cls.m`,
    `super().m`): what it reaches depends on that class's hierarchy alone."""
    if text.startswith("super("):
        return True
    head, dot, rest = text.partition(".")
    return bool(dot) and head in SELF_NAMES and rest.isidentifier()
DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*#?[A-Za-z_$][\w$]*)*$")   # `this.#field` (ES private names) too
SEP = re.compile(r"\s*(?:\.|::|->)\s*")
IDENT = re.compile(r"<lambda\d+>|(?<=\.)#[A-Za-z_$][\w$]*|[A-Za-z_$][\w$]*")   # an identifier (a lambda's name, a private `.#x`) in an expression or call text
MEMBER = re.compile(r"\.\s*(#?[A-Za-z_$][\w$]*)")   # a member looked up: the identifiers after a dot


_TYPE_ARGS = re.compile(r"<[^<>]*>")


def without_type_args(text: str) -> str:
    """A type written with generic arguments, without them: `Parser<List<Attr>>` -> `Parser`."""
    prev = None
    while prev != text:
        prev, text = text, _TYPE_ARGS.sub("", text)
    return text.strip()


@lru_cache(maxsize=65536)
def path_parts(text: str) -> tuple[str, ...]:
    """A dotted path's parts (`a.b.c`, `a::b`, `a->b`), split once per distinct text."""
    return tuple(SEP.split(text))
