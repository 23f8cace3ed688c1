"""Same class name in two modules; the import decides which one is used."""
from transport import rpc
from transport.http import Client


def post(payload):
    return Client("web").send(payload)


def call(payload):
    client = rpc.Client("backend")
    return client.send(payload)


print(post("a"), call("b"))
