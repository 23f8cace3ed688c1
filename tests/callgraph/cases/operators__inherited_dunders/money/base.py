"""Arithmetic and comparisons defined once in a base class."""


class Amount:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Amount(self.cents + other.cents)

    def __lt__(self, other):
        return self.cents < other.cents

    def __eq__(self, other):
        return self.cents == other.cents
