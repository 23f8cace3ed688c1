"""A base class with a property."""


class Shape:
    sides = 0

    @property
    def name(self):
        return f"{type(self).__name__.lower()}:{self.sides}"
