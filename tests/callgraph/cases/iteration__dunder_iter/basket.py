"""Iterating a workspace container: __iter__ yields Item instances."""


class Item:
    def __init__(self, name, price):
        self.name, self.price = name, price

    def cost(self):
        return self.price


class Basket:
    def __init__(self, *items):
        self._items = list(items)

    def __iter__(self):
        for name, price in self._items:
            yield Item(name, price)


def total(basket):
    amount = 0
    for item in basket:
        amount += item.cost()
    return amount


if __name__ == "__main__":
    print(total(Basket(("a", 1), ("b", 2))))
