"""A partial object passed to map() and to a workspace function that calls it."""
from functools import partial


def score(weights, item):
    return sum(w * v for w, v in zip(weights, item))


def apply_all(fn, items):
    return [fn(i) for i in items]


def rank(items):
    weighted = partial(score, (0.5, 0.5))
    return list(map(weighted, items)), apply_all(weighted, items)


if __name__ == "__main__":
    print(rank([(1, 2), (3, 4)]))
