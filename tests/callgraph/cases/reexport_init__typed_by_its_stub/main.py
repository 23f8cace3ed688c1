from marks import frozen


class Point:
    def norm(self):
        return 0


class Line:
    def norm(self):
        return 1


FrozenPoint = frozen(Point)
FrozenLine = frozen(Line)


def use():
    return FrozenPoint().norm()
