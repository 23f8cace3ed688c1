"""Answers as rich tables that fit the terminal: the signature wraps, the least important column goes
first, the location (file:line) never. Only for a terminal; a pipe keeps the compact text (query/render)."""
from __future__ import annotations

import io
from dataclasses import dataclass

PAD = 2                       # between two columns (rich's padding: one space either side, none at the edges)


@dataclass
class Column:
    """A column: its heading, how little it may shrink to (0: to its content), whether it wraps, and its
    rank (dropped lowest first when the table cannot fit; None: never dropped)."""
    name: str
    rank: int | None
    least: int = 0
    wrap: bool = True


def fit(columns: list[Column], rows: list[tuple[str, ...]], width: int) -> list[int]:
    """The indexes of the columns kept at `width`: the location always, then the others from the most
    important down while they fit at their least width (a column that does not wrap needs all its content)."""
    def need(i: int) -> int:
        longest = max([len(columns[i].name), *(len(r[i]) for r in rows)])
        return min(longest, columns[i].least) if columns[i].wrap and columns[i].least else longest
    kept = [i for i, c in enumerate(columns) if c.rank is None]
    for i in sorted((i for i, c in enumerate(columns) if c.rank is not None), key=lambda i: -columns[i].rank):
        if sum(need(k) for k in kept + [i]) + PAD * len(kept) <= width:
            kept.append(i)
    return sorted(kept)


def table_text(columns: list[Column], rows: list[tuple[str, ...]], width: int, title: str = "",
               footer: tuple[str, ...] = (), colour: bool = True) -> str:
    """The rows as a rich table `width` characters wide (ANSI colours when `colour`), what did not fit, and
    the title and footer lines wrapped to the width."""
    from rich.console import Console
    from rich.table import Table
    kept = fit(columns, rows, width)
    table = Table(box=None, show_edge=False, pad_edge=False, header_style="bold", expand=False)
    for i in kept:
        c = columns[i]
        table.add_column(c.name, no_wrap=not c.wrap, overflow="fold" if c.wrap else "ignore",
                         min_width=None if c.wrap else max((len(r[i]) for r in rows), default=len(c.name)),
                         style="cyan" if c.rank is None else None)
    for r in rows:
        table.add_row(*(r[i] for i in kept))
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=colour, color_system="standard" if colour else None,
                      highlight=False, soft_wrap=False)
    if title:
        console.print(title, markup=False, highlight=False)
    if rows:
        console.print(table)
    dropped = [columns[i].name for i in range(len(columns)) if i not in kept]
    if dropped and rows:
        console.print(f"(too narrow for: {', '.join(dropped)}; widen the terminal or pipe the output)", style="dim",
                      markup=False)
    for line in footer:
        console.print(line, markup=False, highlight=False)
    return out.getvalue().rstrip("\n")


def wrap_lines(text: str, width: int) -> str:
    """Lines wrapped at `width` (continuations indented under their line), so a row's leading `file:line`
    stays whole on its first line."""
    import textwrap
    out = []
    for line in text.splitlines():
        lead = line[:len(line) - len(line.lstrip())]
        out += textwrap.wrap(line, width, subsequent_indent=lead + "    ", break_on_hyphens=False,
                             drop_whitespace=True) or [""]
    return "\n".join(out)
