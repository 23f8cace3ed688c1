"""How call text is written: dotted paths, their separators, and the names that mean "this object"."""
from __future__ import annotations

import re

SELF_NAMES = frozenset({"self", "cls", "this", "Self", "static"})
OTHER_SELF_NAMES = SELF_NAMES - {"cls"}      # outside Python `cls` is an ordinary name (Java's `Class cls`)


def self_names(language: str) -> frozenset[str]:
    """The names that mean the current object or class in a language's call text."""
    return SELF_NAMES if language == "python" else OTHER_SELF_NAMES
DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*$")
SEP = re.compile(r"\s*(?:\.|::|->)\s*")
