"""A cart whose lines are priced by a helper in another module."""
from .pricing import line_total


class Line:
    def __init__(self, sku, qty, price):
        self.sku, self.qty, self.price = sku, qty, price

    def subtotal(self):
        return self.qty * self.price


def checkout(lines):
    return sum(line_total(line) for line in lines)


if __name__ == "__main__":
    print(checkout([Line("a", 2, 3.0), Line("b", 1, 5.0)]))
    print(line_total(Line("c", 1, 1.0)))
