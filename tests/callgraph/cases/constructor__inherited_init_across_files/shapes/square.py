"""A subclass with no __init__ of its own: Square(...) runs Shape.__init__."""
from .base import Shape


class Square(Shape):
    def area(self):
        return self.dims[0] ** 2


def unit_square():
    return Square("square", 1)
