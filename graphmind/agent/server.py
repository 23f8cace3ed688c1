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
from graphmind.agent.protocol import Server, agent_words
from graphmind.agent.view import index_view as _index
from graphmind.edgekinds import ALL_KINDS, CALL_KINDS
from graphmind.live.keeper import Keeper
from graphmind.query import graph, impact, lookup, render, status
from graphmind.errors import AmbiguousSymbolError, BadArgumentError, DamagedIndexError, GraphmindError
from graphmind.store import DAMAGED
from graphmind.semantic.report import semantic_line, semantic_status

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
_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)

Symbol = Annotated[str, Field(description=(
    "The definition to ask about: a qualified name (pkg.mod.Class.method), a short name (process_refund), "
    "Class.method, or FILE:LINE (the innermost definition enclosing that line, e.g. a row's file:start)."))]
Depth = Annotated[int, Field(ge=1, le=10, description="How many call hops to follow.")]
MaxTokens = Annotated[int, Field(ge=budget.MIN_TOKENS, le=budget.MAX_TOKENS, description=(
    "Token budget of the answer (estimated as characters/4). Rows past it are cut; the answer says how "
    "many and which offset gets the rest."))]
Offset = Annotated[int, Field(ge=0, le=1_000_000, description=(
    "Skip this many rows of the main list: pass the next_offset of a cut answer to continue."))]
EdgeKind = Literal["call", "constructor", "instantiate", "decorator", "property", "implicit", "dispatch",
                   "inherit", "override", "reference", "import", "read"]
Kinds = Annotated[list[EdgeKind] | None, Field(description=(
    "Only follow edges of these kinds (default: all). call, constructor, instantiate, decorator, property, implicit "
    "and dispatch run code; inherit (subclasses), override (overriding methods), reference (types named in "
    "annotations, isinstance, except), import (importers) and read (readers of a module- or class-level "
    "variable or constant) are the other dependencies."))]
AllMatches = Annotated[bool, Field(description=(
    "When a short name matches several definitions, take them all (default: get the candidates listed "
    "as an error, to pick one)."))]
Kind = Literal["function", "method", "class", "interface", "struct", "enum", "trait", "module", "namespace",
               "type", "constant", "variable", "macro", "constructor", "field"]


def tool(fn):
    """Register `fn` as a read-only MCP tool; graphmind errors reach the agent as tool errors it can act on."""
    take_all = ("FILE:LINE, or all_matches=true" if "all_matches" in inspect.signature(fn).parameters
                else "or FILE:LINE")

    @functools.wraps(fn)
    def run(ctx: Context, **kwargs):
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
    server.publish_output_schema(fn.__name__)
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
        page, doc = answers.walk_page(w, stale, max_tokens, offset)
        return _answer(page.text, doc)


@tool
def blast_radius(symbol: Symbol, depth: Depth = config.DEFAULT_DEPTH, max_tokens: MaxTokens = budget.DEFAULT_TOKENS,
                 offset: Offset = 0, all_matches: AllMatches = False, kinds: Kinds = None) -> CallToolResult:
    """What can break if this function, method, class or module changes: everything that depends on it up
    to `depth` hops (default 3) over resolved edges of every kind (callers, instantiations, subclasses,
    overriding methods, type references, importers), nearest first, grouped by depth as
    `file:start-end signature [kinds]`. Use it before editing, renaming or deleting a symbol, instead of
    grepping for its name and opening each file. Possible callers (receiver type unknown) and unresolved
    call sites naming it are listed apart and not followed. Rows in files changed since indexing are marked [stale]."""
    return _walk(symbol, "up", depth, max_tokens, offset, all_matches, tuple(kinds) if kinds else ALL_KINDS)


@tool
def callers(symbol: Symbol, max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0,
            all_matches: AllMatches = False) -> CallToolResult:
    """Who calls this function, method or class directly (one hop), as `file:start-end signature` rows,
    with possible callers (receiver type unknown) and unresolved call sites naming it kept apart. For
    callers of callers use blast_radius."""
    return _walk(symbol, "up", 1, max_tokens, offset, all_matches)


