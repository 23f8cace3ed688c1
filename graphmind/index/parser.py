"""The only door to tree-sitter: grammars, parsers, compiled tag queries, parsing bytes."""
from __future__ import annotations

from functools import lru_cache

from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree  # noqa: F401 (re-exported types)
from tree_sitter_language_pack import get_language

from graphmind.index import generic
from graphmind.languages import BY_NAME, GENERIC_NAMES, query_source
from graphmind.resources import exists


@lru_cache(maxsize=None)
def grammar(name: str) -> Language:
    """The tree-sitter Language for one of our language names (loaded from the installed wheel)."""
    return get_language(BY_NAME[name].grammar)


@lru_cache(maxsize=None)
def parser_for(name: str) -> Parser:
    """A parser for a language, one per process."""
    return Parser(grammar(name))


@lru_cache(maxsize=None)
def tags_source(name: str) -> str:
    """The text of a language's tag query (synthesized from the grammar for the generic fallback)."""
    if name in GENERIC_NAMES and not exists(f"queries/{name}/tags.scm"):
        return generic.tags_source(grammar(name), compiles)
    return query_source(name, "tags") or ""


@lru_cache(maxsize=None)
def tags_query(name: str) -> Query:
    """The compiled tag query of a language; compiled once per process, never per file."""
    return Query(grammar(name), tags_source(name))


@lru_cache(maxsize=None)
def flow_queries(name: str) -> tuple[tuple[Query, int | None], ...]:
    """The compiled sections of a language's flow query (bindings and implicit calls), each with how
    deep its patterns may start: a `; max-start-depth: N` line starts a section whose patterns only
    start at depth <= N (module-level facts: the cursor skips deeper subtrees), `; max-start-depth: none`
    one without a limit."""
    text = query_source(name, "flow")
    if text is None:
        return ()
    sections: list[tuple[list[str], int | None]] = [([], None)]
    for line in text.splitlines():
        if line.startswith("; max-start-depth:"):
            value = line.split(":", 1)[1].strip()
            sections.append(([], None if value == "none" else int(value)))
        else:
            sections[-1][0].append(line)
    return tuple((Query(grammar(name), "\n".join(lines)), depth) for lines, depth in sections
                 if any(ln.strip() and not ln.lstrip().startswith(";") for ln in lines))


def flow_matches(name: str, node: Node) -> list[tuple[int, dict[str, list[Node]]]]:
    """All flow-query matches under a node (empty for a language without one)."""
    out: list[tuple[int, dict[str, list[Node]]]] = []
    for query, depth in flow_queries(name):
        cursor = QueryCursor(query)
        if depth is not None:
            cursor.set_max_start_depth(depth)
        out.extend(cursor.matches(node))
    return out


def warm(name: str) -> None:
    """Load a language's grammar and compile its queries now (a long-lived process: not on the first save)."""
    parser_for(name)
    tags_query(name)
    flow_queries(name)


def parse(name: str, source: bytes, old_tree: Tree | None = None) -> Tree:
    """Parse source bytes, reusing an edited old tree when one is given."""
    if old_tree is None:
        return parser_for(name).parse(source)
    return parser_for(name).parse(source, old_tree)


def matches(name: str, node: Node) -> list[tuple[int, dict[str, list[Node]]]]:
    """All tag-query matches under a node, as (pattern index, {capture: [nodes]})."""
    return QueryCursor(tags_query(name)).matches(node)


def compiles(language: Language, text: str) -> bool:
    """Whether query text compiles for a grammar (the generic fallback drops patterns that do not)."""
    try:
        Query(language, text)
    except Exception:          # QueryError, or a grammar too old for the construct
        return False
    return True
