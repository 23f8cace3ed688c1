"""Generator expressions and next(): calls inside belong to the enclosing function."""


def cost(item):
    return item["price"] * item["qty"]


def is_low(item):
    return item["qty"] < 2


def ids(start):
    n = start
    while True:
        yield n
        n += 1


def total(items):
    return sum(cost(i) for i in items)


def first_low(items):
    return next((i["name"] for i in items if is_low(i)), None)


def first_id():
    return next(ids(100))


if __name__ == "__main__":
    stock = [{"name": "a", "price": 2, "qty": 5}, {"name": "b", "price": 1, "qty": 1}]
    print(total(stock), first_low(stock), first_id())
