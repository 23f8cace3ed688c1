"""Tuple unpacking of an annotated return."""
from typing import Tuple


class Reader:
    def read(self):
        return ""


class Writer:
    def write(self, t):
        return t


def open_pair() -> Tuple[Reader, Writer]:
    return Reader(), Writer()


def open_pair2() -> "tuple[Reader, Writer]":
    return Reader(), Writer()


def copy():
    r, w = open_pair()
    w.write(r.read())
    a, b = open_pair2()
    return b.write(a.read())


copy()
