"""Generic functions outside classes (`def ensure(t: type[V]) -> V`, `def first(x: V) -> V`) and a
`ContextVar[T]`'s `get()`: the result is what the call passes."""
from __future__ import annotations

import typing as t
from contextvars import ContextVar

V = t.TypeVar("V")


class Request:
    def path(self) -> str:
        return "/"


class Config:
    def load(self) -> None:
        pass


class Route:
    def path(self) -> str:
        return "/route"


class Plugin:
    def load(self) -> None:
        pass


class Cache:
    def get(self, key: str) -> str:
        return key


class Store:
    def get(self, key: str) -> str:
        return key


_current: ContextVar[Request] = ContextVar("request")
_stores: ContextVar[t.Optional[Store]] = ContextVar("store", default=None)


_objects: dict[type, object] = {}


def ensure(object_type: type[V], default: t.Any = None) -> V:
    return t.cast(V, _objects[object_type])


def first(value: V, *others: t.Any) -> V:
    return t.cast(V, others[0] if others else value)


def handle() -> None:
    _current.get().path()
    ensure(Config).load()
    first(Request()).path()
    store = _stores.get()
    if store is not None:
        store.get("key")
