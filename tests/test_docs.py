"""Every CLI command is documented."""
from __future__ import annotations

from pathlib import Path

from graphmind.cli import app

DOCS = Path(__file__).resolve().parent.parent / "docs"


def command_names() -> list[str]:
    names = list(app.commands)
    for group, load in app.groups.items():
        names += [f"{group} {name}" for name in load().commands]
    return names


def test_every_cli_command_is_in_docs():
    text = (DOCS / "cli.md").read_text()
    missing = [n for n in command_names() if f"graphmind {n}" not in text]
    assert not missing, f"commands missing from docs/cli.md: {missing}"
    assert len(command_names()) >= 7
