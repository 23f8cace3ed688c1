"""Several context managers in one with statement, including a nested with."""


class Lock:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self.name

    def __exit__(self, *exc):
        return False


class Audit:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def note(self, text):
        return text


def transfer(a, b):
    with Lock(a) as first, Lock(b) as second:
        with Audit() as audit:
            return audit.note(f"{first}->{second}")


if __name__ == "__main__":
    print(transfer("x", "y"))
