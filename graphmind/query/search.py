"""Find definitions by name or words: exact and prefix name matches first, then BM25 text matches
fused (reciprocal rank fusion) with substring matches, graph centrality and recently changed files.
Pure reads of the index; the lexical rows are written by searchindex.py, queries parsed by searchquery.py."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import apsw
import orjson

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import SECOND_ROW_OF_CALL
from graphmind.query import searchquery as sq
from graphmind.budget import Page, Row, Section, render
from graphmind.arguments import bounded_int, bounded_text
from graphmind.errors import BadArgumentError
from graphmind.query.recency import recent_files
from graphmind.store.searchindex import TOKENIZER, WEIGHTS, fold_name
from graphmind.query.status import mark_stale

RRF_K = 60
POOL = 100                  # candidates taken from each ranked list
EXACT_CAP = 200             # exact name matches considered per term
CENTRAL_TOP = 10            # centrality and recency re-rank only the best text and substring matches
FUZZY_COMMON = 1500         # a trigram in more names than this is left out of near-miss queries ...
FUZZY_GRAMS = 8             # ... and at most this many of the rarest are used
TEXT_COMMON = 4000          # a word in more symbols than this is too common for the loose text queries
TEXT_ENOUGH = 50            # text matches that make the looser queries unnecessary
TEST_FACTOR = 0.8           # a fused score in a test file counts this much
W_TEXT, W_SUBSTRING, W_CENTRAL, W_CALLERS, W_RECENT = 1.0, 0.6, 0.5, 0.6, 0.2
_RESOLVED = ("c.target_id IS NOT NULL AND c.resolution NOT IN ('possible', 'pending') AND "
             + sql_in(CALL_KINDS, "c.kind") + f" AND NOT {SECOND_ROW_OF_CALL}")
_IN = "IN (SELECT value FROM json_each(?1))"


@dataclass
class Result:
    """One definition found by a search, and which stage found it."""
    id: int
    kind: str
    qualname: str
    name: str
    file: str
    start_line: int
    end_line: int
    signature: str
    match: str              # exact | prefix | text | substring | caller | fuzzy
    score: float = 0.0
    stale: bool = False

    def line(self) -> str:
        """The compact one-line form agents read: kind, qualified name, file:line, signature."""
        return f"{self.kind} {self.qualname} {self.file}:{self.start_line} {self.signature}"


def _run(conn: apsw.Connection, sql: str, args: tuple, flt: sq.Filter) -> list[tuple]:
    return conn.execute(sql.format(join=flt.join, filter=flt.sql), (*args, *flt.args)).fetchall()


def _exact(conn: apsw.Connection, terms: list[str], flt: sq.Filter) -> list[int]:
    """Symbols named like an identifier of the query: case-insensitively, or in another naming
    convention (processRefund ~ process_refund); a dotted query must match the qualified name's end."""
    out: list[int] = []
    for t in terms:
        last = sq.last_name(t)
        rows = _run(conn, "SELECT s.id, s.name, s.qualname FROM symbols s{join} WHERE s.name = ? COLLATE NOCASE"
                          f"{{filter}} LIMIT {EXACT_CAP}", (last,), flt)
        folded = fold_name(last)
        if folded:
            rows += [r for r in _run(conn, "SELECT s.id, s.name, s.qualname FROM search_text t JOIN symbols s"
                                           " ON s.id = t.rowid{join} WHERE search_text MATCH ?{filter}"
                                           f" LIMIT {EXACT_CAP}", (f'name:"{folded}"',), flt)
                     if fold_name(r[1]) == folded]
        if last != t:
            suffix = sq.dotted_suffix(t)
            rows = [r for r in rows if ("." + r[2].lower()).endswith(suffix)] or rows
        out += [r[0] for r in rows]
    return list(dict.fromkeys(out))


def _prefix(conn: apsw.Connection, term: str, flt: sq.Filter) -> list[int]:
    """Symbols whose name starts with the term (case-insensitive), shortest names first."""
    pattern = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    return [r[0] for r in _run(conn, "SELECT id FROM (SELECT s.id, s.name FROM symbols s{join} WHERE s.name LIKE ?"
                                     " ESCAPE '\\' AND s.kind != 'module'{filter} LIMIT 1000)"
                                     " ORDER BY length(name), id LIMIT 200", (pattern,), flt)]


