"""A generator producing row objects."""


class Row:
    def __init__(self, cells):
        self.cells = cells

    def render(self):
        return " | ".join(map(str, self.cells))


def read_rows(lines):
    for line in lines:
        yield Row(line.split(","))
