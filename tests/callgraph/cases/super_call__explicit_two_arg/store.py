"""The two-argument form super(Class, self) in __init__ and in a method."""


class Store:
    def __init__(self):
        self.data = {}

    def get(self, key):
        return self.data.get(key)

    def put(self, key, value):
        self.data[key] = value


class CachedStore(Store):
    def __init__(self):
        super(CachedStore, self).__init__()
        self.hits = 0

    def get(self, key):
        value = super(CachedStore, self).get(key)
        if value is not None:
            self.hits += 1
        return value


if __name__ == "__main__":
    s = CachedStore()
    s.put("a", 1)
    print(s.get("a"), s.hits)