def _doc_counts(conn: apsw.Connection, table: str, tokens: set[str]) -> dict[str, int]:
    """How many rows of an FTS5 table hold each (tokenized) term, from a temporary fts5vocab view."""
    vocab = f"{table}_vocab"
    if not conn.execute("SELECT 1 FROM temp.sqlite_master WHERE name = ?", (vocab,)).fetchone():
        conn.execute(f"CREATE VIRTUAL TABLE temp.{vocab} USING fts5vocab(main, {table}, row)")
    return {t: (conn.execute(f"SELECT doc FROM temp.{vocab} WHERE term = ?", (t,)).fetchone() or (0,))[0]
            for t in tokens}


def _text(conn: apsw.Connection, terms: list[str], flt: sq.Filter, others: bool) -> list[int]:
    """BM25 over the lexical columns: symbols matching every term first, then all but one, then any.

    Terms whose every word is in more than TEXT_COMMON symbols are ranked only in the strict query, and a
    lone such term not at all when names already matched (`others`): scoring tens of thousands of rows
    is what makes a search slow, and such words barely rank anyway."""
    tokenize = conn.fts5_tokenizer(*TOKENIZER)
    stems: dict[tuple, str] = {}
    for t in terms:
        key = tuple(tok[2] for tok in tokenize(" ".join(sq.words(t)).encode(), apsw.FTS5_TOKENIZE_QUERY, None))
        if key and key not in stems:
            stems[key] = sq.clause(t)
    counts = _doc_counts(conn, "search_text", {s for key in stems for s in key})
    common = {key for key in stems if all(counts[s] > TEXT_COMMON for s in key)}
    if not stems or (others and len(stems) == 1 and common):
        return []
    source = "search_text t" + (" JOIN symbols s ON s.id = t.rowid{join}" if flt.sql else "")
    if len(stems) == 1 and common:          # one very common word and nothing else: names holding it, shortest first
        rows = _run(conn, f"SELECT t.rowid FROM {source} WHERE search_text MATCH ?{{filter}} LIMIT {POOL * 5}",
                    (f"{{name words}} : {next(iter(stems.values()))}",), flt)
        return [r[0] for r in conn.execute(f"SELECT id FROM symbols WHERE id {_IN} ORDER BY length(name), id"
                                           f" LIMIT {POOL}", (orjson.dumps([r[0] for r in rows]).decode(),))]
    sql = (f"SELECT t.rowid FROM {source} WHERE search_text MATCH ?{{filter}}"
           f" ORDER BY bm25(search_text, {', '.join(map(str, WEIGHTS))}) LIMIT {POOL}")
    out: list[int] = []
    for fts in sq.coordinated(list(stems.values()), [c for k, c in stems.items() if k not in common]):
        if len(out) >= TEXT_ENOUGH:
            break
        seen = set(out)
        out += [r[0] for r in _run(conn, sql, (fts,), flt) if r[0] not in seen]
    return out[:POOL]


def _substring(conn: apsw.Connection, terms: list[str], flt: sq.Filter) -> list[int]:
    """Symbols whose name contains a query identifier (trigram index), shortest names first."""
    out: list[int] = []
    for t in terms:
        last = sq.last_name(t)
        if len(last) >= 3:
            out += [r[0] for r in _run(conn, "SELECT id FROM (SELECT s.id, s.name FROM search_names n JOIN symbols s"
                                             " ON s.id = n.rowid{join} WHERE search_names MATCH ?{filter} LIMIT 1000)"
                                             f" ORDER BY length(name), id LIMIT {POOL}",
                                       (sq.trigram_phrase(last),), flt)]
    return list(dict.fromkeys(out))


def _rare_trigrams(conn: apsw.Connection, grams: list[str]) -> list[str]:
    """The term's rarest trigrams (common ones would make the near-miss query slow and add little)."""
    counts = sorted((n, g) for g, n in _doc_counts(conn, "search_names", set(grams)).items() if n)
    rare = [g for n, g in counts if n <= FUZZY_COMMON][:FUZZY_GRAMS]
    return rare if len(rare) >= 2 else [g for _, g in counts[:2]]


def _fuzzy(conn: apsw.Connection, terms: list[str], flt: sq.Filter) -> list[int]:
    """Near-misses of the longest term: names sharing its rarer trigrams, closest spelling first."""
    term = sq.last_name(max(terms, key=len)).lower()
    grams = _rare_trigrams(conn, sorted({term[i:i + 3] for i in range(len(term) - 2)}))
    if not grams:
        return []
    rows = _run(conn, "SELECT s.id, s.name FROM search_names n JOIN symbols s ON s.id = n.rowid{join}"
                      " WHERE search_names MATCH ?{filter} ORDER BY rank LIMIT 100",
                (" OR ".join(map(sq.trigram_phrase, grams)),), flt)
    scored = [(difflib.SequenceMatcher(None, term, n.lower()).ratio(), i) for i, n in rows]
    return [i for r, i in sorted(scored, key=lambda x: (-x[0], x[1])) if r >= 0.7]


