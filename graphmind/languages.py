"""Which languages graphmind reads, and how: grammar, file endings, tag query."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

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

BY_NAME = {spec.name: spec for spec in LANGUAGES}
_BY_EXT = {ext: spec for spec in LANGUAGES for ext in spec.extensions}
_BY_FILENAME = {fn: spec for spec in LANGUAGES for fn in spec.filenames}


def language_for(path: Path | str) -> LanguageSpec | None:
    """The language a file is written in, judged by its name, or None if we do not read it."""
    p = Path(path)
    return _BY_FILENAME.get(p.name) or _BY_EXT.get(p.suffix.lower())


def has_tags(name: str) -> bool:
    """Whether a language has its own tag query (otherwise it is not indexed)."""
    return exists(f"queries/{name}/tags.scm")


@lru_cache(maxsize=None)
def tags_source(name: str) -> str:
    """The text of a language's tag query."""
    return read_text(f"queries/{name}/tags.scm")


def query_source(name: str, kind: str) -> str | None:
    """The text of another query of a language (`queries/<name>/<kind>.scm`), or None."""
    path = f"queries/{name}/{kind}.scm"
    return read_text(path) if exists(path) else None
