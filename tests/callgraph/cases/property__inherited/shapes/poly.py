"""The subclass reads the inherited property through self."""
from .base import Shape


class Triangle(Shape):
    sides = 3

    def label(self):
        return self.name.upper()