def centrality(conn: apsw.Connection, ids: list[int]) -> dict[int, int]:
    """How much of the workspace depends on each symbol: resolved incoming calls (for a class, also
    those reaching its constructor) plus subclasses."""
    key = orjson.dumps(ids).decode()
    owner = {i: i for i in ids} | dict(conn.execute(
        "SELECT k.id, s.id FROM symbols s JOIN symbols k ON k.qualname IN (s.qualname || '.__init__',"
        " s.qualname || '.__new__', s.qualname || '.constructor') AND k.parent_id = s.id"
        f" WHERE s.id {_IN} AND s.kind IN ('class', 'struct')", (key,)))
    score: dict[int, int] = {}
    for sql, arg in ((f"SELECT c.target_id, count(*) FROM calls c WHERE c.target_id {_IN} AND {_RESOLVED}"
                      " GROUP BY c.target_id", orjson.dumps(list(owner)).decode()),
                     (f"SELECT target_id, count(*) FROM inherits WHERE target_id {_IN} GROUP BY target_id", key)):
        for sid, n in conn.execute(sql, (arg,)):
            score[owner[sid]] = score.get(owner[sid], 0) + n
    return score


def _callers(conn: apsw.Connection, ids: list[int], flt: sq.Filter) -> list[int]:
    """Direct callers (resolved edges) of the given symbols: what a change to them reaches first."""
    rows = conn.execute(f"SELECT c.caller_id, count(*) AS n FROM calls c WHERE c.target_id {_IN} AND {_RESOLVED}"
                        f" GROUP BY c.caller_id ORDER BY n DESC, c.caller_id LIMIT {POOL}",
                        (orjson.dumps(ids[:20]).decode(),)).fetchall()
    out = [r[0] for r in rows]
    if out and flt.sql:
        keep = {r[0] for r in _run(conn, f"SELECT s.id FROM symbols s{{join}} WHERE s.id {_IN}{{filter}}",
                                   (orjson.dumps(out).decode(),), flt)}
        out = [i for i in out if i in keep]
    return out


def _rrf(lists: list[tuple[float, list[int]]]) -> dict[int, float]:
    score: dict[int, float] = {}
    for weight, ids in lists:
        for rank, i in enumerate(ids[:POOL]):
            score[i] = score.get(i, 0.0) + weight / (RRF_K + rank + 1)
    return score


