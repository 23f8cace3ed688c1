"""Lambdas handed to workspace functions run there: the function calling one has the edge to it, and
the scope that makes one has an edge to it too (it makes it, and hands it on)."""


def fetch(url):
    return "data:" + url


def log_failure(exc):
    return "failed: " + str(exc)


def retry(action, attempts):
    for _ in range(attempts):
        result = action()
        if result:
            return result
    return None


def on_error(handler, exc):
    return handler(exc)


class Client:
    def __init__(self, base):
        self.base = base
        self.fallback = lambda exc: log_failure(exc)

    def get(self, path):
        return retry(lambda: fetch(self.base + path), 3)

    def fail(self, exc):
        return on_error(self.fallback, exc)

    def safe(self, exc):
        return on_error(lambda e: self.fail(e), exc)


if __name__ == "__main__":
    client = Client("http://example.org")
    print(client.get("/a"), client.safe(ValueError("boom")))
