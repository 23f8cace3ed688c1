"""Bounds on what a user may pass (CLI, MCP, socket): checked before anything reaches SQLite or
Python's int limits, so a 30-digit line number or a 60 kB name is an error message, not a traceback."""
from __future__ import annotations

from graphmind.errors import BadArgumentError

MAX_TEXT = 4096          # characters of a SYMBOL, a pattern or a search query
MAX_LINE = 2**31 - 1     # a line number (SQLite and our rows hold 64-bit ints; no file has more lines)
MAX_COUNT = 1_000_000    # a limit, a depth or an offset


def bounded_text(what: str, value: str, limit: int = MAX_TEXT) -> str:
    """`value` when it is at most `limit` characters long; otherwise a BadArgumentError naming `what`."""
    if len(value) > limit:
        raise BadArgumentError(f"{what} is {len(value)} characters long; at most {limit} are accepted")
    return value


def bounded_int(what: str, value: int, low: int = 1, high: int = MAX_COUNT) -> int:
    """`value` when low <= value <= high; otherwise a BadArgumentError naming `what` and the range."""
    if value < low:
        raise BadArgumentError(f"{what} must be at least {low}")
    if value > high:
        raise BadArgumentError(f"{what} must be at most {high}")
    return value


def line_number(digits: str) -> int:
    """A line number written in decimal digits; one past MAX_LINE (past the end of any file) when it
    is larger, so 30 digits neither overflow SQLite nor reach Python's limit on digits."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) < len(str(MAX_LINE)) or int(digits[:12]) <= MAX_LINE else MAX_LINE + 1
