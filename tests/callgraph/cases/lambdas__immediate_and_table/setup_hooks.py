"""An immediately called lambda and lambdas stored in a dict are definitions of their own (<lambdaN>)."""


def init_logging():
    return "logging ready"


def negate(x):
    return -x


def absolute(x):
    return x if x >= 0 else negate(x)


STATUS = (lambda: init_logging())()
OPS = {"neg": lambda x: negate(x), "abs": lambda x: absolute(x)}


def run(op, x):
    return OPS[op](x)


if __name__ == "__main__":
    print(STATUS, run("neg", 2), run("abs", -3))
