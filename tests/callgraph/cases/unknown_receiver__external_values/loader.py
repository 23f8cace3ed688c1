"""Objects coming from the standard library or from dynamic lookups have unknown types."""
import importlib
import json


class Config:
    def get(self, key):
        return key

    def items(self):
        return []


class Server:
    def start(self):
        return "started"


def read(text):
    data = json.loads(text)
    return data.get("name"), list(data.items())


def boot(module_name, class_name):
    module = importlib.import_module(module_name)
    server = getattr(module, class_name)()
    return server.start()


def read_name(text):
    return read(text)[0]
