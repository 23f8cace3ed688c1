"""A classmethod factory: cls(...) inside it constructs the class."""
import json


class Config:
    def __init__(self, values):
        self.values = values

    @classmethod
    def from_json(cls, text):
        return cls(json.loads(text))

    @classmethod
    def empty(cls):
        return cls.from_json("{}")


def load(text):
    return Config.from_json(text)


def default():
    return Config.empty()


if __name__ == "__main__":
    print(load('{"name": "x"}').values, default().values)