@tool
def callees(symbol: Symbol, depth: Depth = 1, max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0,
            all_matches: AllMatches = False) -> CallToolResult:
    """What this function or method calls inside the workspace, to `depth` hops (default 1), as
    `file:start-end signature` rows grouped by depth; calls leaving the workspace (builtins, libraries)
    are named on one line. Use it to see what a function depends on without reading its body."""
    return _walk(symbol, "down", depth, max_tokens, offset, all_matches)


@tool
def find_symbol(query: Annotated[str, Field(min_length=1, description=(
                    "Part of the name or qualified name (case-insensitive), or a glob with * and ?."))],
                kind: Annotated[Kind | None, Field(description="Only definitions of this kind.")] = None,
                file: Annotated[str | None, Field(description="Only definitions in this file (workspace-relative).")] = None,
                max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0) -> CallToolResult:
    """Find where functions, methods, classes (any definition) are defined, by name: exact name matches
    first, then names containing `query`; each row is `qualified.name (kind)  file:start-end  signature`.
    Use it instead of grep to locate a definition or get the exact name the other tools take."""
    with _index() as ix:
        rel = paths.confine(ix.root, file) if file else None
        refs = lookup.list_symbols(ix.conn, query.strip(), rel, kind, limit=5001)
        q = query.strip().lower()
        refs.sort(key=lambda r: (r.name.lower() != q and r.qualname.lower() != q, not r.name.lower().startswith(q)))
        total = min(len(refs), 5000)
        page, doc = answers.symbols_page(refs[:5000], query, total, max_tokens, offset)
        if len(refs) > 5000:
            page.text += "\nmore than 5000 match: narrow the query, or give kind= or file="
        if rel and not ix.conn.execute("SELECT 1 FROM files WHERE path = ?", (rel,)).fetchone():
            page.text += f"\n{rel} is not indexed (not a file, ignored, or not a language graphmind reads)"
        return _answer(page.text, doc)


@tool
def symbol_source(symbol: Symbol, max_tokens: MaxTokens = budget.SOURCE_TOKENS, offset: Annotated[int, Field(
                      ge=0, description="Lines of the definition to skip (to continue a cut answer).")] = 0) -> CallToolResult:
    """The exact current source of ONE definition (function, method or class), its lines numbered, with
    its file and line range. Use it instead of opening a whole file when you need one definition's code.
    A name matching several definitions is an error listing them: pick one (qualified name or FILE:LINE)."""
    with _index() as ix:
        [ref] = graph.resolve_targets(ix.conn, paths.confine_symbol(ix.root, symbol), False)
        if ref.kind == "module":
            raise BadArgumentError(f"{ref.file} is a whole module, not one definition: ask for a function, "
                                   "method or class in it (find_symbol with file=)")
        stale = ref.file in ix.stale or bool(status.stale_paths(ix.conn, ix.root, {ref.file}))
        page, doc = answers.source_page(ix.root, ref, stale, max_tokens, offset)
        return _answer(page.text, doc)


@tool
def change_impact(staged: Annotated[bool, Field(description="Only the staged changes (git diff --cached).")] = False,
                  base: Annotated[str | None, Field(description=(
                      "A git ref (branch, tag, commit): everything changed since it, committed or not."))] = None,
                  ranges: Annotated[list[str] | None, Field(description=(
                      "Instead of git: FILE:LINE or FILE:START-END ranges, workspace-relative."))] = None,
                  depth: Depth = config.DEFAULT_DEPTH, max_tokens: MaxTokens = budget.DEFAULT_TOKENS,
                  offset: Offset = 0) -> CallToolResult:
    """What a code change can break, and which tests to run: the definitions enclosing the changed lines,
    every caller within `depth` hops of them, and the test functions among them listed first. The change
    is, by default, all uncommitted work (staged, unstaged and new files) against HEAD; or only the staged
    changes (staged=true); or everything since a git ref (base="main"); or given line ranges (ranges=[...]).
    Use it before committing, or to pick the tests that exercise an edit."""
    if sum([bool(staged), base is not None, bool(ranges)]) > 1:
        raise ToolError("give at most one of staged, base, ranges")
    with _index() as ix:
        if ranges:
            changes, deleted, source = impact.range_changes(ix.root, ranges), [], "the given ranges"
        else:
            changes, deleted, source = impact.git_changes(ix.root, staged=staged, base=base)
        imp = impact.change_impact(ix.conn, changes, source, depth, limit=offset + 1000, deleted=deleted)
        stale = answers.mark_stale(ix.conn, ix.root, imp.walk, ix.stale) if imp.walk else set()
        page, doc = answers.impact_page(imp, stale, max_tokens, offset)
        return _answer(page.text, doc)


