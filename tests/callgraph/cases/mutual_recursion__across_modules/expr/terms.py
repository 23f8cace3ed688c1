"""Terms: numbers or parenthesised expressions (which recurse into expr.sums)."""
from . import sums


def parse_term(tokens, i):
    if tokens[i] == "(":
        value, i = sums.parse_sum(tokens, i + 1)
        return value, i + 1
    return int(tokens[i]), i + 1
