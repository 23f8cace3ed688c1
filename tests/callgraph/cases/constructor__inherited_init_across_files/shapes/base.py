"""Base shape with the only __init__."""


class Shape:
    def __init__(self, name, *dims):
        self.name = name
        self.dims = dims

    def describe(self):
        return f"{self.name}{self.dims}"
