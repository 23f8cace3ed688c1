"""What a language may add to resolution, and what it may ask of the resolver.

A language without hooks still gets definitions, same-file scope resolution, `this`/`self` through
its class hierarchy, and `possible` edges by name in the same language. A language module
(graphmind/lang/) registers what it can do better; the resolver finds it here by language name and
never guesses across languages. Hooks see the resolver only through `Resolving`, never the class.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from graphmind.resolve.overloads import DEFINITIONS  # noqa: F401  (the prepare hooks' r.state key, re-exported)
from graphmind.resolve.tables import Tables

Answer = tuple[str, "int | str | None"]   # ('import'|'local'|'module'|'external'|'unresolved', target)
Rows = list[tuple["int | None", str, int]]   # (target, resolution, candidates) for one call site


class Resolving(Protocol):
    """What a language hook (and the type evaluator) may ask of the resolver during one pass."""
    t: Tables                    # the symbol tables of the pass (prepare hooks may rewrite them)
    state: dict[str, object]     # per-pass state of a language (dies with the pass)

    def lookup(self, scope: int, name: str) -> Answer | None:
        """What a bare name means in a scope, or None if unknown."""

    def resolve_path(self, scope: int, dotted: str) -> Answer | None:
        """`a.b.c` from a scope: the head by lookup, the rest by member access."""

    def in_module(self, module: str, name: str, seen: set[str]) -> int | None:
        """A name as seen from outside a module (definitions, submodules, re-exports)."""

    def stub_declaring(self, fn: int) -> int | None:
        """The `.pyi` declaration that types calls of `fn` where a module's stub declares it (issue 34)."""

    def via_import(self, module: str, symbol: str | None) -> Answer:
        """What an import binding reaches."""

    def binding_owner(self, module: str, name: str, seen: set[str] | None = None) -> int | None:
        """The module scope where a module-level variable seen as `module.name` is bound."""

    def class_bases(self, cls: int) -> list[int]:
        """The workspace classes a class derives from, in declaration order."""

    def mro(self, cls: int) -> Iterator[int]:
        """The class's linearization over workspace classes (lazily)."""

    def member(self, cls: int, name: str, after: int | None = None) -> int | None:
        """A member found through the MRO (after class `after` when given)."""

    def dispatch(self, cls: int, caller: int, name: str, is_super: bool) -> list[int]:
        """What `self.name()` / `super().name()` in a method of cls reaches, overrides included."""

    def enclosing_class(self, scope: int) -> int | None:
        """The class whose method (or nested function of a method) a scope is."""

    def constructor(self, cls: int) -> list[int]:
        """What instantiating a class calls."""

    def possible(self, lang: str, name: str) -> Rows:
        """The same-named candidates of a language family (or one unresolved row)."""


@dataclass(frozen=True)
class LanguageHooks:
    """What a language adds to the generic pipeline; every field is optional."""
    # (relative path, file bytes) -> module qualified name, or None for the path-based default
    module_name: Callable[[str, bytes], str | None] | None = None
    # called once per resolve pass with the loaded tables (read go.mod, … from r.t.root); every change
    # it makes to them goes through r.t.rewrites, so kept tables can be restored to the rows before an
    # update (graphmind/resolve/session.py): state that only reads them belongs on the resolver (lang/js.py)
    prepare: Callable[[Resolving], None] | None = None
    # (resolver, file id, scope id, module as written, imported symbol or None) -> answer or None
    resolve_import: Callable[[Resolving, int, int, str, str | None], Answer | None] | None = None
    # (resolver, scope id, name) -> answer for a bare name not found in the scope chain or imports
    # (same package or namespace, C/C++ includes, …), or None
    visible: Callable[[Resolving, int, str], Answer | None] | None = None
    # (resolver, caller id, callee as written, name) -> rows (target, resolution, candidates) for a
    # call site the language reads better than the generic rules (`pkg.F()`, `x.m()` on a typed
    # variable, `new T()`, `super.m()`), or None to fall through to them
    resolve_call: Callable[[Resolving, int, str, str], Rows | None] | None = None
    # (resolver, caller id, the arguments as written, overloads their count fits) -> those the
    # arguments' static types fit (graphmind/resolve/overloads.py; languages in TYPED_ARGUMENTS)
    overloads: Callable[[Resolving, int, list[str], list[int]], list[int]] | None = None
    # the compiler binds each call to one declaration (Java, Go): a site left with several resolved
    # targets (a receiver of several possible types) has them all `possible` instead
    one_target: bool = False
    # a class's members include the overloads its bases declare (Java): the arguments' types choose
    # among them and the class's own (C++ hides a base's overloads behind a name the class declares)
    inherited_overloads: bool = False



HOOKS: dict[str, LanguageHooks] = {}


def register(language: str, hooks: LanguageHooks) -> None:
    """Make a language's hooks known (called by each language module on import)."""
    HOOKS[language] = hooks


def hooks_for(language: str) -> LanguageHooks | None:
    """The hooks of a language, or None."""
    return HOOKS.get(language)
