"""graphmind as an MCP server over stdio: read-only, token-budgeted code-graph tools for coding agents.

Adding a tool: write one function here, typed with Annotated[..., Field(description=...)] arguments,
returning `_answer(text, data)`, its docstring written for an agent choosing a tool, and put `@tool`
on it. Inside, `with _index() as ix:` (agent/view.py) gives the workspace root, a read-only connection to a freshly
updated index, and the files known to be stale. Raise a GraphmindError for bad input: the agent gets
its message as a tool error.
"""
from __future__ import annotations

import functools
import inspect
import logging
from pathlib import Path
from typing import Annotated, Literal

import apsw
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from graphmind import budget, config, paths, resources
from graphmind.agent import answers, orgtool, progress, view
from graphmind.agent.protocol import EdgeKind, Server, agent_words
from graphmind.agent.view import index_view as _index
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS
from graphmind.live.keeper import Keeper
from graphmind.query import filearg, graph, impact, lookup, render, status
from graphmind.errors import AmbiguousSymbolError, BadArgumentError, DamagedIndexError, GraphmindError
from graphmind.store import DAMAGED
from graphmind.semantic.report import semantic_line, semantic_status
from graphmind.views.calls import calling_texts

INSTRUCTIONS = (
    "graphmind answers structural questions about this workspace's code from a local index that is brought "
    "up to date before every answer: who calls a function (blast_radius, callers), what it calls (callees), "
    "where something is defined (find_symbol), one definition's current source (symbol_source), and what a "
    "git change can break and which tests reach it (change_impact). Answers are compact `file:start-end "
    "signature` rows grouped by depth, within a token budget; prefer them to grepping for a name and "
    "opening every file that contains it. Every row's `file:start` can be passed back as a symbol. "
    "To get oriented in the workspace, repo_map lists its most important definitions as signatures.")

log = logging.getLogger(__name__)
server = Server("graphmind", instructions=INSTRUCTIONS, log_level="WARNING", version=resources.version())
# destructive and idempotent hints only mean something when a tool writes (MCP spec): left out
_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)

Symbol = Annotated[str, Field(description=(
    "Qualified name (pkg.mod.Cls.method), short name, Cls.method, or FILE:LINE."))]
Depth = Annotated[int, Field(ge=1, le=10, description="Hops to follow.")]
MaxTokens = Annotated[int, Field(ge=budget.MIN_TOKENS, le=budget.MAX_TOKENS, description=(
    "Token budget of the whole answer; rows past it are cut (see next_offset)."))]
Offset = Annotated[int, Field(ge=0, description="A cut answer's next_offset, to continue.")]
Kinds = Annotated[list[EdgeKind] | None, Field(description=(
    "Only these edge kinds (default: all); call..dispatch run code, reference: a type named, read: a variable read."))]
AllMatches = Annotated[bool, Field(description=(
    "Take every definition a short name matches (default: an error lists them)."))]
Kind = Literal["function", "method", "class", "interface", "struct", "enum", "trait", "module", "namespace",
               "type", "constant", "variable", "macro", "constructor", "field"]


def tool(fn):
    """Register `fn` as a read-only MCP tool; graphmind errors reach the agent as tool errors it can act on."""
    take_all = ("FILE:LINE, or all_matches=true" if "all_matches" in inspect.signature(fn).parameters
                else "or FILE:LINE")

    @functools.wraps(fn)
    def run(ctx: Context, **kwargs):
        if kwargs.get("offset", 0) > 1_000_000:
            raise ToolError("offset must be at most 1000000")
        try:
            with progress.reporting(ctx):
                return fn(**kwargs)
        except AmbiguousSymbolError as exc:
            raise ToolError(exc.message.replace("FILE:LINE, or --all", take_all)) from None
        except GraphmindError as exc:
            raise ToolError(agent_words(exc.message)) from None
        except apsw.BusyError:
            raise ToolError("the index is busy being written; try again in a moment") from None
        except DAMAGED as exc:
            raise ToolError(DamagedIndexError(f"({exc})").message) from None
        except Exception as exc:                # a failure graphmind did not foresee: say what it was
            log.exception("tool %s failed", fn.__name__)
            raise ToolError(f"graphmind failed internally ({type(exc).__name__}: {exc}); "
                            "the server's log (stderr) has the traceback") from None
    run.__annotations__ = {**fn.__annotations__, "ctx": Context}     # the SDK passes the request context
    server.add_tool(run, annotations=_READ_ONLY)
    server.publish_schemas(fn.__name__)
    return fn


def _answer(text: str, data: dict) -> CallToolResult:
    """Compact text for the model, the same rows as structured content for the client."""
    return CallToolResult(content=[TextContent(text=text)], structured_content=data)


