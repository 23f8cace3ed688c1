"""Resolution state a long-lived writer (the daemon) keeps between updates: the symbol tables and
every class's resolved bases, brought up to date with what each write changed.

Without it every update reloads the whole workspace's tables (about half a second on Django) and
resolves every class's bases again. With it an update costs what it changed: the changed files'
rows are loaded, and only the classes a change can reach get their bases resolved again (classes
in changed files, classes deriving from a definition that is gone, classes whose base expression
names a name that appeared or vanished; all of them after a change others may be typed through).
A language whose hooks rewrite the tables when a pass starts (`prepare`: Go, Rust, C/C++) records
what it rewrote (graphmind/resolve/rewrites.py): an update first undoes that, so the tables are
exactly the stored rows again, then updates the changed files, and the pass rewrites them anew.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import apsw

from graphmind.models import Delta
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.tables import Tables, add_files, drop_files, load_tables
from graphmind.store import graph_version


class ResolveSession:
    """Tables and resolved class bases kept between the updates of one writer."""

    def __init__(self) -> None:
        self.tables: Tables | None = None
        self.bases: dict[int, list[int]] = {}                        # class -> its resolved bases
        self.subs: dict[int, set[int]] = defaultdict(set)            # class -> classes listing it as a base
        self.churn = 0              # files updated in place since the tables were loaded
        self.version: str | None = None   # graph_version after this session's last write
        self.loads = 0              # times the tables were loaded whole
        self.through: dict[int, list] = {}      # scope -> what its calls through parameters reach (kept_through)

    def invalidate(self) -> None:
        """Forget everything (after a failed update: the tables may be ahead of what was committed)."""
        self.tables = None
        self.bases.clear()
        self.subs.clear()
        self.through.clear()
        self.churn = 0

    def prepare(self, conn: apsw.Connection, root: Path, delta: Delta | None,
                version_at_begin: str | None = None) -> tuple[Tables, set[int] | None]:
        """Tables current with the store, and the classes whose bases must be resolved again (None: all).
        `version_at_begin`: the graph version when this update's transaction began; another than the
        one this session last wrote means another process wrote the index since: load afresh."""
        t = self.tables
        if t is None or delta is None or version_at_begin != self.version:
            self.invalidate()
            self.loads += 1
            self.tables = t = load_tables(conn, root)
            return t, None
        touched = delta.files | delta.removed
        self.churn += len(touched)
        merged = dict(t.rewrites.merged)            # impl blocks whose bases a type held: it loses them
        t.rewrites.undo()                           # the tables as loaded from the rows, then updated
        left = set()
        for fid in touched:                                          # their classes are re-read below
            for sid in t.file_syms.get(fid, ()):
                self._forget(sid)
                if sid in merged:
                    left.add(merged[sid])
        for cls in left:
            self._forget(cls)
        drop_files(t, delta.files | delta.removed)              # then the rows now stored for changed files
        if delta.files:
            add_files(t, conn, sorted(delta.files))
        self.through = {} if delta.wide else {scope: reached for scope, reached in self.through.items()
                                              if scope in t.syms and t.syms[scope].file not in touched}
        if delta.wide:
            return t, None
        dirty = {sid for fid in delta.files for sid in t.file_syms.get(fid, ()) if sid in t.bases}
        for gone in delta.gone:
            dirty |= self.subs.get(gone, set())
        for name in delta.names:
            dirty |= t.base_words.get(name, set())
        return t, {c for c in dirty | left if c in t.syms}

    def merged_into(self, t: Tables, dirty: set[int] | None) -> None:
        """After the pass's hooks rewrote the tables: a dirty block merged into its type (a Rust impl)
        makes that type dirty too, since it now holds the block's bases."""
        for block in t.rewrites.merged:
            self._forget(block)                     # its bases are its type's now
        if dirty is not None:
            dirty |= {t.rewrites.merged[c] for c in dirty if c in t.rewrites.merged}

    def warm(self, conn: apsw.Connection, root: Path) -> bool:
        """Load the tables and resolve every class's bases ahead of the first update (when they can
        be kept); whether they were loaded."""
        if self.tables is not None:
            return False
        self.loads += 1
        self.tables = load_tables(conn, root)
        r = Resolver(self.tables)
        r.types.kept = self.through
        r.types.through_parameters()            # what calls through parameters reach, ahead of the first save
        self.record(r, list(self.tables.bases), graph_version(conn))
        return True

    def kept_through(self, conn: apsw.Connection) -> dict[int, list]:
        """What calls through parameters reached in the passes before (python/arguments.through_parameters),
        less what this pass may answer otherwise: the scopes with a call re-opened (the store re-opens the
        calls of a function whose parameters may be passed something else: store/flows.py) and the
        functions (or classes, for `__init__`; functions, for their closures) whose call sites are."""
        if self.through:
            t, callers, names = self.tables, set(), set()
            for caller, name in conn.execute("SELECT caller_id, name FROM calls WHERE resolution = 'pending'"):
                callers.add(caller)
                names.add(name)
            for scope in [s for s in self.through if s in callers or t.syms[s].name in names
                          or t.syms[s].parent is not None and t.syms[t.syms[s].parent].name in names]:
                del self.through[scope]
        return self.through

    def _forget(self, cls: int) -> None:
        for base in self.bases.pop(cls, ()):
            subs = self.subs.get(base)
            if subs is not None:
                subs.discard(cls)
                if not subs:
                    del self.subs[base]

    def record(self, r: Resolver, classes, version: str) -> None:
        """Remember the bases the pass resolved for these classes, and the graph version it left."""
        self.version = version
        if self.tables is None:
            return
        for cls in classes:
            self._forget(cls)
            found = self.bases[cls] = list(r.class_bases(cls))
            for base in found:
                self.subs[base].add(cls)
