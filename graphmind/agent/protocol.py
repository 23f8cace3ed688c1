"""What graphmind adds to the MCP SDK's server: argument errors worded for an agent (which argument,
what is wrong, what was given; no validation-library names or web links), and each tool's outputSchema
taken from the answers' JSON Schemas (agent/schemas.py, docs/schemas/)."""
from __future__ import annotations

from typing import Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

from graphmind.agent import schemas


# the edge kinds a walking tool's `kinds` argument takes (graphmind.edgekinds.ALL_KINDS)
EdgeKind = Literal["call", "constructor", "instantiate", "decorator", "property", "implicit", "dispatch",
                   "inherit", "override", "reference", "import", "read"]

# The command line's words in graphmind's messages, as a tool's arguments say them.
_CLI_WORDS = {"pass FILE:LINE ranges instead": 'pass ranges=["FILE:LINE"] instead',
              "search --file takes a folder": "search takes a folder as file="}


def agent_words(message: str) -> str:
    """A graphmind error message with command-line wording replaced by the tools' arguments."""
    for cli, tool in _CLI_WORDS.items():
        message = message.replace(cli, tool)
    return message


def _problem(err: dict) -> str:
    where = ".".join(str(part) for part in err.get("loc", ())) or "arguments"
    given = err.get("input")
    shown = "" if err.get("type") == "missing" or isinstance(given, dict) else f" (given: {repr(given)[:60]})"
    return f"{where}: {err.get('msg', 'invalid')}{shown}"


class Server(MCPServer):
    """The SDK's server, with a tool's rejected arguments explained as the agent can fix them."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context=None):
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            problems = "; ".join(_problem(e) for e in exc.__cause__.errors(include_url=False))
            raise ToolError(f"{name} was called with invalid arguments: {problems}. The tool's input schema "
                            "lists each argument, its type and its range.") from None

    def publish_schemas(self, tool: str) -> None:
        """Declare the tool's structured content schema (the SDK takes a schema set on the tool's metadata
        as it is; clients check every answer against it): its outline, the full one named in docs/schemas/.
        The input schema loses what only costs an agent's context: titles, `null` beside an optional type."""
        registered = self._tool_manager.get_tool(tool)
        registered.fn_metadata.output_schema = schemas.outline({**schemas.TOOLS, **schemas.ORG_TOOLS}[tool])
        registered.parameters = lean(registered.parameters)
        registered.description = " ".join(registered.description.split())       # no docstring indentation

def lean(node):
    """A JSON Schema without `title`s, `default: null` or `anyOf: [X, null]` (as X: the argument is optional anyway)."""
    if isinstance(node, list):
        return [lean(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: lean(v) for k, v in node.items() if k != "title" and not (k == "default" and v is None)}
    choices = out.get("anyOf")
    if isinstance(choices, list) and len(choices) == 2 and {"type": "null"} in choices:
        out.pop("anyOf")
        out = {**next(c for c in choices if c != {"type": "null"}), **out}
    return out
