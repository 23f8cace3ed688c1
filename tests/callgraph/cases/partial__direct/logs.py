"""functools.partial objects called directly and after being stored."""
import functools
from functools import partial


def log(level, msg):
    return f"[{level}] {msg}"


def make_line(prefix, width, text):
    return f"{prefix}{text:<{width}}|"


def run():
    info = partial(log, "INFO")
    first = info("started")
    second = functools.partial(make_line, "> ", 10)("done")
    return first, second


if __name__ == "__main__":
    print(run())
