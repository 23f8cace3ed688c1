"""Base class with shared behaviour."""


class Animal:
    def __init__(self, name):
        self.name = name

    def describe(self):
        return f"{type(self).__name__.lower()} {self.name}"

    def speak(self):
        return f"{self.describe()} makes a sound"
