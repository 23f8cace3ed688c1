"""Per-language hooks for module names and import-aware resolution (one module per language family).

A language without hooks still gets definitions, same-file scope resolution, `this`/`self` through
its class hierarchy, and `possible` edges by name in the same language. A language module registers
what it can do better; the resolver calls it and never guesses across languages.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from graphmind.resolve.resolver import Resolver

Answer = tuple[str, "int | str | None"]   # ('import'|'local'|'module'|'external'|'unresolved', target)


@dataclass(frozen=True)
class LanguageHooks:
    """What a language adds to the generic pipeline; every field is optional."""
    # (relative path, file bytes) -> module qualified name, or None for the path-based default
    module_name: Callable[[str, bytes], str | None] | None = None
    # called once per resolve pass with the loaded tables (read go.mod, … from r.t.root); a language
    # with one rewrites the tables, so a workspace containing it reloads them every update
    # (graphmind/resolve/session.py): state that only reads them belongs on the resolver, built lazily (lang_js)
    prepare: Callable[[Resolver], None] | None = None
    # (resolver, file id, scope id, module as written, imported symbol or None) -> answer or None
    resolve_import: Callable[[Resolver, int, int, str, str | None], Answer | None] | None = None
    # (resolver, scope id, name) -> answer for a bare name not found in the scope chain or imports
    # (same package or namespace, C/C++ includes, …), or None
    visible: Callable[[Resolver, int, str], Answer | None] | None = None
    # (resolver, caller id, callee as written, name) -> rows (target, resolution, candidates) for a
    # call site the language reads better than the generic rules (`pkg.F()`, `x.m()` on a typed
    # variable, `new T()`, `super.m()`), or None to fall through to them
    resolve_call: Callable[[Resolver, int, str, str], list[tuple[int | None, str, int]] | None] | None = None
    # how deeply the language is indexed, shown by `graphmind status`
    level: str = "definitions, calls, same-file resolution"


HOOKS: dict[str, LanguageHooks] = {}


def register(language: str, hooks: LanguageHooks) -> None:
    """Make a language's hooks known (called by each language module on import)."""
    HOOKS[language] = hooks


def hooks_for(language: str) -> LanguageHooks | None:
    """The hooks of a language, or None."""
    return HOOKS.get(language)


# Language modules register themselves here (one import line each).
from graphmind.lang import js as lang_js  # noqa: E402,F401  (javascript, typescript, tsx)
from graphmind.lang import go as lang_go  # noqa: E402,F401
from graphmind.lang import java as lang_java  # noqa: E402,F401  (java, kotlin)
from graphmind.lang import rust as lang_rust  # noqa: E402,F401
from graphmind.lang import csharp as lang_csharp  # noqa: E402,F401
from graphmind.lang import c as lang_c  # noqa: E402,F401  (c, cpp)
