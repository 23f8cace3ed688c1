"""The only door to tree-sitter: grammars, parsers, compiled tag queries, parsing bytes."""
from __future__ import annotations

import time
from functools import lru_cache

from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree  # noqa: F401 (re-exported types)
from tree_sitter_language_pack import get_language

from graphmind.index import generic
from graphmind.index.typescript import blanking
from graphmind.lang.cfamily.exports import blank_attributes, blank_exports
from graphmind.languages import BY_NAME, GENERIC_NAMES, query_source
from graphmind.resources import exists

MATCH_LIMIT = 256      # query matches in progress at once (see _run)
# Query patterns start at most this deep in the tree: the cursor skips deeper subtrees, so a file of
# 50,000 nested calls costs what its first levels cost (the rest of the file is still read; real code
# stays under ~100 levels: Django's deepest file is ~60). A file nested deeper is recorded `partial`.
MAX_DEPTH = 1000
_CHUNK = 1 << 16       # bytes handed to tree-sitter per read when parsing with a time limit


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
def flow_sections(name: str) -> tuple[tuple[str, int | None], ...]:
    """The sections of a language's flow query (bindings and implicit calls) as text, each with how
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
    return tuple(("\n".join(lines), depth) for lines, depth in sections
                 if any(ln.strip() and not ln.lstrip().startswith(";") for ln in lines))


def flow_queries(name: str, first: int = 0) -> tuple[tuple[Query, int | None], ...]:
    """The compiled sections of a language's flow query from the `first`, each with its depth limit
    (`flow_sections`); each compiled once per process, when first needed (a C++ section costs ~0.07 s)."""
    return tuple((_flow_section(name, i), depth) for i, (_, depth) in enumerate(flow_sections(name)) if i >= first)


@lru_cache(maxsize=None)
def _flow_section(name: str, i: int) -> Query:
    return Query(grammar(name), flow_sections(name)[i][0])


Matches = list[tuple[int, dict[str, list[Node]]]]


def flow_matches(name: str, node: Node) -> tuple[Matches, bool]:
    """All flow-query matches under a node (empty for a language without one), and whether that
    is every match (see `_run`)."""
    return _sections(flow_queries(name), node, [])


def _sections(sections, node: Node, out: Matches) -> tuple[Matches, bool]:
    """`out` extended by the matches of each flow section in turn, and whether that is every match."""
    complete = True
    for query, depth in sections:
        # a section of module-level facts: deeper subtrees skipped; the others bounded alike
        cursor = _cursor(query, MAX_DEPTH if depth is None else depth)
        found, every = _run(cursor, node)
        out.extend(found)
        complete = complete and every
    return out, complete


@lru_cache(maxsize=None)
def joint_query(name: str) -> Query | None:
    """The tag query and the flow query's first section compiled as one query, so that one walk of
    the tree serves both (each walk costs about a third of a query's time on Python); None when the
    language has no flow query, its first section starts only at limited depths, or the two do not
    compile together."""
    sections = flow_sections(name)
    if not sections or sections[0][1] is not None:
        return None
    try:
        joint = Query(grammar(name), tags_source(name) + "\n" + sections[0][0])
    except Exception:          # QueryError: a capture or predicate the two cannot share
        return None
    return joint


@lru_cache(maxsize=None)
def _tag_patterns(name: str) -> int:
    """How many of the joint query's patterns are the tag query's (written first), read from where
    each starts: the tag query alone is not compiled for it (a C++ tag query costs ~0.3 s)."""
    joint, end = joint_query(name), len(tags_source(name).encode())
    return next((i for i in range(joint.pattern_count) if joint.start_byte_for_pattern(i) > end), joint.pattern_count)


def tag_and_flow_matches(name: str, node: Node) -> tuple[tuple[Matches, bool], tuple[Matches, bool]]:
    """`matches` and `flow_matches` under a node, the same lists in the same order, from one walk of
    the tree when the language has a joint query. Each query's matches come out of the joint one in
    their own order; the joint cursor holds both queries' matches in progress, so when it passes
    MATCH_LIMIT (a deep chain) the two run apart, as each alone drops what it drops."""
    joint = joint_query(name)
    if joint is None:
        return matches(name, node), flow_matches(name, node)
    found, every = _run(_cursor(joint), node)
    if not every:
        return matches(name, node), flow_matches(name, node)
    split = _tag_patterns(name)
    tags = [m for m in found if m[0] < split]
    flow = [(i - split, caps) for i, caps in found if i >= split]
    return (tags, True), _sections(flow_queries(name, 1), node, flow)


def _cursor(query: Query, depth: int = MAX_DEPTH) -> QueryCursor:
    """A cursor over a query with the match limit, whose patterns start at most `depth` deep."""
    cursor = QueryCursor(query, match_limit=MATCH_LIMIT)
    cursor.set_max_start_depth(depth)
    return cursor


def _run(cursor: QueryCursor, node: Node) -> tuple[Matches, bool]:
    """A cursor's matches and whether none was dropped. Every enclosing node of a deep chain
    (`a.b.c…`, `x + y + …`) keeps a match in progress while its left side is read, so the cost
    grows with the square of the depth; MATCH_LIMIT in progress at once bounds it (real code needs
    fewer than 64: Django never reaches that), dropping the outermost matches of such a chain."""
    found = cursor.matches(node)
    return found, not cursor.did_exceed_match_limit


def warm(*names: str) -> list[tuple[str, Exception]]:
    """Compile languages' queries now (a daemon: not on the first save; a writer before it forks parse workers, who
    inherit them: a C++ or TypeScript tag query costs 0.1-0.3 s a process). Returns those that failed, and why."""
    failed = []
    for name in names:
        try:
            parser_for(name)
            _tag_patterns(name) if joint_query(name) is not None else tags_query(name)
            flow_queries(name, 1 if joint_query(name) is not None else 0)
        except Exception as exc:
            failed.append((name, exc))
    return failed


DEPTH_SAMPLES = 128    # nodes whose depth too_deep reads


def too_deep(root: Node, limit: int = MAX_DEPTH) -> bool:
    """Whether the tree reaches deeper than `limit` (so the queries skipped what lies below), read
    from the depth of evenly spaced nodes in document order: a nesting that deep fills a share of the
    file's nodes, and reading 128 depths costs ~0.03 ms a file where walking every node would not."""
    count = root.descendant_count
    if count <= limit:
        return False
    cursor = root.walk()
    step = max(1, count // DEPTH_SAMPLES)
    for i in range(step // 2, count, step):
        cursor.goto_descendant(i)
        if cursor.depth > limit:
            return True
    return False


def first_error_line(root: Node) -> int:
    """The line (1-based) of the first syntax error or missing node under root."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            return node.start_point[0] + 1
        if node.has_error:
            stack.extend(reversed(node.children))
    return root.start_point[0] + 1


class ParseTimeout(Exception):
    """Parsing one file took longer than its time limit."""


def parse(name: str, source: bytes, old_tree: Tree | None = None, *, seconds: float | None = None) -> Tree:
    """Parse source bytes, reusing an edited old tree when one is given; with `seconds`, raise
    ParseTimeout past that time (tree-sitter reports progress only when it reads through a callback)."""
    parser = parser_for(name)
    if seconds is None:
        return parser.parse(source) if old_tree is None else parser.parse(source, old_tree)
    deadline = time.monotonic() + seconds

    def read(offset: int, _point) -> bytes:
        return source[offset:offset + _CHUNK]

    def halt(*_state) -> bool:
        return time.monotonic() > deadline
    try:
        if old_tree is None:
            timed = parser.parse(read, progress_callback=halt)
        else:
            timed = parser.parse(read, old_tree, progress_callback=halt)
    except ValueError as exc:            # "Parsing failed": halted by the callback
        parser.reset()
        if time.monotonic() > deadline:
            raise ParseTimeout(name) from exc
        raise
    # a tree parsed through a callback reads Node.text through it too (slow): parse the bytes once
    # more on top of it, which reuses every node (nothing was edited) and keeps the bytes
    return parser.parse(source, timed)


def matches(name: str, node: Node) -> tuple[Matches, bool]:
    """All tag-query matches under a node, as (pattern index, {capture: [nodes]}), and whether
    that is every match (see `_run`)."""
    return _run(_cursor(tags_query(name)), node)


def compiles(language: Language, text: str) -> bool:
    """Whether query text compiles for a grammar (the generic fallback drops patterns that do not)."""
    try:
        Query(language, text)
    except Exception:          # QueryError, or a grammar too old for the construct
        return False
    return True


# -- recovery: what the grammar rejects rewritten at the same length (index/typescript/blanking.py), parsed again


def error_count(root: Node) -> int:
    """How many ERROR and MISSING nodes a tree has (a tree without errors has none)."""
    if not root.has_error:
        return 0
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            count += 1
        elif node.has_error:
            stack.extend(node.children)
    return count


def error_bytes(root: Node) -> int:
    """How many bytes the outermost ERROR nodes of a tree span (one ERROR over a whole file, or a few lines)."""
    total, stack = 0, [root]
    while stack:
        node = stack.pop()
        if node.is_error:
            total += node.end_byte - node.start_byte
        elif node.has_error:
            stack.extend(node.children)
    return total


def parse_recovering(name: str, source: bytes, old_tree: Tree | None = None, *,
                     seconds: float | None = None) -> tuple[Tree | None, Tree, bytes, dict[str, list[int]]]:
    """`parse`, recovering what the grammar rejects: (the tree to keep for an incremental reparse, None
    when parsed from rewritten bytes, afresh; the tree to extract from; its bytes; what was blanked)."""
    first, blanked = blanking.blank_variance(name, source)
    first, exports = blank_exports(name, first)
    if exports:
        blanked = {**blanked, "export macro": exports}
    tree = parse(name, first, seconds=seconds) if blanked else parse(name, source, old_tree, seconds=seconds)
    kept = None if blanked else tree
    if tree.root_node.has_error:
        more, also = blanking.blank_more(name, first)
        if not also:
            more, lines = blank_attributes(name, first)
            also = {"attribute macro": lines} if lines else {}
        if also:
            again = parse(name, more, seconds=seconds)
            if error_count(again.root_node) < error_count(tree.root_node) or name == "cpp" and \
                    error_bytes(again.root_node) < error_bytes(tree.root_node):
                return kept, again, more, {**blanked, **also}
    return kept, tree, first, blanked
