"""What the store asks the resolver's rules when it rewrites a file: the FilePlanner it is handed.

The store knows rows, not resolution: which definitions of a saved file continue old ones, which
names calls elsewhere may now resolve differently by, and which calls in the file still resolve as
before are the resolver's answers (graphmind/resolve/interface.py implements them). The write path's
wiring (graphmind/index/indexer.py) passes a planner to every write of files.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import apsw

from graphmind.models import Extraction


@dataclass
class FilePlan:
    """What replacing (or deleting) one file's rows keeps and changes."""
    kept: list[int | None]                 # per new definition: the old symbol id it continues, or None
    names: set[str]                        # names calls elsewhere may now resolve differently by
    wide: bool                             # importers may have been typed through what changed
    reusable: set[str] = field(default_factory=set)   # scopes whose calls resolve as before (unless
    #                                                   they mention one of `names`)
    old_hashes: dict[int, int | None] = field(default_factory=dict)   # old symbol id -> symbols.text_hash
    changed: set[str] = field(default_factory=set)    # names whose meaning changed, bindings read as
    #                         members included (`names` of a wide change holds every definition; this, what differs)
    added: set[tuple[str, str, str]] = field(default_factory=set)   # call sites with arguments the file adds:
    #                         (scope, "(NAME", callee and arguments)
    grown: set[str] = field(default_factory=set)      # the "(NAME" in `names` only because sites were added


class FilePlanner(Protocol):
    """The resolution rules the store applies when it writes files."""

    def plan(self, conn: apsw.Connection, file_id: int | None, ext: Extraction) -> FilePlan:
        """What replacing the indexed rows of file `file_id` (None: a new file) by `ext` keeps and changes."""
        ...

    def removal(self, conn: apsw.Connection, file_id: int) -> FilePlan:
        """What deleting the indexed file `file_id` changes for calls elsewhere."""
        ...

    def mentions(self, text: str) -> list[str]:
        """The identifiers a call's text mentions."""
        ...

    def looked_up(self, text: str) -> list[str]:
        """The members a call's text looks up (`a.b(c=d).e` -> b, e): what a class's bases decide."""
        ...

    def dispatched(self, text: str) -> bool:
        """Whether a call's text is looked up from the class enclosing it (`self.m()`, `super().m()`)."""
        ...
