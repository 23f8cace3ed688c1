"""A parameter typed as a base, narrowed to subclasses by isinstance: each branch's own member."""


class Shape:
    def area(self):
        return 0


class Circle(Shape):
    def radius(self):
        return 1


class Square(Shape):
    def side(self):
        return 2


def describe(s: Shape):
    if isinstance(s, Circle):
        return s.radius()
    if isinstance(s, (Square,)):
        return s.side()
    return s.area()


describe(Circle())
