"""Models."""


class Invoice:
    def __init__(self, lines):
        self.lines = lines

    def total(self):
        return sum(self.lines)
