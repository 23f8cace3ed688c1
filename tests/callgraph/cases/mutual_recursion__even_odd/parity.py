"""Two functions calling each other, and one calling itself."""


def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


def factorial(n):
    return 1 if n <= 1 else n * factorial(n - 1)


if __name__ == "__main__":
    print(is_even(10), is_odd(7), factorial(5))
