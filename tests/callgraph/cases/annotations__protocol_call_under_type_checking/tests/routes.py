"""Tests take the factory as a fixture typed by the Protocol, then call what the client it builds has."""
from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from app.testclient import Response
    from tests.types import TestClientFactory


def homepage(request: object) -> None:
    pass


def test_router(test_client_factory: TestClientFactory) -> None:
    client = test_client_factory(homepage)
    response = client.get("/")
    response.json()
    with test_client_factory(homepage) as other:
        other.post("/")


def check(response: Response) -> None:
    response.json()
