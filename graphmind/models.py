"""Small typed values passed between stages: what a file holds, and what a query answers."""
from __future__ import annotations

from dataclasses import dataclass, field


MEMBER_READ = 2     # CallRow.implicit for `obj.attr` read without a call: an edge only when attr is a property
# the resolution of an implicit call or member read that reaches no definition: kept (so a definition
# added later re-opens it, whatever order files arrive in), never listed as a call site
UNREACHED = "unreached"
PARAMETER_CALLS = "("   # BindingRow.name the argument rows of calls through a parameter (`cb(x)`) are filed under again


@dataclass(slots=True)
class SymbolRow:
    """A definition found in a file; `parent` is an index into the same file's symbol list."""
    qualname: str
    name: str
    kind: str
    start_line: int
    end_line: int
    start_byte: int
    end_byte: int
    signature: str
    parent: int | None
    doc: str = ""            # docstring or leading comment, folded and cut (graphmind/index/docstrings.py)


@dataclass(slots=True)
class CallRow:
    """A call site; `caller` is an index into the file's symbol list."""
    caller: int
    callee: str
    name: str
    line: int
    col: int
    implicit: int = 0        # 1: an operator, subscript, with or callback call nobody
                             # wrote as f(); 2 (MEMBER_READ): a member read (`obj.attr`), a call only
                             # when attr is a property
    kind: str = "call"       # the site's kind (graphmind/edgekinds.py SITE_KINDS): call, decorator,
                             # reference, import, override
    arity: int | None = None  # arguments written at the call (languages with overloads only)
    args: str | None = None   # the arguments as written, tab-separated (graphmind/languages.py TYPED_ARGUMENTS)


@dataclass(slots=True)
class BindingRow:
    """A name bound in a scope (assignment, parameter, annotation, with, loop) or a return value.

    kind: assign | annot | attr (self.NAME = …) | param | local | loop | with | global | return | returns
    flow: 0 when no name of the scope is rebound unconditionally (order does not matter there); else
    1 for a binding at the top level of its scope's body, 2 inside a branch, loop, try or comprehension
    (it may not run, or run again): graphmind/index/python/order.py `mark_order`.
    """
    scope: int
    name: str
    kind: str
    value: str
    line: int
    flow: int = 0


@dataclass(slots=True)
class ImportRow:
    """One name an import binds in a scope."""
    scope: int
    module: str
    symbol: str | None
    alias: str
    resolved: str | None
    line: int


@dataclass(slots=True)
class InheritRow:
    """A base class (or implemented interface) of a class in the file."""
    cls: int
    base: str
    position: int
    line: int = 0


@dataclass(slots=True)
class Extraction:
    """Everything one file contributes to the graph."""
    module: str
    status: str = "ok"                 # ok | partial | error | skipped
    error: str | None = None
    symbols: list[SymbolRow] = field(default_factory=list)
    calls: list[CallRow] = field(default_factory=list)
    imports: list[ImportRow] = field(default_factory=list)
    inherits: list[InheritRow] = field(default_factory=list)
    bindings: list[BindingRow] = field(default_factory=list)

    def __reduce__(self):
        # Sent from a parser worker as rows of plain tuples: pickling slotted dataclasses one by one
        # runs Python per row both ways (5x the cost on Django's files).
        return _extraction, (self.module, self.status, self.error,
                             *[list(map(get, getattr(self, name))) for name, _, get in _row_kinds()])


_ROW_KINDS: list = []


def _row_kinds() -> list:
    """(field of Extraction, row class, a getter of a row's fields as a tuple) for each kind of row."""
    if not _ROW_KINDS:
        from dataclasses import fields
        from operator import attrgetter
        for name, cls in (("symbols", SymbolRow), ("calls", CallRow), ("imports", ImportRow),
                          ("inherits", InheritRow), ("bindings", BindingRow)):
            _ROW_KINDS.append((name, cls, attrgetter(*[f.name for f in fields(cls)])))
    return _ROW_KINDS


def _extraction(module: str, status: str, error: str | None, *rows: list[tuple]) -> Extraction:
    """An Extraction rebuilt from Extraction.__reduce__'s tuples."""
    return Extraction(module, status, error, *[[cls(*t) for t in kind] for (_, cls, _), kind in zip(_row_kinds(), rows)])


@dataclass(slots=True)
class FileInfo:
    """A file found by the walk: where it is and what it looks like on disk."""
    path: str            # relative, '/'-separated
    abspath: str
    language: str
    size: int
    mtime_ns: int


@dataclass(slots=True)
class FileResult:
    """What happened to one file during indexing."""
    info: FileInfo
    sha256: str
    unchanged: bool
    extraction: Extraction | None


@dataclass
class Delta:
    """What a write changed, for the resolution that follows it in the same transaction."""
    files: set[int] = field(default_factory=set)       # files whose rows were replaced or added
    fresh: set[int] = field(default_factory=set)       # of those, files whose call rows are all new (pending)
    removed: set[int] = field(default_factory=set)     # files deleted
    gone: set[int] = field(default_factory=set)        # symbol ids that no longer exist
    names: set[str] = field(default_factory=set)       # names calls elsewhere may now resolve differently by
    changed: set[str] = field(default_factory=set)     # names whose meaning changed (FilePlan.changed)
    wide: bool = False                                  # a change other files may have been typed through
    wide_modules: set[str] = field(default_factory=set)   # modules whose importers may resolve differently
    modules: set[str] = field(default_factory=set)        # modules that changed otherwise
    languages: set[str] = field(default_factory=set)      # languages of the changed files
    # argument flow ("(NAME" in names): the call sites written files added (scope, "(NAME", callee and
    # arguments); the names whose only change is such additions, and those changed otherwise too
    added: set[tuple[str, str, str]] = field(default_factory=set)
    grown: set[str] = field(default_factory=set)
    reflow: set[str] = field(default_factory=set)
    reopened: int = 0       # call sites of other files sent back to pending (set by the resolve pass)

    @property
    def grown_only(self) -> set[str]:
        """The "(NAME" whose only change is call sites added: followed by the resolve pass, where what the
        parameters held before can be asked (resolve/cutoff.py), not by the store's re-open."""
        return self.grown - self.reflow

    def merge(self, other: "Delta") -> None:
        for name in ("files", "fresh", "removed", "gone", "names", "changed", "wide_modules", "modules", "languages",
                     "added", "grown", "reflow"):
            getattr(self, name).update(getattr(other, name))
        self.wide = self.wide or other.wide


@dataclass(slots=True)
class IndexSummary:
    """The one-line account of an index run."""
    scanned: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0
    failed: int = 0
    symbols: int = 0
    edges: int = 0
    seconds: float = 0.0
    resolved: int = 0               # call sites the run resolved (pending ones: new, or sent back)
    reopened: int = 0               # of those, sites of files the run did not write (re-opened by the change)

    def line(self) -> str:
        return (f"{self.scanned} files scanned, {self.changed} changed, {self.removed} removed, "
                f"{self.failed} with errors; {self.symbols} symbols, {self.edges} resolved edges "
                f"in {self.seconds:.2f}s")
