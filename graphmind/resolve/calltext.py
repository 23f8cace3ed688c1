"""How call text is written: dotted paths, their separators, and the names that mean "this object"."""
from __future__ import annotations

import re

SELF_NAMES = frozenset({"self", "cls", "this", "Self", "static"})
DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*$")
SEP = re.compile(r"\s*(?:\.|::|->)\s*")
