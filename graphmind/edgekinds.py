"""How a dependant depends on a definition: the kind every edge carries, next to how it was resolved.

A site's kind is what the extractor saw (a call, a decorator applied, a type named, an import, a
method defined in a class); an edge's kind is what resolution made of it: a call of a class is an
`instantiate` edge to the class plus a `constructor` edge to `__init__`/`__new__`; the overrides a
`self.m()` may run are `dispatch` edges; implicit calls are `implicit` (dunders, callbacks) or
`property` (getter/setter reads); a member or name read reaching a module- or class-level variable is
a `read` edge (read sites are stored as member reads, `implicit` 2, and go back to `call` when re-opened).
"""
from __future__ import annotations

from graphmind.errors import BadArgumentError

CALL = "call"                    # an explicit call of a function or method
CONSTRUCTOR = "constructor"      # `Cls()` -> Cls.__init__ / __new__ / the language's constructor
INSTANTIATE = "instantiate"      # `Cls()`, `new Cls()` -> the class
DECORATOR = "decorator"          # `@dec` applied
PROPERTY = "property"            # reading or setting a property -> its getter/setter
IMPLICIT = "implicit"            # operators, subscripts, with, for, callbacks -> what they run; a lambda made
DISPATCH = "dispatch"            # `self.m()` -> an override in a subclass it may run
INHERIT = "inherit"              # a class -> its base class or interface
OVERRIDE = "override"            # a method -> the base method it overrides
REFERENCE = "reference"          # a type named in an annotation, isinstance/issubclass, except
IMPORT = "import"                # a module -> the definition it imports
READ = "read"                    # a read of a module- or class-level variable or constant -> its definition

SITE_KINDS = (CALL, DECORATOR, REFERENCE, IMPORT, OVERRIDE)
# kinds resolution derives from a `call` site: a row of one of them goes back to `call` when re-opened
FROM_CALL = frozenset({CONSTRUCTOR, INSTANTIATE, DISPATCH, PROPERTY, IMPLICIT, READ})
# what `callers`/`callees` walk: everything that runs code of the definition
CALL_KINDS = (CALL, CONSTRUCTOR, INSTANTIATE, DECORATOR, PROPERTY, IMPLICIT, DISPATCH)
# what `blast-radius` walks by default: every kind
ALL_KINDS = CALL_KINDS + (INHERIT, OVERRIDE, REFERENCE, IMPORT, READ)
# sites kept only as dependencies: never listed as unresolved call sites, never `possible` by name
DEPENDENCY_SITES = frozenset({REFERENCE, IMPORT, OVERRIDE})


def site_kind(kind: str) -> str:
    """The kind of site a stored row came from (what the resolver is asked to resolve again)."""
    return CALL if kind in FROM_CALL else kind


def parse_kinds(text: str | None) -> tuple[str, ...]:
    """Kinds named on a command line (`call,instantiate`), validated; all kinds for None or ''."""
    if not text:
        return ALL_KINDS
    kinds = tuple(dict.fromkeys(k.strip() for k in text.split(",") if k.strip()))
    unknown = [k for k in kinds if k not in ALL_KINDS]
    if unknown:
        raise BadArgumentError(f"unknown edge kind {', '.join(unknown)} (kinds: {', '.join(ALL_KINDS)})")
    return kinds


def sql_in(kinds, column: str = "kind") -> str:
    """An SQL condition `column IN ('a', 'b')` for a fixed set of kinds (never user text)."""
    assert all(k in ALL_KINDS for k in kinds)
    return f"{column} IN (" + ", ".join(f"'{k}'" for k in kinds) + ")"
