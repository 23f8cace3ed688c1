"""`from m import a, b as c` binds the functions themselves."""
from shop.pricing import subtotal, total as grand_total


def checkout(items):
    return subtotal(items), grand_total(items, rate=0.1)


print(checkout([(2.5, 2), (1.0, 3)]))
