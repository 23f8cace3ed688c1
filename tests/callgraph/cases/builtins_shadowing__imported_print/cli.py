"""Only the imported name is shadowed; `input` is still the builtin here."""
from compat.console import print


def greet(name):
    print("hello", name)


def ask():
    return input("name? ")


if __name__ == "__main__":
    greet("guest")
