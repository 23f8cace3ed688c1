"""The terminal's tables of blast-radius / callers / callees, search and symbols (views/terminal.py fits them)."""
from __future__ import annotations

from pathlib import Path

from graphmind.query import render
from graphmind.views.calls import calling, calling_texts
from graphmind.views.terminal import Column, table_text

# ranks: the lowest goes first when the terminal is narrow; the location never goes
_WALK = [Column("depth", 1, wrap=False), Column("symbol", 4, least=16), Column("location", None, wrap=False),
         Column("called at", 3, least=14), Column("signature", 2, least=14)]
_SEARCH = [Column("kind", 1, wrap=False), Column("symbol", 3, least=16), Column("location", None, wrap=False),
           Column("signature", 2, least=14)]


def walk_table(w, root: Path, width: int) -> str:
    """A walk as a table: each row's location and the lines (with their text) where it calls the nearer symbol."""
    texts = calling_texts(root, w)
    rows = [(str(h.depth), h.symbol, f"{h.file}:{h.start_line}-{h.end_line}" + (" [stale]" if h.stale else ""),
             calling(h, texts), h.signature + render.kinds_note(h)) for h in w.hits]
    cols = _WALK if w.direction == "up" else [c if c.name != "called at" else Column("called at line", 3, least=8)
                                              for c in _WALK]
    return table_text(cols, rows, width, render.walk_header(w), tuple(render.walk_footer(w)))


def search_table(results, width: int) -> str:
    """Search results, best first, as a table (no result: the compact answer's sentence)."""
    rows = [(r.kind, r.qualname, f"{r.file}:{r.start_line}" + (" [stale]" if r.stale else ""), r.signature)
            for r in results]
    return table_text(_SEARCH, rows, width)


def symbols_table(refs, total: int, width: int) -> str:
    """`symbols` as a table, then how many more there are."""
    rows = [(r.kind, r.qualname, f"{r.file}:{r.start_line}-{r.end_line}", r.signature) for r in refs]
    more = f"\n… {total - len(refs)} more ({total} in all): raise --limit or narrow the pattern" if total > len(refs) else ""
    return (table_text(_SEARCH, rows, width) if rows else "no definition matches") + more
