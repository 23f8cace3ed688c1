"""No __all__: a star import brings every name not starting with an underscore."""


def wrap(s, width=10):
    return [s[i:i + width] for i in range(0, len(s), width)]


def _strip(s):
    return s.strip("-")


def strip_all(lines):
    return [_strip(x) for x in lines]
