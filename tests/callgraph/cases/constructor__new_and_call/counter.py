"""__new__ and __init__ both run on instantiation; calling an instance runs __call__."""


class Counter:
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __init__(self):
        self.counts = getattr(self, "counts", {})

    def __call__(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1
        return self.counts[key]


def hit(key):
    counter = Counter()
    return counter(key)


if __name__ == "__main__":
    print(hit("a"), hit("a"))
