"""`@overload`s chosen by literal collections and by instances of a named class: `item([1, 2])` is
the `Sequence[Any]` overload, `item([{…}])` the `Sequence[dict]` one, `item({…})` the first taking a
dict (a parameter left out fits its default), `item(time(…))` the overload naming `time`."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time
from typing import Any, TypeVar, overload


class Item:
    def as_string(self) -> str:
        return ""


class Integer(Item):
    def as_string(self) -> str:
        return "1"


class Text(Item):
    def as_string(self) -> str:
        return '""'


class Stamp(Item):
    def as_string(self) -> str:
        return "1979-05-27T07:32:00"


class Day(Item):
    def as_string(self) -> str:
        return "1979-05-27"


class Clock(Item):
    def as_string(self) -> str:
        return "07:32:00"


class Tables(Item):
    def as_string(self) -> str:
        return "[[t]]"


class Array(Item):
    def as_string(self) -> str:
        return "[]"


class Inline(Item):
    def as_string(self) -> str:
        return "{}"


class Table(Item):
    def as_string(self) -> str:
        return "[t]"


ItemT = TypeVar("ItemT", bound=Item)


@overload
def item(value: int, _parent: Item | None = ...) -> Integer: ...


@overload
def item(value: str, _parent: Item | None = ...) -> Text: ...


@overload
def item(value: datetime, _parent: Item | None = ...) -> Stamp: ...


@overload
def item(value: date, _parent: Item | None = ...) -> Day: ...


@overload
def item(value: time, _parent: Item | None = ...) -> Clock: ...


@overload
def item(value: Sequence[dict[str, Any]], _parent: Item | None = ...) -> Tables: ...


@overload
def item(value: Sequence[Any], _parent: Item | None = ...) -> Array: ...


@overload
def item(value: dict[str, Any], _parent: Array = ...) -> Inline: ...


@overload
def item(value: dict[str, Any], _parent: Item | None = ...) -> Table: ...


@overload
def item(value: ItemT, _parent: Item | None = ...) -> ItemT: ...


@overload
def item(value: object, _parent: Item | None = ...) -> Item: ...


def item(value: object, _parent: Item | None = None) -> Item:
    return Item()


def show_array() -> str:
    return item([1, 2]).as_string()


def show_tables() -> str:
    return item([{"a": 1}, {"b": 2}]).as_string()


def show_inline() -> str:
    return item({"a": 1}).as_string()


def show_clock() -> str:
    return item(time(7, 32)).as_string()


def show_day() -> str:
    return item(date(1979, 5, 27)).as_string()


def show_stamp() -> str:
    return item(datetime(1979, 5, 27, 7, 32)).as_string()
