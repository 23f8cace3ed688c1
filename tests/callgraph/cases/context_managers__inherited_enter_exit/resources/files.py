"""A subclass inherits __enter__/__exit__ and has no __init__."""
from .base import Managed


class TempFile(Managed):
    def write(self, data):
        return len(data)


def dump(data):
    f = TempFile()
    with f:
        return f.write(data)


if __name__ == "__main__":
    print(dump("abc"))