def _walk(symbol: str, direction: str, depth: int, max_tokens: int, offset: int, all_matches: bool,
          kinds: tuple[str, ...] = CALL_KINDS) -> CallToolResult:
    with _index() as ix:
        targets = graph.resolve_targets(ix.conn, paths.confine_symbol(ix.root, symbol), all_matches)
        w = graph.walk(ix.conn, targets, direction, depth, limit=offset + 1000, kinds=kinds)
        stale = answers.mark_stale(ix.conn, ix.root, w, ix.stale)
        texts = calling_texts(ix.root, w)
        page, doc = budget.fit_answer(lambda b: answers.walk_page(w, stale, b, offset, texts), max_tokens)
        return _answer(page.text, doc)


@tool
def blast_radius(symbol: Symbol, depth: Depth = config.DEFAULT_DEPTH, max_tokens: MaxTokens = budget.DEFAULT_TOKENS,
                 offset: Offset = 0, all_matches: AllMatches = False, kinds: Kinds = None) -> CallToolResult:
    """What can break if this function, method, class or module changes: all that depends on it within `depth`
    hops (callers, subclasses, overrides, type references, importers), as `file:start-end signature [kinds]`
    rows by depth. Use it before editing, renaming or deleting a symbol instead of grepping."""
    return _walk(symbol, "up", depth, max_tokens, offset, all_matches, tuple(kinds) if kinds else ALL_KINDS)


@tool
def callers(symbol: Symbol, max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0,
            all_matches: AllMatches = False) -> CallToolResult:
    """Who calls this function, method or class directly, as `file:start-end signature` rows; possible
    callers and unresolved sites apart. Deeper: blast_radius."""
    return _walk(symbol, "up", 1, max_tokens, offset, all_matches)


@tool
def callees(symbol: Symbol, depth: Depth = 1, max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0,
            all_matches: AllMatches = False) -> CallToolResult:
    """What this function or method calls in the workspace, within `depth` hops (default 1), as
    `file:start-end signature` rows by depth; calls leaving the workspace are named on one line."""
    return _walk(symbol, "down", depth, max_tokens, offset, all_matches)


@tool
def find_symbol(query: Annotated[str, Field(min_length=1, description=(
                    "Part of a (qualified) name, any case, or a glob with * and ?."))],
                kind: Annotated[Kind | None, Field(description="Only definitions of this kind.")] = None,
                file: Annotated[str | None, Field(description="Only definitions in this file.")] = None,
                max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0) -> CallToolResult:
    """Where a definition is, by name: exact names first, then names containing `query`, as
    `qualified.name (kind)  file:start-end  signature` rows. Use it instead of grep to get the exact name."""
    with _index() as ix:
        rel = filearg.file_filter(ix.conn, ix.root, file, folders=False) if file else None
        refs = lookup.list_symbols(ix.conn, query.strip(), rel, kind, limit=5001)
        q = query.strip().lower()
        refs.sort(key=lambda r: (r.name.lower() != q and r.qualname.lower() != q, not r.name.lower().startswith(q)))
        total = min(len(refs), 5000)
        note = "\nmore than 5000 match: narrow the query, or give kind= or file=" if len(refs) > 5000 else ""

        def make(b):
            page, doc = answers.symbols_page(refs[:5000], query, total, b, offset)
            page.text += note
            return page, doc
        page, doc = budget.fit_answer(make, max_tokens)
        return _answer(page.text, doc)


@tool
def symbol_source(symbol: Symbol, max_tokens: MaxTokens = budget.SOURCE_TOKENS, offset: Annotated[int, Field(
                      ge=0, description="Lines to skip (to continue a cut answer).")] = 0) -> CallToolResult:
    """The current source of ONE definition (function, method or class), lines numbered, with its file and
    line range: instead of opening a whole file. A name matching several is an error listing them."""
    with _index() as ix:
        [ref] = graph.resolve_targets(ix.conn, paths.confine_symbol(ix.root, symbol), False)
        if ref.kind == "module":
            raise BadArgumentError(f"{ref.file} is a whole module, not one definition: ask for a function, "
                                   "method or class in it (find_symbol with file=)")
        stale = ref.file in ix.stale or bool(status.stale_paths(ix.conn, ix.root, {ref.file}))
        page, doc = budget.fit_answer(lambda b: answers.source_page(ix.root, ref, stale, b, offset), max_tokens)
        return _answer(page.text, doc)


