"""A wrapping decorator: applying it is an edge to the decorator, calling the function an edge to it."""
import functools


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        result = fn(*args, **kwargs)
        return result
    return wrapper


def helper(n):
    return n * 2


@timed
def work(n):
    return helper(n) + 1


def main():
    return work(3)


if __name__ == "__main__":
    print(main())