@tool
def index_status() -> CallToolResult:
    """What the graphmind index of this workspace holds and how fresh it is: files, symbols and call edges
    (by how they were resolved) per language, files that failed to parse and why, index age and size, and
    whether search by meaning is ready (model, vectors). Use it when an answer looks incomplete, or to check
    that a language or folder is indexed."""
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
               "A name or part of one (process_refund, processRefund, RefundService.refund_one, refund), or "
               "words describing the code (\"retry with backoff\", \"sign the session cookie\")."))],
           kind: Annotated[Kind | None, Field(description="Only definitions of this kind.")] = None,
           file: Annotated[str | None, Field(description=(
               "Only definitions in this file or folder (workspace-relative), or matching a glob like src/*.py."))] = None,
           limit: Annotated[int, Field(ge=1, le=200, description="At most this many results.")] = 20,
           mode: Annotated[Literal["lexical", "semantic", "hybrid"] | None, Field(description=(
               "lexical: names and words; semantic: by meaning (needs the embed extra and `graphmind embed`); "
               "hybrid: both fused. Default: hybrid when the workspace has vectors, else lexical."))] = None,
           max_tokens: MaxTokens = budget.DEFAULT_TOKENS, offset: Offset = 0) -> CallToolResult:
    """Find code when you do not know its exact name: definitions ranked best first, exact names, then names
    starting with the query, then matches in names, docstrings, comments, signatures and file paths, with
    code that much of the workspace depends on ranked higher; for an exact name, its direct callers follow.
    Each row is `kind qualified.name file:line signature`. Use it instead of grep to locate where something
    is implemented; pass a row's qualified name or file:line to blast_radius, callers or symbol_source."""
    from graphmind.query import search as searching
    from graphmind.semantic.fusion import search_modes
    with _index() as ix:
        where = file if file is None or any(ch in file for ch in "*?[") else paths.confine(ix.root, file)
        mode, results = search_modes(ix.conn, ix.root, query, mode=mode, kind=kind, file=where, limit=offset + limit,
                                     stale_known=ix.stale)
        page, doc = searching.search_page(query, results, max_tokens, offset)
        return _answer(page.text, doc | {"mode": mode})


@tool
def repo_map(max_tokens: Annotated[int, Field(ge=64, le=budget.MAX_TOKENS, description=(
                 "Token budget of the map (met within 15%): 1024 gives about 60 definitions."))] = 1024,
             focus: Annotated[list[str] | None, Field(description=(
                 "Files you are working on (workspace-relative): what they reference ranks higher; their own "
                 "definitions are left out, since you have them open."))] = None,
             mentions: Annotated[list[str] | None, Field(description=(
                 "Identifiers (or file paths) from the task, e.g. [\"process_refund\", \"RefundService\"]: "
                 "their definitions, and files whose path names them, rank higher."))] = None) -> CallToolResult:
    """An overview of this workspace for getting oriented: its most important functions, classes and methods,
    ranked by how much the rest of the code references them (PageRank), drawn as signature lines grouped by
    file and class (no bodies) within a token budget, tilted toward `focus` files and `mentions`. Use it
    first on an unfamiliar codebase or task instead of listing folders and opening files; then go deeper
    with find_symbol, callers, callees or symbol_source."""
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
