"""A closure returned by a method, called through a local and through a chained call."""


class Counter:
    def __init__(self):
        self.n = 0

    def _log(self, n):
        return f"count={n}"

    def incrementer(self, step=1):
        def inc():
            self.n += step
            return self._log(self.n)
        return inc


def tick_twice():
    c = Counter()
    inc = c.incrementer()
    inc()
    return c.incrementer(2)()


if __name__ == "__main__":
    print(tick_twice())
