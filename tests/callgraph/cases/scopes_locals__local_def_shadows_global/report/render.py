"""Render rows either as CSV or as an aligned table."""


def format_row(row):
    return ",".join(str(cell) for cell in row)


def pad(cell):
    return str(cell).ljust(8)


def render_table(rows):
    def format_row(row):
        return " | ".join(pad(cell) for cell in row)

    return "\n".join(format_row(row) for row in rows)


def render_csv(rows):
    return "\n".join(format_row(row) for row in rows)
