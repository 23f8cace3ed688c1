"""A generic base written with a subscript: the subclass still inherits its methods."""
from typing import Generic, TypeVar

T = TypeVar("T")


class Repository(Generic[T]):
    def __init__(self):
        self.items = []

    def add(self, item):
        self.items.append(item)
        return self.validate(item)

    def validate(self, item):
        return item is not None


class Entry:
    def __init__(self, key):
        self.key = key


class EntryRepository(Repository[Entry]):
    def latest(self):
        return self.items[-1]


def store(key):
    repo = EntryRepository()
    repo.add(Entry(key))
    return repo.latest()


if __name__ == "__main__":
    print(store("a").key)
