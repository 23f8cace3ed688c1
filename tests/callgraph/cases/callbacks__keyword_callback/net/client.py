"""A flaky fetch retried with an error reporter."""
from .retry import retry

_FAILS = [True]


def fetch():
    if _FAILS and _FAILS.pop():
        raise ConnectionError("flaky")
    return "payload"


def report(attempt, exc):
    print(f"attempt {attempt} failed: {exc}")


def get():
    return retry(fetch, on_error=report)
