"""An instance attribute holding a class (set from a parameter's default) or a function."""


class Widget:
    def __init__(self, name):
        self.name = name


def default_hook(w):
    return w.name


class Builder:
    def __init__(self, factory=Widget, hook=default_hook):
        self.factory = factory
        self.hook = hook

    def build(self, name):
        w = self.factory(name)
        return self.hook(w)


print(Builder().build("a"))
