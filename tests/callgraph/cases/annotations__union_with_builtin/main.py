"""`Union[str, X]` and `str | X`: the workspace class's methods."""
from typing import Union


class Path:
    def resolve(self):
        return self


def norm(p: Union[str, Path]):
    return p.resolve()


def norm2(p: "str | Path"):
    return p.resolve()


norm(Path())
norm2(Path())
