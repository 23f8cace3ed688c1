"""JSON Schemas of every answer: each command's `--json` output and each MCP tool's structured content
(published as the tool's outputSchema). One definition here; `docs/schemas/*.schema.json` are written
from it (`python -m graphmind.agent.schemas docs/schemas`) and a test keeps them equal. Objects may
carry more fields than listed (answers grow); the listed ones are stable."""
from __future__ import annotations

import json
import sys
from pathlib import Path

DRAFT = "https://json-schema.org/draft/2020-12/schema"
S, I, N, B = {"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}


def arr(item: dict) -> dict:
    return {"type": "array", "items": item}


def null(t: dict) -> dict:
    return {"anyOf": [t, {"type": "null"}]}


def obj(required: dict, optional: dict | None = None, values: dict | None = None) -> dict:
    """An object with these required and optional properties (`values`: the schema of every value, for maps)."""
    out = {"type": "object", "required": sorted(required), "properties": {**required, **(optional or {})}}
    if values is not None:
        out = {"type": "object", "additionalProperties": values}
    return out


REF = obj({"symbol": S, "kind": S, "file": S, "start_line": I, "end_line": I, "signature": S})
HIT = obj({**REF["properties"], "depth": I, "call_lines": arr(I), "path": arr(S), "resolution": S,
           "kinds": arr(S), "stale": B}, {"test": B})
SITE = obj({"symbol": S, "file": S, "line": I, "callee": S, "resolution": S, "candidates": I})
FRESHNESS = obj({"source": {"enum": ["daemon", "refreshed", "none"]}, "changed": I, "stale": arr(S)},
                {"fresh": B, "note": null(S)})
PAGE = {"offset": I, "tokens": I, "cut": null(obj({"section": S, "shown": I, "total": I}, {"next_offset": null(I)}))}
COMMON = {"freshness": FRESHNESS, "stale_files": arr(S), **PAGE}
WALK_FIELDS = {"depth": I, "complete_depth": I, "total": I, "truncated": null({"enum": ["limit", "time"]})}
WALK_PARTS = {"callers": arr(HIT), "callees": arr(HIT), "possible_callers": arr(SITE), "possible_total": I,
              "unresolved_sites": obj({"total": I, "sites": arr(SITE)}), "outside_workspace": arr(S)}
SKIPPED = obj({"folders": arr(obj({"path": S, "why": S})), "folder_total": I, "folders_by_reason": obj({}, values=I),
               "files_by_reason": obj({}, values=I), "configuration": arr(S)})
ORG = {"repo": S, "commit": null(S)}        # every row of the organisation graph says where it is published
HOW = {"enum": ["reaches", "may reach", "imports", "coverage"]}
TEST_RUN = obj({"id": S, "runner": S, "symbol": S, "file": S, "start_line": I, "end_line": I, "depth": I, "how": HOW},
               {"sources": arr(S)})
# a test in `tests`: its ID when a resolved path reaches the change, else the ID and how it was found
# the coverage data file read: its tests, when it was written, the files changed since (static paths for those)
COVERAGE = obj({"file": S, "tests": I, "recorded_at": N, "changed_since": arr(S)})
TEST_ENTRY = {"anyOf": [S, obj({"id": S, "how": HOW})]}

SCHEMAS: dict[str, tuple[str, dict]] = {
    "error": ("An error under --json (exit status 1, 2 usage, 3 not found, 4 ambiguous, 5 disk full or failing)", obj(
        {"error": S, "message": S}, {"query": S, "suggestions": arr(S), "candidates": arr(S)})),
    "index": ("graphmind index --json", obj({k: I for k in ("scanned", "changed", "removed", "unchanged", "failed",
                                                                   "symbols", "edges", "resolved", "reopened")} | {"seconds": N})),
    "walk": ("blast-radius, callers, callees --json; MCP blast_radius, callers, callees", obj(
        {"targets": arr(REF), "direction": {"enum": ["up", "down"]}, "kinds": arr(S), **WALK_FIELDS},
        {**WALK_PARTS, **COMMON})),
    "symbols": ("graphmind symbols --json; MCP find_symbol", obj(
        {"symbols": arr(REF), "total": I}, {"truncated": B, "query": S, **COMMON})),
    "search": ("graphmind search --json; MCP search", obj(
        {"query": S, "results": arr(obj({**REF["properties"], "match": S, "score": N, "stale": B}))},
        {"truncated": B, "mode": {"enum": ["lexical", "semantic", "hybrid"]}, **COMMON})),
    "status": ("graphmind status --json; MCP index_status", obj(
        {"root": S, "files": I, "symbols": I, "call_sites": I, "resolved_edges": I, "imports": I, "inherits": I,
         "edges_by_kind": obj({}, values=I), "file_status": obj({}, values=I), "resolutions": obj({}, values=I),
         "languages": obj({}, values=obj({"files": I, "symbols": I, "level": S})),
         "problems": arr(obj({"file": S, "status": S, "error": null(S)})), "indexed_at": null(N),
         "age_seconds": null(N), "db_bytes": I},
        {"skipped": null(SKIPPED), "semantic": obj({"available": B, "model": null(S), "vectors": I, "bytes": I}),
         "check": obj({"ok": B, "damage": null(S), "rebuilt": B}),
         "recovered": obj({"total": I, "files": arr(obj({"file": S, "blanked": S}))}), **COMMON})),
    "export": ("graphmind export (--json)", obj(
        {"symbols": arr(REF), "call_graph": obj({}, values=arr(S)),
         "edges": arr(obj({"caller": S, "callee": S, "kind": S, "resolution": S, "file": S, "line": I}))},
        {"freshness": FRESHNESS})),
    "impact": ("graphmind impact --json; MCP change_impact", obj(
        {"source": S, "changed_files": arr(S), "unindexed_files": arr(S), "deleted_files": arr(S),
         "touched": arr(obj({**REF["properties"], "changed_lines": arr(I), "test": B})), "tests": arr(TEST_ENTRY),
         "test_runs": arr(TEST_RUN), "test_commands": arr(S), "tests_truncated": null(S), "tests_fallback": B},
        {"coverage": COVERAGE, **WALK_FIELDS, **WALK_PARTS, **COMMON})),
    "map": ("graphmind map --json; MCP repo_map", obj(
        {"budget": I, "tokens": I, "focus": arr(S), "mentions": arr(S), "map": S,
         "definitions": arr(obj({**REF["properties"], "rank": I, "score": N})),
         "files": arr(obj({"file": S, "score": null(N), "important": B}))}, COMMON)),
    "source": ("MCP symbol_source", obj(
        {**REF["properties"], "stale": B, "source": S, "shown_lines": arr(I)}, PAGE)),
    "daemon-start": ("graphmind daemon start --json", obj({"pid": I})),
    "daemon-stop": ("graphmind daemon stop --json", obj({"stopped": B, "pid": null(I)})),
    "daemon-status": ("graphmind daemon status --json", obj({"running": B}, {"pid": null(I), "busy": B,
                                                                             "answering": B, "stale_pid": null(I)})),
    "embed": ("graphmind embed --json", obj({k: I for k in ("files", "encoded", "reused", "removed", "files_left")}
                                            | {"done": B, "seconds": N})),
    "org-walk": ("graphmind org blast-radius, org callers --json; MCP org_blast_radius (docs/org.md)", obj(
        {"targets": arr(obj({**ORG, **REF["properties"]})), "direction": {"enum": ["up"]}, "kinds": arr(S),
         "repositories": I, "callers": arr(obj({**ORG, **{k: HIT["properties"][k] for k in HIT["required"]}})), **WALK_FIELDS},
        {"possible_callers": arr(SITE), "possible_total": I, **PAGE})),
    "publish": ("graphmind publish --json (docs/org.md)", obj(
        {"repo": S, "commit": null(S), "digest": S, "changed": B, "symbols": I, "edges": I, "uses": I,
         "seconds": N})),
    "org-repos": ("graphmind org repos --json (docs/org.md)", obj({"repositories": arr(obj(
        {"repo": S, "commit": null(S), "digest": S, "published_at": S, "symbols": I, "edges": I, "uses": I}))})),
    "mcp-install": ("graphmind mcp install --json", obj({"client": {"enum": ["claude", "cursor", "vscode"]},
                                                          "file": S, "written": B, "config": obj({})})),
}

COMMANDS = {"index": "index", "blast-radius": "walk", "callers": "walk", "callees": "walk", "symbols": "symbols",
            "search": "search", "status": "status", "export": "export", "impact": "impact", "map": "map",
            "daemon start": "daemon-start", "daemon stop": "daemon-stop", "daemon status": "daemon-status",
            "mcp install": "mcp-install", "embed": "embed", "publish": "publish", "org blast-radius": "org-walk",
            "org callers": "org-walk", "org repos": "org-repos"}
TOOLS = {"blast_radius": "walk", "callers": "walk", "callees": "walk", "find_symbol": "symbols", "search": "search",
         "symbol_source": "source", "change_impact": "impact", "index_status": "status", "repo_map": "map"}

ORG_TOOLS = {"org_blast_radius": "org-walk"}        # offered when an organisation database is configured


def schema(name: str) -> dict:
    """The full JSON Schema document of one answer."""
    title, body = SCHEMAS[name]
    return {"$schema": DRAFT, "title": title, **body}


def outline(name: str) -> dict:
    """The outputSchema a tool publishes: an object, its fields named by the full schema in docs/schemas/
    (the tool list stays within 10k characters; every answer meets the full schema: tests/test_mcp_contract.py)."""
    return {"type": "object", "description": f"fields: docs/schemas/{name}.schema.json"}


def write_all(folder: Path) -> None:
    """Write docs/schemas/<name>.schema.json for every answer."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in SCHEMAS:
        (folder / f"{name}.schema.json").write_text(json.dumps(schema(name), indent=2) + "\n")


if __name__ == "__main__":
    write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas"))
