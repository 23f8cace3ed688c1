"""Decorators on methods are applied by the class body; the wrapper calls the method."""


def cached(method):
    store = {}

    def wrapper(self, *args):
        if args not in store:
            store[args] = method(self, *args)
        return store[args]
    return wrapper


def slow_square(n):
    return n * n


class Calculator:
    @cached
    def square(self, n):
        return slow_square(n)

    @cached
    def cube(self, n):
        return self.square(n) * n

    @staticmethod
    def unit():
        return 1


if __name__ == "__main__":
    calc = Calculator()
    print(calc.cube(3), calc.square(2), Calculator.unit())
