"""Answers that fit a token budget: rows grouped by depth, and a note saying what was cut and how to get the rest."""
from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_TOKENS = 2000          # a graph answer: a few hundred tokens usually, never more than this by default
SOURCE_TOKENS = 4000           # one definition's source
MIN_TOKENS = 200
MAX_TOKENS = 50_000
_FOOTER_RESERVE = 60           # room kept for the note that says what was cut


def _chars_over_4(text: str) -> int:
    return (len(text) + 3) // 4


def _estimator():
    try:
        from graphmind.tokens import count_tokens
        return count_tokens
    except ImportError:
        return _chars_over_4


_estimate = _estimator()


def estimate_tokens(text: str) -> int:
    """Tokens a text costs an agent: graphmind.tokens.count_tokens (offline, cl100k-like), else characters / 4."""
    return int(_estimate(text))


@dataclass
class Row:
    """One line of an answer and its structured form; rows of one `group` are printed under one heading."""
    text: str
    data: dict
    group: str | None = None


@dataclass
class Section:
    """A kind of row (resolved callers, possible callers, ...): a title with its count, then rows."""
    key: str
    title: str
    rows: list[Row]
    total: int | None = None           # rows that exist, when more than `rows` were fetched
    paged: bool = False                # `offset` applies to this section
    empty: str | None = None           # what to print when there are no rows (None: print nothing)


@dataclass
class Page:
    """A rendered answer: the text, the rows shown per section, and what was cut."""
    text: str
    shown: dict[str, list[dict]] = field(default_factory=dict)
    cut: dict | None = None
    tokens: int = 0
    cut_rest: str = ""                 # the cut note after the budget it names

    def announce(self, budget: int) -> None:
        """Name `budget` in the cut note (the agent's budget, not the text's share of it render was given)."""
        if self.cut is None:
            return
        head, note, tail = self.text.rpartition(f"{_CUT_NOTE}{self.cut['budget']}{self.cut_rest}")
        if note:
            self.text = f"{head}{_CUT_NOTE}{budget}{self.cut_rest}{tail}"
        self.cut["budget"] = budget

    def meta(self) -> dict:
        """The structured fields every answer carries about its own size."""
        return {"tokens": self.tokens, "cut": self.cut}


_CUT_NOTE = "cut at max_tokens="


def render(header: list[str], sections: list[Section], budget: int | None, offset: int = 0,
           notes: list[str] | None = None, more: str = "") -> Page:
    """Header, then each section's rows until the budget runs out; `more` says how to narrow the query.

    `offset` pages through the paged section. Sections before it are listed on the first page only;
    sections after it are listed on the page where the paged section ends.
    """
    lines = list(header)
    used = estimate_tokens("\n".join(lines))
    limit = None if budget is None else budget - _FOOTER_RESERVE
    page = Page("")
    cut_at: tuple[Section, int, int] | None = None       # section, rows shown, first row index
    paged_seen = paged_cut = False
    for sec in sections:
        total = sec.total if sec.total is not None else len(sec.rows)
        page.shown[sec.key] = []
        if not sec.rows and sec.empty is None:
            continue
        if not sec.paged and sec.rows and ((offset and not paged_seen) or paged_cut):
            where = "at offset=0" if not paged_cut else "after the last of the rows above (see offset below)"
            lines.append(f"{sec.title}: {total} (listed {where})")
            continue
        rows = sec.rows[offset:] if sec.paged else sec.rows
        if not sec.rows:
            lines.append(f"{sec.title}: {sec.empty}")
        elif sec.paged and offset >= total:
            lines.append(f"{sec.title}: {total} (none from offset {offset})")
        else:
            lines.append(f"{sec.title}: {total}" + (f" (from #{offset + 1})" if sec.paged and offset else ""))
        used += estimate_tokens(lines[-1]) + 1
        group = None
        for i, row in enumerate(rows):
            if cut_at is not None:
                break
            head = [f"{row.group}:"] if row.group is not None and row.group != group else []
            text = "\n".join(head + [("  " if row.group is not None else "") + row.text])
            cost = estimate_tokens(text) + 1
            if limit is not None and used + cost > limit:
                cut_at = (sec, i, (offset if sec.paged else 0))
                break
            lines.append(text)
            used += cost
            group = row.group
            page.shown[sec.key].append(row.data)
        if cut_at is not None and cut_at[0] is not sec and rows:
            lines[-1] += " (rows not shown: token budget)"
        paged_seen = paged_seen or sec.paged
        paged_cut = paged_cut or (sec.paged and cut_at is not None and cut_at[0] is sec)
    lines += notes or []
    if cut_at is not None:
        sec, n, first = cut_at
        total = sec.total if sec.total is not None else len(sec.rows)
        page.cut = {"section": sec.key, "shown": n, "total": total, "next_offset": first + n if sec.paged else None,
                    "budget": budget}
        how = f"call again with offset={first + n} for the next rows" if sec.paged else "raise max_tokens"
        span = f"{first + 1}-{first + n}" if n else "none"
        page.cut_rest = f": {sec.title} {span} of {total} shown; {how}" + (f", or {more}" if more else "")
        lines.append(f"{_CUT_NOTE}{budget}{page.cut_rest}")
    page.text = "\n".join(lines)
    page.tokens = estimate_tokens(page.text)
    return page


def _compact_json(doc) -> str:
    import json
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False, default=str)


def answer_tokens(text: str, doc) -> int:
    """What an answer costs an agent: its text and its structured content, counted with one estimator."""
    return estimate_tokens(text) + estimate_tokens(_compact_json(doc))


def _search(make, lo: int, hi: int, good) -> tuple | None:
    """(inner, page, doc) for the largest inner budget in lo..hi at which `good(page, doc)`, by bisection."""
    found = None
    while lo <= hi:
        mid = (lo + hi) // 2
        page, doc = make(mid)
        if good(page, doc):
            found, lo = (mid, page, doc), mid + 1
        else:
            hi = mid - 1
    return found


def _no_row(page: Page) -> bool:
    """The page was cut before its first row: paging by its next_offset would not move."""
    return bool(page.cut) and page.cut["shown"] == 0 and page.cut["next_offset"] is not None


def fit_answer(make, budget: int | None) -> tuple[Page, dict]:
    """make(b) -> (page, structured content) at the largest text budget b at which both together fit
    `budget` (the text's rows and the structured rows are cut alike; the cut note names `budget`). A page
    always shows at least one row, so that paging moves on even when one row alone costs more."""
    if budget is None:
        return make(budget)

    def made(inner: int) -> tuple[Page, dict]:
        page, doc = make(inner)
        if inner != budget:                 # the agent's budget in the note, not the text's share of it
            page.announce(budget)
            if isinstance(doc.get("cut"), dict):
                doc["cut"]["budget"] = budget
        doc["tokens"] = budget              # a placeholder as wide as the figure set below
        doc["tokens"] = page.tokens = answer_tokens(page.text, doc)
        return page, doc

    page, doc = made(budget)
    if doc["tokens"] <= budget:
        return page, doc
    found = _search(made, 1, budget - 1, lambda p, d: d["tokens"] <= budget)
    if found is None or _no_row(found[1]):
        lo, hi = (found[0] + 1 if found else 1), budget          # the smallest budget showing a row: bisect up
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if not _no_row(made(mid)[0]) else (mid + 1, hi)
        found = (lo, *made(lo))
    return found[1], found[2]
