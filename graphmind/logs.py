"""Log lines that cannot be forged: control characters in what a record says (a file name holding a
newline, an escape sequence) are written as escapes, and a traceback's lines are indented under it."""
from __future__ import annotations

import logging
from pathlib import Path


def escape(text: str) -> str:
    """text with control and other unprintable characters written as escapes (a newline as \\n)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class LineFormatter(logging.Formatter):
    """Formats a record as one line starting at the left margin; anything after it (a traceback) indented."""

    def format(self, record: logging.LogRecord) -> str:
        saved = record.msg, record.args
        record.msg, record.args = escape(record.getMessage()), None
        try:
            text = super().format(record)
        finally:
            record.msg, record.args = saved
        first, _, rest = text.partition("\n")
        return first + "".join("\n  " + line for line in rest.split("\n")) if rest else first


LOG_MAX_BYTES = 1_000_000


def rotate_log(path: Path) -> None:
    """Keep one previous log when the log has grown past LOG_MAX_BYTES."""
    try:
        if path.stat().st_size > LOG_MAX_BYTES:
            path.replace(path.with_name(path.name + ".1"))
    except FileNotFoundError:
        pass
