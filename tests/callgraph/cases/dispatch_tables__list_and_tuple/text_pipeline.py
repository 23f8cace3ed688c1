"""Functions in a list iterated and called, and in a tuple indexed by a constant."""


def strip(s):
    return s.strip()


def lower(s):
    return s.lower()


def collapse(s):
    return " ".join(s.split())


def shout(s):
    return s.upper()


STEPS = [strip, lower, collapse]
LOUD = (shout, strip)


def clean(s):
    for step in STEPS:
        s = step(s)
    return s


def loud(s):
    return LOUD[0](s)


if __name__ == "__main__":
    print(clean("  Hello   World "), loud("hi"))
