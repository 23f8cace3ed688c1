class Response:
    def json(self) -> dict:
        return {}


class TestClient:
    def __init__(self, app: object, base_url: str = "http://testserver") -> None:
        self.app = app
        self.base_url = base_url

    def get(self, url: str) -> Response:
        return Response()

    def post(self, url: str) -> Response:
        return Response()
