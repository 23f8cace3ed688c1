"""Every CLI command is documented."""
from __future__ import annotations

from pathlib import Path

from graphmind.cli import app

DOCS = Path(__file__).resolve().parent.parent / "docs"


def command_names() -> list[str]:
    names = []
    for cmd in app.registered_commands:
        names.append(cmd.name or cmd.callback.__name__.replace("_", "-"))
    for group in app.registered_groups:
        for cmd in group.typer_instance.registered_commands:
            names.append(f"{group.name} {cmd.name or cmd.callback.__name__}")
    return names


def test_every_cli_command_is_in_docs():
    text = (DOCS / "cli.md").read_text()
    missing = [n for n in command_names() if f"graphmind {n}" not in text]
    assert not missing, f"commands missing from docs/cli.md: {missing}"
    assert len(command_names()) >= 7
