"""A generic workspace class used in annotations: `Registry[str]` there is a type, not a call."""
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self):
        self._items = {}

    def __getitem__(self, key) -> T:
        return self._items[key]

    def add(self, key, value: T) -> None:
        self._items[key] = value


def build(names: list[str]) -> Registry[str]:
    reg: Registry[str] = Registry()
    for name in names:
        reg.add(name, name.upper())
    return reg


def first(reg: Registry[str], key: str) -> str:
    return reg[key]


if __name__ == "__main__":
    print(first(build(["a"]), "a"))
