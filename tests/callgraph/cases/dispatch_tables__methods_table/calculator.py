"""A table of bound methods built in __init__ and indexed by operator name."""


class Calculator:
    def __init__(self):
        self.ops = {"+": self.add, "-": self.sub}

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def apply(self, op, a, b):
        return self.ops[op](a, b)


if __name__ == "__main__":
    calc = Calculator()
    print(calc.apply("+", 1, 2), calc.apply("-", 5, 3))
