"""`raise Cls` without parentheses instantiates the class."""
from . import errors
from .errors import NotFound


def show(item):
    if item is None:
        raise NotFound
    if item == "secret":
        raise errors.Forbidden
    return item


if __name__ == "__main__":
    print(show("x"))
