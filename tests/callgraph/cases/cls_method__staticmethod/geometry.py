"""Static methods called through the class, through self, and through an instance."""
import math


class Circle:
    def __init__(self, r):
        self.r = r

    @staticmethod
    def area_of(r):
        return math.pi * r * r

    @staticmethod
    def validate(r):
        if r < 0:
            raise ValueError(r)
        return r

    def area(self):
        return self.area_of(self.validate(self.r))

    def double_area(self):
        return 2 * Circle.area_of(self.r)


def unit_area():
    return Circle(1).area_of(1)


if __name__ == "__main__":
    print(Circle(2).area(), Circle(1).double_area(), unit_area())
