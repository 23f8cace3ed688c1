"""`i += n` rebinds i to what `i.__iadd__(n)` or `i.__add__(n)` returns: an item type whose `__add__`
returns its own class keeps its own methods after `+=` and `-=`."""
from __future__ import annotations


class Item:
    def as_string(self) -> str:
        return ""


class Integer(Item):
    def __add__(self, other: object) -> Integer:
        return Integer()

    def __sub__(self, other: object) -> Integer:
        return Integer()

    def as_string(self) -> str:
        return "1"


class Buffer(Item):
    def __iadd__(self, other: object) -> Buffer:
        return self

    def as_string(self) -> str:
        return "buf"


def parse_item() -> Item:
    return Integer()


def make_integer() -> Integer:
    return Integer()


def count() -> str:
    i = make_integer()
    i += 1
    i -= 2
    return i.as_string()


def fill(text: str) -> str:
    buf = Buffer()
    buf += text
    return buf.as_string()
