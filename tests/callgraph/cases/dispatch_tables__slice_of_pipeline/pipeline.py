"""A slice of a literal list of stages keeps only the stages in its range."""


def parse(text):
    return text.split()


def validate(words):
    return [w for w in words if w]


def render(words):
    return " ".join(words)


STAGES = [parse, validate, render]
CHECKS = STAGES[1:]
SETUP = STAGES[:1]


def run_checks(words, k):
    return CHECKS[k](words)


def first_check(words):
    return CHECKS[0](words)


def setup(text):
    return SETUP[0](text)


if __name__ == "__main__":
    print(setup("a b"), first_check(["a"]), run_checks(["a"], 1))
