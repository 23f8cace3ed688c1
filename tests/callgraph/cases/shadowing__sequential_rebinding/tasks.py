"""A local name rebound mid-function: each call reaches the binding in effect there."""


def load(x):
    return f"load {x}"


def save(x):
    return f"save {x}"


def archive(x):
    return f"archive {x}"


def process(x):
    step = load
    first = step(x)
    step = save
    second = step(x)
    return first, second


if __name__ == "__main__":
    print(process("a"))
