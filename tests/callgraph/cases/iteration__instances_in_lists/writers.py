"""Instances kept in lists and iterated: a literal, a comprehension, appended items, a list kept in an
attribute, an element taken by index, a generator expression."""


class Csv:
    def write(self, rows):
        return ",".join(rows)


class Json:
    def write(self, rows):
        return "[" + ",".join(rows) + "]"


class Xml:
    def write(self, rows):
        return "<r>" + "".join(rows) + "</r>"


def from_literal(rows):
    writers = [Csv(), Json()]
    return [w.write(rows) for w in writers]


def from_comprehension(kinds, rows):
    writers = [Xml() for _ in kinds]
    out = []
    for w in writers:
        out.append(w.write(rows))
    return out


def appended(rows):
    writers = [Csv()]
    writers.append(Xml())
    return [w.write(rows) for w in writers]


class Report:
    def __init__(self):
        self.writers = []

    def add_json(self):
        self.writers.append(Json())

    def render(self, rows):
        return [w.write(rows) for w in self.writers]


def first_of(rows):
    writers = [Json() for _ in range(2)]
    return writers[0].write(rows)


def from_generator(rows):
    return list(w.write(rows) for w in (Csv() for _ in range(1)))


if __name__ == "__main__":
    report = Report()
    report.add_json()
    print(from_literal(["a"]), from_comprehension("x", ["b"]), appended(["c"]), report.render(["d"]),
          first_of(["e"]), from_generator(["f"]))
