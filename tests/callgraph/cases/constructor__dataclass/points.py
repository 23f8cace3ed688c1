"""A dataclass's generated __init__ is not in the source: the edge goes to the class."""
from dataclasses import dataclass


@dataclass
class Point:
    x: float
    y: float = 0.0

    def shifted(self, dx):
        return Point(self.x + dx, self.y)


def make():
    start = Point(0)
    return start.shifted(1)


if __name__ == "__main__":
    print(make())
