"""What graphmind adds to the MCP SDK's server: argument errors worded for an agent (which argument,
what is wrong, what was given; no validation-library names or web links), and each tool's outputSchema
taken from the answers' JSON Schemas (agent/schemas.py, docs/schemas/)."""
from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

from graphmind.agent import schemas


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

    def publish_output_schema(self, tool: str) -> None:
        """Declare the tool's structured content schema (the SDK takes a schema set on the tool's metadata
        as it is; clients check every answer against it)."""
        self._tool_manager.get_tool(tool).fn_metadata.output_schema = schemas.schema({**schemas.TOOLS, **schemas.ORG_TOOLS}[tool])
