"""`del x[k]` calls __delitem__, not __getitem__."""


class Store:
    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        self._data.pop(key, None)


def evict(store: Store, key):
    del store[key]


def replace(store: Store, key, value):
    store[key] = value
    return store[key]


if __name__ == "__main__":
    s = Store()
    replace(s, "a", 1)
    evict(s, "a")
