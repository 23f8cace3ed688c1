"""A receiver bound by a conditional expression: either branch's type."""


class Fast:
    def run(self):
        return 1


class Slow:
    def run(self):
        return 2


def pick(quick):
    engine = Fast() if quick else Slow()
    return engine.run()


print(pick(True))
