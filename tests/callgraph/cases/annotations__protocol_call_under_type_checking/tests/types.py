"""A fixture's type: a Protocol declared only for the type checker, whose __call__ gives a TestClient."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from app.testclient import TestClient

if TYPE_CHECKING:

    class TestClientFactory(Protocol):  # pragma: no cover
        def __call__(
            self,
            app: object,
            base_url: str = "http://testserver",
        ) -> TestClient: ...
else:  # pragma: no cover

    class TestClientFactory:
        __test__ = False
