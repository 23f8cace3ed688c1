"""Decorator factories from outside the workspace (`@functools.lru_cache(maxsize=None)`): the call
of the decorated function reaches the function as written; there is no wrapper of ours to reach."""
import functools


def slow_square(n):
    return n * n


@functools.lru_cache(maxsize=None)
def square(n):
    return slow_square(n)


@functools.lru_cache(maxsize=32)
def cube(n):
    return square(n) * n


if __name__ == "__main__":
    print(square(3), cube(2))
