"""A local variable named `len` shadows the builtin only in its function."""


def count_items(xs):
    return sum(1 for _ in xs)


def measure(xs):
    len = count_items
    return len(xs)


def measure_builtin(xs):
    return len(xs)


if __name__ == "__main__":
    print(measure(iter([1, 2])), measure_builtin([1]))
