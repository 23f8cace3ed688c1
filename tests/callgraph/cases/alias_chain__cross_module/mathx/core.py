"""Core math."""


def mean(values):
    return sum(values) / len(values)


def spread(values):
    m = mean(values)
    return max(abs(v - m) for v in values)
