"""Exports only what __all__ lists."""
__all__ = ["public"]


def public():
    return "helpers.public"


def other():
    return "helpers.other"
