"""A module-level `open` shadows the builtin for every function in this module."""
import io

_FILES = {"a.txt": "alpha"}


def open(path, mode="r"):
    return io.StringIO(_FILES.get(path, ""))


def read_all(path):
    with open(path) as fh:
        return fh.read()
