"""Methods calling other methods of the same instance through self."""


class Cart:
    def __init__(self):
        self.items = []

    def add(self, name, price):
        self.items.append((name, price))
        self._log("add", name)

    def total(self):
        return sum(self._price(i) for i in self.items)

    def _price(self, item):
        return item[1]

    def _log(self, action, name):
        return f"{action}:{name}"


if __name__ == "__main__":
    cart = Cart()
    cart.add("tea", 3)
    cart.add("cake", 4)
    print(cart.total())
