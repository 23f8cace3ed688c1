"""Calling a generator function is an edge to it; its body's calls are its own."""


def clean(line):
    return line.strip()


def handle(line):
    return line.upper()


def read_lines(text):
    for line in text.splitlines():
        if line.strip():
            yield clean(line)


def process(text):
    return [handle(line) for line in read_lines(text)]


if __name__ == "__main__":
    print(process("a\n\n b "))
