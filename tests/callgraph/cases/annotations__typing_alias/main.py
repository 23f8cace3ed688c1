"""Annotations written through `import typing as t`: Optional, Union, Type."""
import typing as t


class Session:
    def close(self):
        return None


class Plugin:
    def __init__(self):
        self.on = True

    def load(self):
        return self


def finish(s: t.Optional[Session]) -> None:
    if s is not None:
        s.close()


def either(p: t.Union[Plugin, None]):
    return p.load()


def make(kind: t.Type[Plugin]):
    return kind()


finish(Session())
either(make(Plugin))
