"""A closure returned by a factory and called later: an edge to the inner function."""


def clamp(n):
    return max(0, min(100, n))


def make_adder(step):
    def add(x):
        return clamp(x + step)
    return add


add5 = make_adder(5)


def bump(values):
    return [add5(v) for v in values]


if __name__ == "__main__":
    print(bump([1, 99]))
