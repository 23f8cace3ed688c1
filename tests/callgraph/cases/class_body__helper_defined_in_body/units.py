"""A plain function defined in a class body and called while the body runs."""


class Bytes:
    def _scale(power):
        return 1024 ** power

    KB = _scale(1)
    MB = _scale(2)
    GB = _scale(3)

    def __init__(self, n):
        self.n = n

    def human(self):
        for name in ("GB", "MB", "KB"):
            size = getattr(self, name)
            if self.n >= size:
                return f"{self.n / size:.1f}{name}"
        return f"{self.n}B"


if __name__ == "__main__":
    print(Bytes(5_000_000).human())
