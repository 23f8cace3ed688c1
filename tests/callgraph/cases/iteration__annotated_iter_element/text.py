"""A container class whose `__iter__` is annotated `-> Iterator["Line"]`: a loop over it gives Lines."""
from typing import Iterator, List


class Line:
    def pad(self, width: int) -> "Line":
        return self


class Lines:
    def __init__(self, lines: List[Line]) -> None:
        self._lines = lines

    def __iter__(self) -> Iterator["Line"]:
        return iter(self._lines)


class Text:
    def split(self) -> Lines:
        return Lines([Line(), Line()])

    def wrap(self, width: int) -> None:
        for line in self.split():
            line.pad(width)
