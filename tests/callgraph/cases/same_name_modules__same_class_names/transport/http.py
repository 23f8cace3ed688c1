"""HTTP transport."""


class Client:
    def __init__(self, host):
        self.host = host

    def send(self, payload):
        return f"POST {self.host} {payload}"
