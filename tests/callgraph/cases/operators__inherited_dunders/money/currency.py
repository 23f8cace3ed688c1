"""A subclass inherits the operators; comparisons and sums on it call the base dunders."""
from .base import Amount


class Euro(Amount):
    def label(self):
        return f"EUR {self.cents / 100:.2f}"


def cheapest(a: Euro, b: Euro) -> Euro:
    return a if a < b else b


def total_cents(a: Euro, b: Euro) -> int:
    return (a + b).cents


def same(a: Euro, b: Euro) -> bool:
    return a == b


if __name__ == "__main__":
    x, y = Euro(150), Euro(99)
    print(cheapest(x, y).label(), total_cents(x, y), same(x, y))
