"""An annotated __init__ parameter stored on self types later calls through the attribute."""


class Backend:
    def __init__(self):
        self.data = {}

    def read(self, key):
        return self.data.get(key)

    def write(self, key, value):
        self.data[key] = value


class Cache:
    def __init__(self, backend: Backend):
        self.backend = backend

    def get_or_set(self, key, factory):
        value = self.backend.read(key)
        if value is None:
            value = factory()
            self.backend.write(key, value)
        return value


def compute():
    return 42


if __name__ == "__main__":
    cache = Cache(Backend())
    print(cache.get_or_set("k", compute))
