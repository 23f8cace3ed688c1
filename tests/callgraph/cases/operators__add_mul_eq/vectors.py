"""Binary operators on instances of a workspace class call its dunder methods."""


class Vector:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other) -> "Vector":
        return Vector(self.x + other.x, self.y + other.y)

    def __mul__(self, k) -> "Vector":
        return Vector(self.x * k, self.y * k)

    def __eq__(self, other):
        return (self.x, self.y) == (other.x, other.y)


def midpoint(a: Vector, b: Vector) -> Vector:
    return (a + b) * 0.5


def check():
    v = Vector(1, 2)
    w = Vector(3, 4)
    return midpoint(v, w) == Vector(2, 3)


if __name__ == "__main__":
    print(check())
