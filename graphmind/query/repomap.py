"""A ranked, token-budgeted map of a workspace's most important definitions, drawn from the index alone.

Aider's repo map on our graph: the ranked list (maprank.py) is cut by a binary search over how many
of its first entries fit the token budget, then drawn per file as signature lines under their
enclosing scopes. No source file is opened: signatures, lines and scopes come from the database.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import apsw
import orjson

from graphmind.query import maprank
from graphmind.errors import BadArgumentError
from graphmind.query.mapfiles import important_files
from graphmind.query.render import cut
from graphmind.store import open_reader
from graphmind.tokens import line_cost

DEFAULT_TOKENS = 1024
NO_FOCUS_MUL = 8           # Aider: with no focus file the map may grow this many times the budget...
CONTEXT_PADDING = 4096     # ...but stay this far below the model's context window
OK_ERR = 0.15              # a map within 15% of the budget is accepted
MAX_LINE = 100             # longer lines are cut
INDENT = "    "
_PY_COMMENT = re.compile(r"(?<=[\w)\]])\s*:\s*#.*$")


@dataclass
class RepoMap:
    """A drawn map and what it holds."""
    text: str
    tokens: int                                   # estimated (graphmind.tokens)
    budget: int
    definitions: list[dict] = field(default_factory=list)   # the shown definitions, best first
    files: list[dict] = field(default_factory=list)         # files shown by name only
    focus: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        """The JSON document of `graphmind map --json` (fields documented in docs/repomap.md)."""
        return {"budget": self.budget, "tokens": self.tokens, "focus": self.focus, "mentions": self.mentions,
                "definitions": self.definitions, "files": self.files, "map": self.text}


def map_budget(tokens: int, focused: bool, max_context: int | None, mul: int = NO_FOCUS_MUL) -> int:
    """The budget in tokens: with no focus and a known context window, up to `mul` times larger."""
    if tokens < 1:
        raise BadArgumentError("--tokens must be at least 1")
    if max_context is not None and max_context < 1:
        raise BadArgumentError("--max-context must be at least 1")
    if not focused and max_context:
        target = min(tokens * mul, max_context - CONTEXT_PADDING)
        if target > 0:
            return target
    return tokens


def _focus_paths(conn: apsw.Connection, root: Path, focus: list[str]) -> list[str]:
    """Focus arguments (workspace-relative, or relative to the current folder, or absolute) as indexed paths."""
    def indexed(rel: str) -> bool:
        return conn.execute("SELECT 1 FROM files WHERE path=?", (rel,)).fetchone() is not None

    out = []
    for arg in focus:
        rel = arg.replace("\\", "/").removeprefix("./")
        if os.path.isabs(arg) or not indexed(rel):
            try:
                rel = Path(arg).resolve().relative_to(root).as_posix()
            except ValueError:
                if os.path.isabs(arg):
                    raise BadArgumentError(f"--focus {arg}: not inside the workspace {root}") from None
        if not indexed(rel):
            raise BadArgumentError(f"--focus {arg}: not an indexed file (see `graphmind status`)")
        out.append(rel)
    return sorted(set(out))


def _ranked(root: Path, conn: apsw.Connection, focus: list[str], mentions: set[str], limit: int) -> list:
    """The first `limit` entries of the ranked list; stored when unfocused, recomputed otherwise."""
    if not focus and not mentions:
        stored = maprank.stored_ranking(conn, limit)
        if stored is not None:
            return stored
    graph, version = maprank.load_graph(conn)
    paths = maprank.node_paths(conn, graph)
    if version is not None:                      # computed now: keep it for the next map
        plain = maprank.rank(graph, paths)
        maprank.persist(root, version, graph, plain)
        if not focus and not mentions:
            return plain.top(limit)
    wanted = set(focus)
    nodes = {i for i, p in enumerate(paths) if p in wanted}
    return maprank.rank(graph, paths, nodes, mentions).top(limit)


class _Drawer:
    """Draws prefixes of the ranked list, loading each definition's row once, when first drawn."""

    def __init__(self, conn: apsw.Connection, line_numbers: bool):
        self.conn, self.line_numbers = conn, line_numbers
        self.rows: dict[int, tuple] = {}     # id → (parent_id, kind, qualname, signature, start, end, path)
        self.text: dict[int, str] = {}       # id → its drawn line

    def load(self, ids: list[int]) -> None:
        """Fetch the rows of these symbols and of their enclosing scopes."""
        want = sorted({i for i in ids if i not in self.rows})
        while want:
            for r in self.conn.execute(
                    "SELECT s.id, s.parent_id, s.kind, s.qualname, s.signature, s.start_line, s.end_line, f.path"
                    " FROM json_each(?1) j JOIN symbols s ON s.id = j.value JOIN files f ON f.id = s.file_id",
                    (orjson.dumps(want).decode(),)):
                self.rows[r[0]] = r[1:]
            want = sorted({r[0] for r in self.rows.values() if r[0] is not None and r[0] not in self.rows})

    def _line(self, sid: int, depth: int) -> str:
        if sid not in self.text:
            _, _, _, sig, start, _, path = self.rows[sid]
            if path.endswith((".py", ".pyi")):
                sig = _PY_COMMENT.sub("", sig)     # `def f(x):  # note` folded into the signature
            line = INDENT * depth + (f"{start}: " if self.line_numbers else "") + sig
            self.text[sid] = cut(line, MAX_LINE, whole_tokens=True)
        return self.text[sid]

    def draw(self, items: list) -> list[str]:
        """The map's lines for a prefix of the list: files in path order, definitions under their scopes."""
        self.load([i.symbol_id for i in items if not isinstance(i, str)])
        rows = self.rows
        defs: dict[str, set[int]] = {}
        bare: set[str] = set()
        for item in items:
            if isinstance(item, str):
                bare.add(item)
            elif rows[item.symbol_id][1] == "module":
                bare.add(rows[item.symbol_id][6])
            else:
                defs.setdefault(rows[item.symbol_id][6], set()).add(item.symbol_id)
        lines = []
        for path in sorted(bare | set(defs)):
            if path not in defs:
                lines.append(path)
                continue
            lines.append(path + ":")
            shown: dict[int, int] = {}
            for sid in defs[path]:
                chain = [sid]
                while (p := rows[chain[-1]][0]) is not None and rows[p][1] != "module":
                    chain.append(p)
                for depth, s in enumerate(reversed(chain), 1):
                    shown[s] = depth
            for sid in sorted(shown, key=lambda s: (rows[s][4], -rows[s][5], rows[s][2])):
                lines.append(self._line(sid, shown[sid]))
        return lines


