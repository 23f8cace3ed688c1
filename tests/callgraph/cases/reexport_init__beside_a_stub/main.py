import shapes
from shapes import fields


def build():
    point = shapes.make("Point", "x", "y")
    x = shapes.attrib(0)
    y = shapes.ib("a")
    return point, x, y


def describe(cls):
    return fields(cls), shapes.fields(cls)


if __name__ == "__main__":
    describe(build()[0])
