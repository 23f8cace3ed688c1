"""Lambdas in a default, in a function's return, in a class body and inside another lambda: each is
a definition of the scope that evaluates it (a default belongs to the enclosing scope, not the def)."""


def parse_int(text):
    return int(text)


def parse_float(text):
    return float(text)


def make_parser(kind, fallback=lambda text: parse_int(text)):
    if kind == "float":
        return lambda text: parse_float(text)
    return fallback


class Registry:
    converters = {"int": lambda v: parse_int(v), "float": lambda v: parse_float(v)}

    def convert(self, kind, value):
        return self.converters[kind](value)


adder = lambda a: (lambda b: a + b)  # noqa: E731


if __name__ == "__main__":
    registry = Registry()
    print(make_parser("float")("1.5"), make_parser("int")("2"), make_parser("int", lambda text: parse_int(text.strip()))(" 2"))
    print(registry.convert("int", "3"), registry.convert("float", "4"), adder(1)(2))
