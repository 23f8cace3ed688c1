"""A tiny parser."""


class Parser:
    def __init__(self, sep):
        self.sep = sep

    def parse(self, text):
        return text.split(self.sep)
