"""Sums of terms; recursion crosses back into expr.terms."""
from . import terms


def parse_sum(tokens, i=0):
    value, i = terms.parse_term(tokens, i)
    while i < len(tokens) and tokens[i] == "+":
        rhs, i = terms.parse_term(tokens, i + 1)
        value += rhs
    return value, i


def evaluate(text):
    return parse_sum(text.split())[0]