@tool
def change_impact(staged: Annotated[bool, Field(description="Only the staged changes.")] = False,
                  base: Annotated[str | None, Field(description=(
                      "A git ref: everything changed since it."))] = None,
                  ranges: Annotated[list[str] | None, Field(description=(
                      "Instead of git: FILE:LINE or FILE:START-END ranges."))] = None,
                  depth: Depth = config.DEFAULT_DEPTH, max_tokens: MaxTokens = budget.DEFAULT_TOKENS,
                  offset: Offset = 0) -> CallToolResult:
    """What a code change can break and which tests to run: the changed definitions, their dependants within
    `depth` hops, every test reaching them (any depth, nearest first, marked reaches / may reach / coverage /
    imports). The change: uncommitted work (default), staged, since base, or ranges."""
    if sum([bool(staged), base is not None, bool(ranges)]) > 1:
        raise ToolError("give at most one of staged, base, ranges")
    with _index() as ix:
        if ranges:
            changes, deleted, source = impact.range_changes(ix.root, ranges), [], "the given ranges"
        else:
            changes, deleted, source = impact.git_changes(ix.root, staged=staged, base=base)
        imp = impact.change_impact(ix.conn, changes, source, depth, limit=offset + 1000, deleted=deleted,
                                   coverage=impact.coverage_file(ix.root, None), root=ix.root)
        stale = answers.mark_stale(ix.conn, ix.root, imp.walk, ix.stale) if imp.walk else set()
        texts = calling_texts(ix.root, imp.walk)
        page, doc = budget.fit_answer(lambda b: answers.impact_page(imp, stale, b, offset, texts), max_tokens)
        return _answer(page.text, doc)


@tool
def index_status() -> CallToolResult:
    """What the index holds and how fresh it is: files, symbols, edges per language, files that failed to
    parse and why, age, size. Use it when an answer looks incomplete."""
    with _index() as ix:
        st = status.index_status(ix.conn, ix.root) | {"semantic": semantic_status(ix.root)}
        fresh = ix.fresh
        line = (f"freshness: {getattr(fresh, 'source', '?')}; {getattr(fresh, 'changed', 0)} file(s) re-indexed "
                f"before this answer" + (f"; stale: {', '.join(sorted(ix.stale)[:10])}" if ix.stale else ""))
        st["freshness"] = {"source": getattr(fresh, "source", None), "changed": getattr(fresh, "changed", 0),
                           "stale": sorted(ix.stale)}
        return _answer(render.status_text(st) + semantic_line(st["semantic"]) + "\n" + line, st)


@tool
def search(query: Annotated[str, Field(min_length=1, max_length=500, description=(
               "A name or part of one (processRefund, Cls.method), or words describing the code (\"retry with backoff\")."))],
           kind: Annotated[Kind | None, Field(description="Only definitions of this kind.")] = None,
           file: Annotated[str | None, Field(description=(
               "Only in this file or folder, or a glob like src/*.py."))] = None,
           limit: Annotated[int, Field(ge=1, le=200, description="At most this many results.")] = 20,
           mode: Annotated[Literal["lexical", "semantic", "hybrid"] | None, Field(description=(
               "lexical, semantic (by meaning, after `graphmind embed`) or hybrid (both; default with vectors)."))] = None,
           max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0) -> CallToolResult:
    """Find code when you do not know its exact name: definitions best first (by name, docstring, comment,
    signature, path; much-used code higher), as `kind qualified.name file:line signature` rows. Use it
    instead of grep."""
    from graphmind.query import search as searching
    from graphmind.semantic.fusion import search_modes
    with _index() as ix:
        where = filearg.file_filter(ix.conn, ix.root, file) if file else None
        mode, results = search_modes(ix.conn, ix.root, query, mode=mode, kind=kind, file=where, limit=offset + limit,
                                     stale_known=ix.stale)
        def make(b):
            page, doc = searching.search_page(query, results, b, offset)
            return page, doc | {"mode": mode}
        page, doc = budget.fit_answer(make, max_tokens)
        return _answer(page.text, doc)


@tool
def repo_map(max_tokens: Annotated[int, Field(ge=64, le=budget.MAX_TOKENS, description=(
                 "Token budget of the map: 1024 gives about 60 definitions."))] = 1024,
             focus: Annotated[list[str] | None, Field(description=(
                 "Files you are working on: what they reference ranks higher (their own definitions are left out)."))] = None,
             mentions: Annotated[list[str] | None, Field(description=(
                 "Identifiers or paths from the task: their definitions rank higher."))] = None) -> CallToolResult:
    """An overview to get oriented: the most referenced definitions (PageRank) as signature lines by file,
    within a token budget, tilted toward `focus` and `mentions`. Use it first on unfamiliar code."""
    from graphmind.query import repomap
    with _index() as ix:
        m = repomap.build_map(ix.root, max_tokens, focus=[paths.confine(ix.root, f) for f in focus or []],
                              mentions=mentions or [])
        return _answer(m.text or f"(empty map: nothing indexed fits in {m.budget} tokens)", m.as_json())


def serve(root: Path, daemon: bool = True) -> None:
    """Answer MCP requests on stdin/stdout for the workspace at `root` until the client hangs up;
    `daemon`: attach to the workspace's daemon, or run one in this process until then."""
    if orgtool.configured():                    # the organisation graph (docs/org.md)
        tool(orgtool.org_blast_radius)
    with view.serving(root, Keeper(root) if daemon else None):
        server.run("stdio")
