"""`@overload`s of one function: the call's arguments choose which declared return types it gives."""
from __future__ import annotations

import typing as t


class Column:
    def render(self) -> str:
        return "column"


class Table:
    def render(self) -> str:
        return "table"


class Registry:
    @t.overload
    def lookup(self, key: int) -> Column: ...

    @t.overload
    def lookup(self, key: str, default: Table | None = None) -> Table: ...

    def lookup(self, key: int | str, default: Table | None = None) -> Column | Table:
        return Column() if isinstance(key, int) else Table()


@t.overload
def parse(value: bytes) -> Column: ...


@t.overload
def parse(value: None) -> None: ...


@t.overload
def parse(value: str) -> Table: ...


def parse(value: bytes | str | None) -> Column | Table | None:
    return None


def show_column(registry: Registry) -> None:
    registry.lookup(0).render()


def show_table(registry: Registry) -> None:
    registry.lookup("users").render()


def show_named(registry: Registry, name: str) -> None:
    registry.lookup(name, default=None).render()


def show_parsed(name: str) -> None:
    parse(b"x").render()


def show_text(name: str) -> None:
    parse(f"{name}").render()


class Flag:
    def render(self) -> str:
        return "true"


class Number:
    def render(self) -> str:
        return "1"


class Real:
    def render(self) -> str:
        return "1.0"


@t.overload
def wrap(value: bool) -> Flag: ...


@t.overload
def wrap(value: int) -> Number: ...


@t.overload
def wrap(value: float) -> Real: ...


def wrap(value: bool | int | float) -> Flag | Number | Real:
    return Real()


def show_number() -> None:
    wrap(34).render()