def search(conn: apsw.Connection, query: str, *, kind: str | None = None, file: str | None = None,
           limit: int = 20, graph: bool = True, recent: dict[str, int] | None = None) -> list[Result]:
    """The definitions best matching a query, best first, each symbol once.

    Exact name matches come first, then prefix matches, then the fusion of BM25 text matches,
    substring matches, centrality and (with `recent`: path -> mtime_ns) recently changed files.
    `graph=False` leaves the graph signals (centrality, callers of exact matches) out.
    """
    bounded_int("limit", limit)
    terms, idents = sq.parse_query(bounded_text("the search query", query))
    if not terms:
        raise BadArgumentError("the search query has no words to look for")
    if kind and not conn.execute("SELECT 1 FROM symbols WHERE kind = ? LIMIT 1", (kind,)).fetchone():
        kinds = ", ".join(k for (k,) in conn.execute("SELECT DISTINCT kind FROM symbols ORDER BY kind"))
        raise BadArgumentError(f"no symbol of kind '{kind}' is indexed (kinds: {kinds})")
    flt = sq.Filter(kind, file)
    exact = _exact(conn, idents, flt)
    single, seen_exact = len(terms) == 1 and len(idents) == 1, set(exact)
    prefix = [i for i in _prefix(conn, idents[0], flt) if i not in seen_exact] if single and len(terms[0]) >= 3 else []
    text = _text(conn, terms, flt, bool(exact or prefix))
    sub = _substring(conn, idents, flt)
    callers = _callers(conn, exact, flt) if graph and exact else []
    fuzzy = _fuzzy(conn, terms, flt) if not (exact or prefix or text or sub) else []
    exact, prefix, text, sub, callers, fuzzy = sq.merge_declarations(conn, flt, exact, prefix, text, sub, callers, fuzzy)
    pool = list(dict.fromkeys(exact + prefix + text + sub + callers + fuzzy))
    rows = {r[0]: r for r in conn.execute(
        "SELECT s.id, s.kind, s.qualname, s.name, f.path, s.start_line, s.end_line, s.signature"
        f" FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id {_IN}", (orjson.dumps(pool).decode(),))}
    cap = max(3, limit // 2)
    prefix = prefix[:cap * 3]                         # already shortest-first; the tier keeps `cap`
    ranked = exact + prefix + text[:CENTRAL_TOP] + sub[:CENTRAL_TOP]
    cent = centrality(conn, list(dict.fromkeys(ranked))) if graph else {}
    names = {sq.last_name(t) for t in idents}

    def tier_key(i: int) -> tuple:
        r = rows[i]
        return (r[3] not in names, -cent.get(i, 0), sq.is_test_path(r[4]), len(r[2]), i)

    order = [(i, "exact", 0.0) for i in sorted(exact, key=tier_key)]
    order += [(i, "prefix", 0.0) for i in sorted(prefix, key=lambda i: (len(rows[i][3]), tier_key(i)))[:cap]]
    lists = [(W_TEXT, text), (W_SUBSTRING, sub)]
    if graph:
        top = dict.fromkeys(text[:CENTRAL_TOP] + sub[:CENTRAL_TOP])
        lists += [(W_CENTRAL, sorted((i for i in top if cent.get(i)), key=lambda i: -cent[i])), (W_CALLERS, callers)]
    if recent:
        top = dict.fromkeys(text[:CENTRAL_TOP] + sub[:CENTRAL_TOP])
        lists.append((W_RECENT, sorted((i for i in top if rows[i][4] in recent), key=lambda i: -recent[rows[i][4]])))
    fused = {i: s * (TEST_FACTOR if sq.is_test_path(rows[i][4]) else 1.0) for i, s in _rrf(lists).items()}
    how = {i: "caller" for i in callers} | {i: "substring" for i in sub} | {i: "text" for i in text}
    order += [(i, how.get(i, "text"), s) for i, s in sorted(fused.items(), key=lambda x: (-x[1], x[0]))]
    order += [(i, "fuzzy", 0.0) for i in fuzzy]
    out, seen = [], set()
    for i, match, score in order:
        r = rows.get(i)
        if r is None or i in seen or (r[2], r[4]) in seen:
            continue
        seen |= {i, (r[2], r[4])}
        out.append(Result(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], match, round(score, 5)))
        if len(out) == limit:
            break
    return out


def search_workspace(conn: apsw.Connection, root: Path, query: str, *, kind: str | None = None,
                     file: str | None = None, limit: int = 20, stale_known: set[str] = frozenset()) -> list[Result]:
    """search() with the workspace's recently changed files as a signal; rows in files changed on disk
    since they were indexed are marked stale."""
    return mark_stale(conn, root, search(conn, query, kind=kind, file=file, limit=limit,
                                         recent=recent_files(conn, root)), stale_known)


def result_json(r: Result) -> dict:
    """A search result with the field names of docs/cli.md."""
    return {"symbol": r.qualname, "kind": r.kind, "file": r.file, "start_line": r.start_line,
            "end_line": r.end_line, "signature": r.signature, "match": r.match, "score": r.score,
            "stale": r.stale}


def results_text(query: str, results: list[Result]) -> str:
    """One result per line, `kind qualname file:line signature`: few tokens for an agent."""
    if not results:
        return f"no definition matches {query!r}: try other words, a shorter name, or drop --kind/--file"
    return "\n".join(r.line() + (" [stale]" if r.stale else "") for r in results)


def search_page(query: str, results: list[Result], max_tokens: int | None, offset: int = 0) -> tuple[Page, dict]:
    """Search results as a token-budgeted answer (MCP): one `kind qualname file:line signature` row each."""
    rows = [Row(r.line() + (" [stale]" if r.stale else ""), result_json(r)) for r in results]
    page = render([f"definitions matching {query!r}, best first"],
                  [Section("results", "found", rows, paged=True,
                           empty="none (try other words, a shorter name, or drop kind/file)")],
                  max_tokens, offset, more="give kind= or file=, or more precise words")
    return page, {"query": query, "offset": offset, "results": page.shown["results"]} | page.meta()
