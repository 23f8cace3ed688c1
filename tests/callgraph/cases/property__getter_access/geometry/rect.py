"""Reading a @property attribute runs its getter."""


def clamp(v):
    return max(0, v)


class Rect:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    @property
    def area(self):
        return clamp(self.w) * clamp(self.h)

    @property
    def is_square(self):
        return self.w == self.h
