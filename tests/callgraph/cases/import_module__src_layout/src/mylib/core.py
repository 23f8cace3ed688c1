"""Core functions; the package lives under src/ but imports as `mylib`."""


def parse(line):
    key, _, value = line.partition("=")
    return key.strip(), value.strip()


def load(lines):
    return dict(parse(line) for line in lines if line.strip())
