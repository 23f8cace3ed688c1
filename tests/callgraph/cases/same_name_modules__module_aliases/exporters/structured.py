"""Structured export with the same function names."""


def export(rows):
    return repr([list(r) for r in rows])


def header(cols):
    return repr(list(cols))
