"""RPC transport with the same class and method names."""


class Client:
    def __init__(self, host):
        self.host = host

    def send(self, payload):
        return f"CALL {self.host} {payload}"
