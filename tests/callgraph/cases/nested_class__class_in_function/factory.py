"""A class defined inside a function: qualified name factory.make_parser.Parser."""


def tokenize(text):
    return text.split(",")


def make_parser():
    class Parser:
        def __init__(self):
            self.count = 0

        def parse(self, text):
            self.count += 1
            return [t.strip() for t in tokenize(text)]

    return Parser()


def parse_line(line):
    parser = make_parser()
    return parser.parse(line)


if __name__ == "__main__":
    print(parse_line("a, b"))
