"""Price computations."""


def subtotal(items):
    return sum(price * qty for price, qty in items)


def discount(amount, rate):
    return amount * (1 - rate)


def total(items, rate=0.0):
    return round(discount(subtotal(items), rate), 2)
