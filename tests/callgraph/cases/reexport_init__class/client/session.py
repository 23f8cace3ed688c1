"""A session object."""


class Session:
    def __init__(self, base):
        self.base = base
        self.calls = []

    def get(self, path):
        return self._send("GET", path)

    def _send(self, method, path):
        self.calls.append((method, self.base + path))
        return len(self.calls)
