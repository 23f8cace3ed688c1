"""Registering `graphmind mcp` with a coding agent: the entry each client's project config file takes,
merged into what the file already holds (other servers and settings are kept as they are)."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from graphmind.errors import BadArgumentError

SERVER_NAME = "graphmind"


@dataclass(frozen=True)
class Client:
    """Where a client reads project-scoped MCP servers, under which key, in which shape."""
    path: str
    key: str
    entry: dict


CLIENTS = {
    "claude": Client(".mcp.json", "mcpServers", {"type": "stdio", "command": "graphmind", "args": ["mcp"]}),
    "cursor": Client(".cursor/mcp.json", "mcpServers", {"command": "graphmind", "args": ["mcp"]}),
    "vscode": Client(".vscode/mcp.json", "servers", {"type": "stdio", "command": "graphmind",
                                                      "args": ["mcp", "--root", "${workspaceFolder}"]}),
}


def launcher() -> list[str]:
    """The absolute command that runs this graphmind: the `graphmind` script beside the running interpreter
    (a virtual environment's bin/), else this interpreter with `-m graphmind`. A bare `graphmind` is not
    found by a client started outside the environment, the usual case."""
    python = Path(sys.executable).absolute()             # not resolved: a venv's python is a link out of it
    script = python.parent / ("graphmind.exe" if os.name == "nt" else "graphmind")
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(python), "-m", "graphmind"]


def merged_config(root: Path, client: str) -> tuple[Path, dict]:
    """The client's config file under `root` and its content with graphmind's entry set (every other
    entry kept); a file that is not a JSON object is an error, never overwritten."""
    if client not in CLIENTS:
        raise BadArgumentError(f"unknown client '{client}': one of {', '.join(CLIENTS)}")
    spec = CLIENTS[client]
    path = root / spec.path
    doc: dict = {}
    if os.path.lexists(path):
        try:
            doc = json.loads(path.read_text(encoding="utf-8") or "{}")
        except (OSError, ValueError) as exc:
            raise BadArgumentError(f"{spec.path} is not readable JSON ({exc}); fix or remove it first") from None
        if not isinstance(doc, dict) or not isinstance(doc.get(spec.key, {}), dict):
            raise BadArgumentError(f"{spec.path} does not hold a JSON object with a '{spec.key}' object; "
                                   "fix it first")
    servers = dict(doc.get(spec.key, {}))
    command, *prefix = launcher()
    servers[SERVER_NAME] = {**spec.entry, "command": command, "args": [*prefix, *spec.entry["args"]]}
    return path, {**doc, spec.key: servers}


def write_config(path: Path, doc: dict) -> None:
    """Write the config in one step (a new file renamed over the old: a link is replaced, never followed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.is_file() and not path.is_symlink() else 0o644
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(doc, indent=2) + "\n")
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
