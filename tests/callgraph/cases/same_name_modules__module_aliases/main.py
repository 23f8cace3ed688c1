"""Module aliases decide which same-named function is called."""
from exporters import structured as fmt_b
from exporters import tabular as fmt_a


def as_table(cols, rows):
    return fmt_a.header(cols) + "\n" + fmt_a.export(rows)


def as_data(rows):
    return fmt_b.export(rows)


print(as_table(["x"], [(1,)]), as_data([(1,)]))
