"""The MCP tool over the organisation graph (docs/org.md), served when GRAPHMIND_ORG_DB names a
database: the blast radius of a published symbol across every published repository, budgeted like
blast_radius, each row prefixed by its repository."""
from __future__ import annotations

import dataclasses
import os
from typing import Annotated

from mcp.types import CallToolResult, TextContent
from pydantic import Field

from graphmind import budget, config
from graphmind.agent import answers
from graphmind.agent.protocol import EdgeKind
from graphmind.edgekinds import ALL_KINDS
from graphmind.errors import OrgUnavailableError

ENV_URL = "GRAPHMIND_ORG_DB"          # graphmind.org.database.ENV_URL, read here without importing psycopg


def configured() -> bool:
    """Whether the server offers the org tool: an organisation database is configured."""
    return bool(os.environ.get(ENV_URL))


def org_blast_radius(
        symbol: Annotated[str, Field(description=(
            "A published definition: its qualified name (pkg.mod.func), a name its package re-exports "
            "(flask.url_for), Class.method, or a short name."))],
        depth: Annotated[int, Field(ge=1, le=10, description="How many hops to follow.")] = config.DEFAULT_DEPTH,
        max_tokens: Annotated[int, Field(ge=budget.MIN_TOKENS, le=budget.MAX_TOKENS, description=(
            "Token budget of the answer; rows past it are cut and the answer says which offset gets the rest."))]
        = budget.DEFAULT_TOKENS,
        offset: Annotated[int, Field(ge=0, le=1_000_000, description="Skip this many rows (a cut answer's next_offset).")] = 0,
        repo: Annotated[str | None, Field(description="Only the definition published by this repository.")] = None,
        all_matches: Annotated[bool, Field(description="Take every definition the name matches.")] = False,
        kinds: Annotated[list[EdgeKind] | None, Field(description=(
            "Only follow edges of these kinds (default: all), as for blast_radius."))] = None) -> CallToolResult:
    """What can break, in ANY repository of the organisation, if this shared function, method or class
    changes: everything that depends on it up to `depth` hops across every repository published into the
    organisation database (`graphmind publish`), nearest first, as `repo file:start-end signature [kinds]`.
    Use it before changing a library other services use; blast_radius answers for this workspace only."""
    try:
        from graphmind.org import answers as org_answers
        from graphmind.org import database, walk
    except ImportError:
        raise OrgUnavailableError() from None
    conn = database.connect(None)
    try:
        targets = org_answers.targets(conn, symbol, repo, all_matches)
        w = walk.walk(conn, targets, depth, limit=offset + 1000, kinds=tuple(kinds) if kinds else ALL_KINDS)
    finally:
        conn.close()
    shown = dataclasses.replace(w, hits=[dataclasses.replace(h, file=f"{h.repo} {h.file}") for h in w.hits])
    targets_json = org_answers.walk_json(w)["targets"]

    def make(b: int | None):
        page, doc = answers.walk_page(shown, set(), b, offset)
        for row in doc.get("callers", []):
            row["file"] = row["file"].removeprefix(row["repo"] + " ")
        doc |= {"targets": targets_json, "repositories": w.repos}
        doc.pop("unresolved_sites", None)
        return page, doc

    page, doc = budget.fit_answer(make, max_tokens)
    return CallToolResult(content=[TextContent(text=page.text)], structured_content=doc)
