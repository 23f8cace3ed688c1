"""Instantiating a class with its own __init__ calls that __init__."""


def normalize_sku(sku):
    return sku.strip().upper()


class Item:
    def __init__(self, sku, qty=0):
        self.sku = normalize_sku(sku)
        self.qty = qty

    def restock(self, n):
        self.qty += n
        return self.qty


def build(skus):
    items = [Item(s) for s in skus]
    for item in items:
        item.restock(1)
    return items


if __name__ == "__main__":
    print([i.sku for i in build([" ab ", "cd"])])
