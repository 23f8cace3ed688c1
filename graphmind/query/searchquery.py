"""What a search query asks for: its terms, which look like identifiers, the FTS5 queries built from
them, and the --kind/--file restriction as SQL."""
from __future__ import annotations

import re

import apsw
import orjson

from graphmind.store.searchindex import fold_name, split_words

STOPWORDS = frozenset(
    "a an the of to in on for with and or not is are be been by from as at it its this that these those how "
    "what where which who whom why when does do did if i we you my our can should would will there here into "
    "about all any each some me find show code whether inside".split())
# Question words dropped when the query also names an identifier ("what breaks if url_for changes").
QUESTION = frozenset("break breaks broken change changes changed changing use uses used using call calls called "
                     "calling depend depends affect affects affected happen happens modify modified".split())
_TERM = re.compile(r"[\w.:$-]*\w")
_WORD = re.compile(r"[^\W_]+")
_INNER_CAP = re.compile(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]")
_SCOPE_SEP = re.compile(r"[.:$]+")
_TEST_FILE = re.compile(r"^test_|[._-](test|spec)s?\.\w+$")
TEST_DIRS = frozenset({"tests", "test", "testing", "__tests__", "spec"})


def _is_identifier(term: str, single: bool) -> bool:
    return single or any(ch in term for ch in "_.:$") or bool(_INNER_CAP.search(term)) or (
        any(ch.isdigit() for ch in term) and any(ch.isalpha() for ch in term))


def parse_query(query: str) -> tuple[list[str], list[str]]:
    """The query's terms (stopwords dropped) and which of them look like identifiers."""
    terms = [t.strip(".:-$") for t in _TERM.findall(query)]
    terms = [t for t in terms if t]
    idents = [t for t in terms if _is_identifier(t, len(terms) == 1)]
    drop = STOPWORDS | (QUESTION if idents else frozenset())
    content = [t for t in terms if t in idents or t.lower() not in drop] or terms
    return content, [t for t in idents if t in content]


def last_name(term: str) -> str:
    """The last component of a dotted (or ::, $) name: `refund_one` in `RefundService.refund_one`."""
    return _SCOPE_SEP.split(term)[-1]


def dotted_suffix(term: str) -> str:
    """A dotted query as the lowercase qualified-name suffix it must match: `.refundservice.refund_one`."""
    return "." + _SCOPE_SEP.sub(".", term).lower()


def words(term: str) -> list[str]:
    """The words of a term, the way the index splits names: processRefund -> process, refund."""
    return [w.lower() for w in _WORD.findall(split_words(term))]


def clause(term: str) -> str:
    """The FTS5 clause of one term: its word, or for a compound name all its words or the folded name."""
    ws = words(term)
    inner = " AND ".join(f'"{w}"' for w in ws)
    return f'(name:"{fold_name(term)}" OR ({inner}))' if len(ws) > 1 else inner


def coordinated(required: list[str], optional: list[str]) -> list[str]:
    """FTS5 queries from strictest to loosest: every clause, then (over the optional ones only: common
    words would make a loose query slow and add little) all but one, then any."""
    out = [" AND ".join(required)] if required else []
    n = len(optional)
    if 3 <= n <= 6:
        out.append(" OR ".join("(" + " AND ".join(c for j, c in enumerate(optional) if j != i) + ")" for i in range(n)))
    if n >= 2 or (n == 1 and len(required) > 1):
        out.append(" OR ".join(optional))
    return out


def trigram_phrase(text: str) -> str:
    """An FTS5 string matching `text` as a substring in a trigram table."""
    return '"' + text.replace('"', '""') + '"'


def is_test_path(path: str) -> bool:
    """Whether a file is a test by its path (a tests/ folder, test_*.py, *_test.go, *.spec.ts, ...)."""
    parts = path.lower().split("/")
    return any(p in TEST_DIRS for p in parts[:-1]) or _TEST_FILE.search(parts[-1]) is not None


class Filter:
    """The --kind / --file restriction: `join` (files, when needed) and `sql` clauses over s and f."""

    def __init__(self, kind: str | None, file: str | None):
        clauses_, self.args = [], []
        self.join = ""
        if kind:
            clauses_.append("s.kind = ?")
            self.args.append(kind)
        if file:
            file = file.removeprefix("./").rstrip("/")
            self.join = " JOIN files f ON f.id = s.file_id"
            if any(ch in file for ch in "*?["):
                clauses_.append("f.path GLOB ?")
                self.args.append(file)
            else:
                clauses_.append("(f.path = ? OR substr(f.path, 1, ?) = ?)")
                self.args += [file, len(file) + 1, file + "/"]
        self.sql = "".join(f" AND {c}" for c in clauses_)


def merge_declarations(conn: apsw.Connection, flt: Filter, *lists: list[int]) -> list[list[int]]:
    """The result lists with each C++ member declaration that is defined out of line replaced by its
    definition (symbols.definition_id): one symbol for the pair. Not under --file, which names a file."""
    ids = sorted({i for ids in lists for i in ids})
    if flt.join or not ids:
        return list(lists)
    to = dict(conn.execute("SELECT id, definition_id FROM symbols WHERE definition_id IS NOT NULL"
                           " AND id IN (SELECT value FROM json_each(?))", (orjson.dumps(ids).decode(),)))
    return [list(dict.fromkeys(to.get(i, i) for i in ids)) for ids in lists]
