"""A generic container class: members declared to return its type variable T."""
from typing import List, TypeVar

T = TypeVar("T")


class Stack(List[T]):
    @property
    def top(self) -> T:
        return self[-1]

    def peek(self) -> T:
        return self[-1]
