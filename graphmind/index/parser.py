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
def flow_query(name: str) -> Query | None:
    """The compiled flow query of a language (bindings and implicit calls), if it has one."""
    text = query_source(name, "flow")
    return Query(grammar(name), text) if text is not None else None


@lru_cache(maxsize=None)
def flow_start_depth(name: str) -> int | None:
    """How deep a flow query's patterns may start (a `; max-start-depth: N` line in it), or None."""
    for line in (query_source(name, "flow") or "").splitlines():
        if line.startswith("; max-start-depth:"):
            return int(line.split(":", 1)[1])
    return None


def flow_matches(name: str, node: Node) -> list[tuple[int, dict[str, list[Node]]]]:
    """All flow-query matches under a node (empty for a language without one)."""
    query = flow_query(name)
    if query is None:
        return []
    cursor = QueryCursor(query)
    depth = flow_start_depth(name)
    if depth is not None:                # module-level facts only: the cursor skips deeper subtrees
        cursor.set_max_start_depth(depth)
    return cursor.matches(node)


def warm(name: str) -> None:
    """Load a language's grammar and compile its queries now (a long-lived process: not on the first save)."""
    parser_for(name)
    tags_query(name)
    flow_query(name)


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
