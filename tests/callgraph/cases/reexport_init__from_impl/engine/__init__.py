"""Public API: names re-exported from the implementation module."""
from ._impl import run, stop

__all__ = ["run", "stop"]
