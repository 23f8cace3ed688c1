"""Test classes as pytest collects them. A collected class (`Test*`, or a unittest.TestCase subclass, in a
test file) runs its own test methods
and those it inherits, and looks fixture names up in its own order: its class-level fixtures, those of its
bases (in method resolution order), then its module, then conftest.py files up the tree. So one test
method written once in a base class runs in each collected subclass with that subclass's fixtures (a base
`TestSigner` whose `signer_factory` a `TestTimestampSigner(TestSigner)` overrides): such a class is a
*context* of the methods it runs."""
from __future__ import annotations

import apsw

from graphmind.query.edges import json_list
from graphmind.query.testids import is_test_code, runner_of


def _c3(cls: int, bases: dict[int, list[int]], seen: frozenset = frozenset()) -> list[int]:
    """Python's method resolution order over the known classes (bases outside them end the line)."""
    if cls in seen:
        return [cls]
    lines = [_c3(b, bases, seen | {cls}) for b in bases.get(cls, ())] + [list(bases.get(cls, ()))]
    out = [cls]
    while any(lines):
        for line in lines:
            head = line[0] if line else None
            if head is not None and not any(head in other[1:] for other in lines):
                break
        else:                                    # no consistent order: Python would refuse it; keep going left first
            head = next(line[0] for line in lines if line)
        out.append(head)
        lines = [[c for c in line if c != head] for line in lines]
    return out


class Scopes:
    """The classes of a workspace's test files, their bases and subclasses, loaded once per query."""

    def __init__(self, conn: apsw.Connection):
        self.classes: dict[int, tuple[str, str, int, int]] = {}       # id -> (name, file, start, end)
        for sid, name, path, start, end in conn.execute(
                "SELECT s.id, s.name, f.path, s.start_line, s.end_line FROM symbols s JOIN files f ON f.id = s.file_id"
                " WHERE s.kind = 'class' AND f.language = 'python' AND f.path LIKE '%test%'"):
            if is_test_code(path):
                self.classes[sid] = (name, path, start, end)
        self._named: dict[str, list[int]] = {}
        for sid, (name, *_) in self.classes.items():
            self._named.setdefault(name, []).append(sid)
        self.bases: dict[int, list[int]] = {}
        self.subs: dict[int, list[int]] = {}
        self.unittest: set[int] = set()                     # classes written with a `...TestCase` base
        for cls, base, written, file_id in conn.execute(
                "SELECT i.class_id, i.target_id, i.base, i.file_id FROM json_each(?1) j CROSS JOIN inherits i"
                " ON i.class_id = j.value ORDER BY i.class_id, i.position", (json_list(list(self.classes)),)):
            if written.rsplit(".", 1)[-1].endswith("TestCase"):
                self.unittest.add(cls)
            base = base or self._rooted(conn, file_id, written)
            if base is None:
                continue
            self.bases.setdefault(cls, []).append(base)
            self.subs.setdefault(base, []).append(cls)
        self._mro: dict[int, list[int]] = {}
        self._contexts: dict[int, list[int]] = {}

    def _rooted(self, conn: apsw.Connection, file_id: int, name: str) -> int | None:
        """A base class imported from another test module as pytest's rootdir insertion puts it on sys.path
        (`from test_pkg.test_core import TestBase`, the module being tests/test_pkg/test_core.py)."""
        row = conn.execute("SELECT module, symbol FROM imports WHERE file_id = ? AND alias = ? AND symbol IS NOT NULL",
                           (file_id, name)).fetchone()
        found = self._named.get(row[1], []) if row else []
        qual = {c: q for c, q in conn.execute("SELECT s.id, s.qualname FROM json_each(?1) j CROSS JOIN symbols s"
                                               " ON s.id = j.value", (json_list(found),))} if found else {}
        fits = [c for c in found if f".{qual[c]}".endswith(f".{row[0]}.{row[1]}")]
        return fits[0] if len(fits) == 1 else None

    def mro(self, cls: int) -> list[int]:
        if cls not in self._mro:
            self._mro[cls] = _c3(cls, self.bases)
        return self._mro[cls]

    def collected(self, cls: int) -> bool:
        name, path, _, _ = self.classes.get(cls, ("", "", 0, 0))
        return runner_of(path) == "pytest" and (name.startswith("Test") or not self.unittest.isdisjoint(self.mro(cls)))

    def contexts(self, cls: int) -> list[int]:
        """The collected classes that run the methods of cls: cls itself and its subclasses, at any depth."""
        if cls in self._contexts:
            return self._contexts[cls]
        seen, todo = {cls}, [cls]
        while todo:
            for sub in self.subs.get(todo.pop(), ()):
                if sub not in seen:
                    seen.add(sub)
                    todo.append(sub)
        self._contexts[cls] = sorted(c for c in seen if self.collected(c))
        return self._contexts[cls]


def ancestors(conn: apsw.Connection, classes: set[int]) -> set[int]:
    """The classes with every ancestor the index knows."""
    return {c for (c,) in conn.execute(
        "WITH RECURSIVE up(id) AS (SELECT value FROM json_each(?1) UNION SELECT i.target_id FROM up JOIN inherits i"
        " ON i.class_id = up.id WHERE i.target_id IS NOT NULL LIMIT 500) SELECT id FROM up",
        (json_list(sorted(classes)),))}


def named_classes(conn: apsw.Connection, func: int, file_id: int, start: int) -> set[int]:
    """The classes a function names as values, in its body or its decorators (`partial(Signer, key=k)`,
    `@pytest.fixture(params=(A, B))`): by the name's import in the file, or a class of the file."""
    names = {callee for (callee,) in conn.execute(
        "SELECT DISTINCT c.callee FROM calls c WHERE c.kind = 'read' AND (c.caller_id = ?1 OR (c.file_id = ?2"
        " AND c.line BETWEEN ?3 AND ?4 AND c.caller_id = (SELECT parent_id FROM symbols WHERE id = ?1)))",
        (func, file_id, max(start - 4, 1), start - 1)) if "." not in callee}
    if not names:
        return set()
    return {c for (c,) in conn.execute(
        "SELECT s.id FROM json_each(?1) j CROSS JOIN imports i ON i.file_id = ?2 AND i.alias = j.value"
        " JOIN symbols s ON s.qualname = i.resolved || '.' || i.symbol AND s.kind = 'class'"
        " UNION SELECT s.id FROM json_each(?1) j CROSS JOIN symbols s ON s.file_id = ?2 AND s.name = j.value"
        " AND s.kind = 'class'", (json_list(sorted(names)), file_id))}
