"""`Callable[..., X]`: calling what a parameter, an attribute or a function's result is declared as gives an X."""
from __future__ import annotations

import typing as t
from collections.abc import Callable


class Session:
    def send(self, request: str) -> None:
        pass


class Worker:
    def run(self) -> None:
        pass


FACTORIES: dict = {}


def session_factory() -> Callable[..., Session]:
    return FACTORIES["session"]


class Pool:
    def __init__(self, make_worker: t.Callable[[], Worker]) -> None:
        self.make_worker = make_worker

    def start(self) -> None:
        self.make_worker().run()


def transport(make_session: Callable[[str], Session], url: str) -> None:
    make_session(url).send("GET /")


def main() -> None:
    make = session_factory()
    make().send("HEAD /")
    transport(lambda url: Session(), "http://example.com")
