"""Which languages graphmind reads, and how: grammar, file endings, tag query, how deeply each is resolved."""
from __future__ import annotations

import os
import re
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

# Languages read through the fallback (made specs below; their tag query is synthesized by graphmind/index/generic.py): grammar name = our name, endings.
# Left out: grammars whose definitions carry no name the grammar marks (Lisps, Zig, Pascal, Nix, Proto).
GENERIC_GRAMMARS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ada", (".adb", ".ads")), ("cuda", (".cu", ".cuh")), ("d", (".d",)), ("dart", (".dart",)),
    ("elisp", (".el",)), ("elixir", (".ex", ".exs")), ("elm", (".elm",)), ("erlang", (".erl", ".hrl")),
    ("fennel", (".fnl",)), ("fortran", (".f90", ".f95", ".f03", ".f08")), ("fsharp", (".fs", ".fsx")),
    ("gdscript", (".gd",)), ("gleam", (".gleam",)), ("glsl", (".glsl", ".vert", ".frag")),
    ("groovy", (".groovy", ".gradle")), ("hack", (".hack",)), ("hare", (".ha",)), ("haskell", (".hs",)),
    ("haxe", (".hx",)), ("hlsl", (".hlsl",)), ("janet", (".janet",)), ("julia", (".jl",)), ("luau", (".luau",)),
    ("nim", (".nim",)), ("objc", (".m", ".mm")), ("ocaml", (".ml",)), ("ocaml_interface", (".mli",)),
    ("odin", (".odin",)), ("perl", (".pl", ".pm")), ("powershell", (".ps1", ".psm1")), ("purescript", (".purs",)),
    ("r", (".r",)), ("solidity", (".sol",)), ("squirrel", (".nut",)), ("starlark", (".bzl", ".star")),
    ("tcl", (".tcl",)), ("thrift", (".thrift",)), ("verilog", (".sv", ".svh")), ("vhdl", (".vhd", ".vhdl")),
)
GENERIC_NAMES = frozenset(name for name, _ in GENERIC_GRAMMARS)

# How deeply each language is indexed, shown by `graphmind status` (the resolution rules behind each
# line live in graphmind/lang/<family>.py; Python's in graphmind/resolve/).
_JS_LEVEL = ("definitions, calls, imports: relative paths and index files, tsconfig paths/baseUrl, "
             "workspace packages, CommonJS; this/super through classes, inferred types")
_JVM_LEVEL = ("definitions, calls, imports (package, static, wildcard), same-package classes, "
              "constructors, this/super and inherited members, inferred types")
LEVELS = {
    "python": "full: definitions, calls, imports and re-exports, class hierarchy, inferred types",
    "javascript": _JS_LEVEL, "typescript": _JS_LEVEL, "tsx": _JS_LEVEL,
    "go": "definitions, calls, imports (go.mod packages), same-package names, methods by receiver type",
    "java": _JVM_LEVEL, "kotlin": _JVM_LEVEL,
    "rust": "definitions, calls, mod tree, use (crate/super/self, Cargo crates), impl methods, self/Self, "
            "declared variable types",
    "csharp": "definitions, calls, namespaces and using, same-namespace types, constructors, this/base and "
              "inherited members, declared variable types",
    "c": "definitions, calls (through function-like macros too), #include reach, header declarations to "
         "source definitions",
    "scala": _JVM_LEVEL,
    "php": "definitions, calls, namespaces and use, same-namespace classes, constructors, $this/self/parent, "
           "inferred types",
    "ruby": "definitions, calls, require/require_relative and autoload names, X.new, implicit self, inferred types",
    "swift": "definitions, calls, module-wide names, initializers, implicit self, inferred types",
    "lua": "definitions, calls, require, tables as classes, obj:m()/self:m(), inferred types",
    "bash": "definitions, calls, functions of sourced files",
    "cpp": "definitions, calls, #include reach, namespaces, out-of-line Class::method, this/implicit members, "
           "declared variable types",
}
SAME_FILE_LEVEL = "definitions, calls, same-file resolution"
GENERIC_LEVEL = "definitions only (generic fallback)"


def level(language: str) -> str:
    """How deeply a language is indexed (shown by `graphmind status`)."""
    return LEVELS.get(language) or (GENERIC_LEVEL if language in GENERIC_NAMES else SAME_FILE_LEVEL)


