"""Calls the registered functions directly."""
from cli import commands
from cli.registry import COMMANDS

print(sorted(COMMANDS), commands.greet("ann"), commands.bye("bob"))
