"""A function passed as an argument and called by a workspace function."""


def apply(fn, values):
    return [fn(v) for v in values]


def double(x):
    return x * 2


def square(x):
    return x * x


def run():
    return apply(double, [1, 2]), apply(square, [3])


if __name__ == "__main__":
    print(run())
