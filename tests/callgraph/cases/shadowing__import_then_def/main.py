"""A def after an import rebinds the name (flake8 F811): later calls reach the local def."""
from util import fmt, log


def log(msg):  # noqa: F811
    return f"main: {fmt(msg)}"


def run():
    return log("hello")


print(run())
