"""Applying @command("x") calls command and then the register closure it returns."""
from .registry import command


def _fmt(text):
    return f"> {text}"


@command("greet")
def greet(who):
    return _fmt(f"hello {who}")


@command("bye")
def bye(who):
    return _fmt(f"bye {who}")
