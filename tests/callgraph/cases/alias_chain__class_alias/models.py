"""Aliases of a class and of a method; calls reach the original definitions."""


class HttpClient:
    def __init__(self, base):
        self.base = base

    def request(self, path):
        return self.base + path

    get = request


Client = HttpClient
DefaultClient = Client


def fetch(path):
    client = DefaultClient("http://x")
    return client.get(path)


if __name__ == "__main__":
    print(fetch("/a"))