def _fit(items: list, drawer: _Drawer, budget: int) -> tuple[int, list[str], int]:
    """Aider's binary search: the longest prefix of the list whose map fits the budget (within 15%)."""
    lo, hi = 0, len(items)
    middle = min(budget // 25, len(items))
    best = (0, [], 0)
    while lo <= hi:
        lines = drawer.draw(items[:middle])
        tokens = round(sum(line_cost(line) for line in lines))
        err = abs(tokens - budget) / budget
        if (tokens <= budget and tokens > best[2]) or err < OK_ERR:
            best = (middle, lines, tokens)
            if err < OK_ERR:
                break
        if tokens < budget:
            lo = middle + 1
        else:
            hi = middle - 1
        middle = (lo + hi) // 2
    return best


def build_map(root: Path, tokens: int = DEFAULT_TOKENS, focus: list[str] = (), mentions: list[str] = (),
              max_context: int | None = None, line_numbers: bool = False) -> RepoMap:
    """The repo map of an indexed workspace: most important definitions first, fitted to `tokens`."""
    root = Path(root).resolve()
    conn = open_reader(root)
    try:
        with conn:                                  # one read transaction: ranks and rows from one snapshot
            focus_paths = _focus_paths(conn, root, list(focus))
            mention_set = {m.strip() for m in mentions if m.strip()}
            budget = map_budget(tokens, bool(focus_paths), max_context)
            limit = int(budget * (1 + OK_ERR)) + 2     # every entry costs a line: more can never fit
            entries = _ranked(root, conn, focus_paths, mention_set, limit)
            found = important_files(root)
            indexed = {p for (p,) in conn.execute(
                "SELECT f.path FROM files f JOIN json_each(?1) j ON j.value = f.path", (orjson.dumps(found).decode(),))}
            special = [p for p in found if p not in indexed]
            items = (special + entries)[:limit]
            drawer = _Drawer(conn, line_numbers)
            count, lines, used = _fit(items, drawer, budget)
            rows = drawer.rows
    finally:
        conn.close()
    out = RepoMap("\n".join(lines) + ("\n" if lines else ""), used, budget,
                  focus=focus_paths, mentions=sorted(mention_set))
    for rank, item in enumerate(items[:count], 1 - len(special)):
        if isinstance(item, str):
            out.files.append({"file": item, "score": None, "important": True})
            continue
        parent, kind, qual, sig, start, end, path = rows[item.symbol_id]
        score = float(f"{item.score:.6g}")
        if kind == "module":
            out.files.append({"file": path, "score": score, "important": False})
        else:
            out.definitions.append({"rank": rank, "score": score, "symbol": qual, "kind": kind, "file": path,
                                    "start_line": start, "end_line": end, "signature": sig})
    return out
