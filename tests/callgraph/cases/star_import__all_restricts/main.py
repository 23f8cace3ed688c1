"""A star import brings only __all__ names; `other` stays the local definition."""


def other():
    return "main.other"


from helpers import *  # noqa: E402,F403


def run():
    return public() + " " + other()


print(run())
