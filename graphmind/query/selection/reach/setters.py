"""A property's setter runs where the attribute is assigned, not where it is read. The index records reads of
`v.major` (a `property` edge) and resolves them to the getter (before session 24 to the last method of that
name, the setter `@major.setter def major(self, value): …`, when one followed the getter); it records no
assignment at all. For a changed setter (or deleter), its read edges (if any) are cut and the functions assigning
(deleting) the attribute by that name (`version.major = 9`, `del v.major`, `setattr(v, "major", 9)`) are
linked to it; for a changed getter, reads that went to its setter are linked back to it. Read at query
time, only for the methods asked about; the assignments are found by the attribute's name, in the files
that name it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import apsw

from graphmind.query.edges import json_list
from graphmind.query.selection.sources import def_at, hinted_tree

FILE_CAP = 5_000             # files read for assignments of one attribute
_READS = ("property", "read")


def _role(conn: apsw.Connection, root: Path, sid: int) -> tuple[str, str] | None:
    """('setter' | 'deleter' | 'getter', attribute name) for a method decorated as a property's part."""
    name, line, path = conn.execute("SELECT s.name, s.start_line, f.path FROM symbols s JOIN files f ON"
                                    " f.id = s.file_id WHERE s.id = ?", (sid,)).fetchone()
    fn = def_at(root, path, line)
    for d in fn.decorator_list if fn is not None else ():
        if isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter") and isinstance(d.value, ast.Name) \
                and d.value.id == name:
            return d.attr, name
        if isinstance(d, ast.Name) and d.id in ("property", "cached_property"):
            return "getter", name
    return None


def _writes(node: ast.AST, name: str, role: str) -> bool:
    """Whether a node assigns (role 'setter') or deletes ('deleter') the attribute `name`."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
        wanted = ast.Del if role == "deleter" else ast.Store
        return any(isinstance(t, ast.Attribute) and t.attr == name and isinstance(t.ctx, wanted)
                   for target in targets for t in ast.walk(target))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2:
        fn = {"setter": "setattr", "deleter": "delattr"}[role]
        arg = node.args[1]
        return node.func.id == fn and isinstance(arg, ast.Constant) and arg.value == name
    return False


def _writers(conn: apsw.Connection, root: Path, name: str, role: str) -> set[int]:
    """The functions and methods whose own code assigns (or deletes) an attribute of that name."""
    word = re.compile(rf"\b{re.escape(name)}\b")
    out: set[int] = set()
    for fid, path in conn.execute("SELECT id, path FROM files WHERE path LIKE '%.py' LIMIT ?", (FILE_CAP,)):
        tree = hinted_tree(root, path, word)      # the text read once per process, parsed only where it names it
        lines = {getattr(n, "lineno", 0) for n in ast.walk(tree) if _writes(n, name, role)} if tree else set()
        for line in lines:
            row = conn.execute("SELECT id FROM symbols WHERE file_id = ? AND kind IN ('function', 'method')"
                               " AND start_line <= ?2 AND end_line >= ?2 ORDER BY start_line DESC LIMIT 1",
                               (fid, line)).fetchone()
            if row:
                out.add(row[0])
    return out


def setter_links(conn: apsw.Connection, root: Path | None, ids: list[int]) -> tuple[list[tuple[int, int]], set[tuple[int, int]]]:
    """(links, cuts): (function, setter) for the functions assigning the attribute a setter among ids sets,
    (reader, getter) for the reads resolved to a getter's setter; the read edges of a setter, to skip."""
    links: list[tuple[int, int]] = []
    cuts: set[tuple[int, int]] = set()
    if root is None:
        return links, cuts
    for sid, cls in conn.execute("SELECT s.id, s.parent_id FROM json_each(?1) j CROSS JOIN symbols s ON s.id = j.value"
                                 " JOIN symbols p ON p.id = s.parent_id AND p.kind = 'class' WHERE s.kind = 'method'",
                                 (json_list(ids),)).fetchall():
        role = _role(conn, root, sid)
        if role is None:
            continue
        part, name = role
        if part == "getter":
            twins = [t for (t,) in conn.execute("SELECT id FROM symbols WHERE parent_id = ? AND name = ? AND id != ?"
                                                " AND kind = 'method'", (cls, name, sid))]
            links += [(caller, sid) for twin in twins for (caller,) in conn.execute(
                f"SELECT DISTINCT caller_id FROM calls WHERE target_id = ? AND kind IN {_READS}", (twin,))]
            continue
        cuts |= {(caller, sid) for (caller,) in conn.execute(
            f"SELECT DISTINCT caller_id FROM calls WHERE target_id = ? AND kind IN {_READS}", (sid,))}
        links += [(writer, sid) for writer in _writers(conn, root, name, part) if writer != sid]
    return links, cuts - set(links)          # a function both reading and assigning the attribute runs it
