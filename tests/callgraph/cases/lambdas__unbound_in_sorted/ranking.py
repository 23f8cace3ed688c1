"""Unbound lambdas are definitions of their own (<lambdaN>); the function that makes them has an edge to each."""


def weight(item):
    return item["w"]


def name_of(item):
    return item["name"]


def order(items):
    by_weight = sorted(items, key=lambda i: (weight(i), name_of(i)))
    return [name_of(i) for i in by_weight]


def heaviest(items):
    return max(items, key=lambda i: weight(i))


if __name__ == "__main__":
    data = [{"w": 2, "name": "b"}, {"w": 1, "name": "a"}]
    print(order(data), heaviest(data))
