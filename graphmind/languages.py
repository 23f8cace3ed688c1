"""Which languages graphmind reads, and how: grammar, file endings, tag query."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from graphmind.lang.generic import GENERIC_GRAMMARS, GENERIC_NAMES
from graphmind.resources import read_text, exists


@dataclass(frozen=True)
class LanguageSpec:
    name: str            # our name, also the folder under queries/
    grammar: str         # tree-sitter-language-pack grammar name
    extensions: tuple[str, ...]
    filenames: tuple[str, ...] = ()


# Adding a language: one line here, queries/<name>/tags.scm, and its fixtures.
LANGUAGES: tuple[LanguageSpec, ...] = (
    LanguageSpec("python", "python", (".py", ".pyi")),
    LanguageSpec("javascript", "javascript", (".js", ".jsx", ".mjs", ".cjs")),
    LanguageSpec("typescript", "typescript", (".ts", ".mts", ".cts")),
    LanguageSpec("tsx", "tsx", (".tsx",)),
    LanguageSpec("go", "go", (".go",)),
    LanguageSpec("rust", "rust", (".rs",)),
    LanguageSpec("java", "java", (".java",)),
    LanguageSpec("kotlin", "kotlin", (".kt", ".kts")),
    LanguageSpec("c", "c", (".c", ".h")),
    LanguageSpec("cpp", "cpp", (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".ipp")),
    LanguageSpec("csharp", "csharp", (".cs",)),
    LanguageSpec("ruby", "ruby", (".rb",), ("Rakefile", "Gemfile")),
    LanguageSpec("php", "php", (".php",)),
    LanguageSpec("swift", "swift", (".swift",)),
    LanguageSpec("scala", "scala", (".scala", ".sc")),
    LanguageSpec("lua", "lua", (".lua",)),
    LanguageSpec("bash", "bash", (".sh", ".bash")),
)

# Every other language the grammar package carries that we read: definitions through a tag query
# synthesized from the grammar (graphmind/lang/generic.py).
GENERIC: tuple[LanguageSpec, ...] = tuple(LanguageSpec(name, name, exts) for name, exts in GENERIC_GRAMMARS)

BY_NAME = {spec.name: spec for spec in LANGUAGES + GENERIC}
_BY_EXT = {ext: spec for spec in GENERIC + LANGUAGES for ext in spec.extensions}
_BY_FILENAME = {fn: spec for spec in LANGUAGES for fn in spec.filenames}


# Languages that call each other directly share a family: `possible` edges and unresolved call
# sites are matched by name within a family, never across families.
FAMILIES = {"typescript": "ecmascript", "tsx": "ecmascript", "javascript": "ecmascript",
            "c": "c", "cpp": "c", "java": "jvm", "kotlin": "jvm", "scala": "jvm"}


def family(language: str) -> str:
    """The family a language's calls can cross into by name (itself when it has none)."""
    return FAMILIES.get(language, language)


def family_members(language: str) -> list[str]:
    """Every language of a language's family."""
    fam = family(language)
    return sorted({lang for lang, f in FAMILIES.items() if f == fam} | {language})


def language_for(path: Path | str) -> LanguageSpec | None:
    """The language a file is written in, judged by its name, or None if we do not read it."""
    name = os.path.basename(str(path))          # string operations: this runs for every file walked
    dot = name.rfind(".")
    return _BY_FILENAME.get(name) or (_BY_EXT.get(name[dot:].lower()) if dot > 0 else None)


@lru_cache(maxsize=None)
def has_tags(name: str) -> bool:
    """Whether a language has its own tag query (otherwise it is not indexed)."""
    return exists(f"queries/{name}/tags.scm") or name in GENERIC_NAMES


@lru_cache(maxsize=None)
def tags_source(name: str) -> str:
    """The text of a language's tag query (synthesized from the grammar for the generic fallback)."""
    if name in GENERIC_NAMES and not exists(f"queries/{name}/tags.scm"):
        from graphmind.lang.generic import tags_source as synthesized    # it needs parser, which needs us
        return synthesized(name)
    return query_source(name, "tags") or ""


def query_source(name: str, kind: str) -> str | None:
    """The text of a query of a language (`queries/<name>/<kind>.scm`), or None.

    A first line `; inherits: other` prepends that language's query of the same kind (a grammar
    that extends another, as TSX extends TypeScript, shares its patterns instead of copying them).
    """
    path = f"queries/{name}/{kind}.scm"
    if not exists(path):
        return None
    text = read_text(path)
    first = text.split("\n", 1)[0]
    if first.startswith("; inherits:"):
        base = query_source(first.split(":", 1)[1].strip(), kind) or ""
        text = base + "\n" + text
    return text
