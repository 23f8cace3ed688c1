"""Tabular export."""


def export(rows):
    return "\n".join(",".join(map(str, r)) for r in rows)


def header(cols):
    return ",".join(cols)
