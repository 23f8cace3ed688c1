"""A variable bound in both branches of an if: a later call may reach either class."""


class MemoryStore:
    def put(self, key, value):
        return ("memory", key, value)


class FileStore:
    def __init__(self, path):
        self.path = path

    def put(self, key, value):
        return ("file", self.path, key, value)


class NullStore:
    def put(self, key, value):
        return None


def save(key, value, path=None):
    if path:
        store = FileStore(path)
    else:
        store = MemoryStore()
    return store.put(key, value)


if __name__ == "__main__":
    print(save("a", 1), save("b", 2, "out/x"))
