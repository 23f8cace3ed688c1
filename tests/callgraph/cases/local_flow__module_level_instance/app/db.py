"""Database client."""


class Client:
    def __init__(self, url):
        self.url = url
        self.connected = False

    def connect(self):
        self.connected = True
        return self

    def query(self, sql):
        return f"{self.url}: {sql}"
