"""A lambda bound to a name is a definition named after it."""


def mul(a, b):
    return a * b


square = lambda x: mul(x, x)  # noqa: E731
cube = lambda x: mul(square(x), x)  # noqa: E731


def volume(side):
    return cube(side)


if __name__ == "__main__":
    print(volume(3), square(2))