# Every other language the grammar package carries that we read: definitions through a tag query
# synthesized from the grammar (graphmind/index/generic.py).
GENERIC: tuple[LanguageSpec, ...] = tuple(LanguageSpec(name, name, exts) for name, exts in GENERIC_GRAMMARS)

BY_NAME = {spec.name: spec for spec in LANGUAGES + GENERIC}
_BY_EXT = {ext: spec for spec in GENERIC + LANGUAGES for ext in spec.extensions}
_BY_FILENAME = {fn: spec for spec in LANGUAGES for fn in spec.filenames}


# Languages that call each other directly share a family: `possible` edges and unresolved call
# sites are matched by name within a family, never across families.
FAMILIES = {"typescript": "ecmascript", "tsx": "ecmascript", "javascript": "ecmascript",
            "c": "c", "cpp": "c", "java": "jvm", "kotlin": "jvm", "scala": "jvm"}


# languages whose package-level names are seen bare from every file of the package, without an
# import: a bare name read there may be a variable another file declares (graphmind/resolve/reads.py)
PACKAGE_SCOPED = frozenset({"go"})
# languages whose methods overload by parameter count: call sites record their argument count
OVERLOADING = frozenset({"java", "kotlin", "scala", "csharp", "cpp"})
# languages whose call sites also record their arguments as written, so that overloads of one count
# are told apart by the arguments' static types (graphmind/lang/argtypes.py)
TYPED_ARGUMENTS = frozenset({"java", "cpp"})
# of those, the languages whose parameter types are kept as written (C++: graphmind/lang/cfamily/cppargs.py)
RAW_PARAMETERS = frozenset({"cpp"})
# the end of the signature of a C/C++ definition in an `#if` branch the compiler leaves out
# (graphmind/lang/cfamily/conditions.py): a call reaching it and an active namesake takes the active one
INACTIVE = "  /* #if: left out */"
# the end of the signature of one in a branch taken only below some version of a library outside the project
# (`#if PY_VERSION_HEX < …`): newer versions ship it, so a call reaching it is `possible`
BACKPORT = "  /* #if: older library */"
# the end of the signature of one the default build leaves out, then the names it takes as undefined (`+`:
# too many), graphmind/lang/cfamily/defaults.py
DEFAULT_OFF = "  /* #if: off by default:"


def family(language: str) -> str:
    """The family a language's calls can cross into by name (itself when it has none)."""
    return FAMILIES.get(language, language)


def family_members(language: str) -> list[str]:
    """Every language of a language's family."""
    fam = family(language)
    return sorted({lang for lang, f in FAMILIES.items() if f == fam} | {language})


# what only C++ writes: a header (`.h`) holding one of these is parsed as C++, so its classes, inline
# methods, constructors and templates are symbols (a plain C header parses the same either way)
_CPP_HEADER = re.compile(
    rb"^[ \t]*(?:namespace[ \t]+\w+[ \t]*\{|namespace[ \t]*\{|template[ \t]*<|(?:public|private|protected)[ \t]*:"
    rb"|class[ \t]+\w+[^;()]*[{:]|using[ \t]+namespace\b|#[ \t]*include[ \t]*<(?:string|vector|memory|map|set|"
    rb"iostream|algorithm|utility|functional|unordered_map|cstdint|cstddef|cstring|optional|array)>)"
    rb"|\b(?:std|boost)::\w", re.M)


def header_language(path: str, language: str, data: bytes) -> str:
    """The language a file is parsed as: a `.h` file written in C++ is C++, every other as named."""
    return "cpp" if language == "c" and path.endswith(".h") and _CPP_HEADER.search(data) else language


def language_for(path: Path | str) -> LanguageSpec | None:
    """The language a file is written in, judged by its name, or None if we do not read it."""
    name = os.path.basename(str(path))          # string operations: this runs for every file walked
    dot = name.rfind(".")
    return _BY_FILENAME.get(name) or (_BY_EXT.get(name[dot:].lower()) if dot > 0 else None)


@lru_cache(maxsize=None)
def has_tags(name: str) -> bool:
    """Whether a language has its own tag query (otherwise it is not indexed)."""
    return exists(f"queries/{name}/tags.scm") or name in GENERIC_NAMES


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
