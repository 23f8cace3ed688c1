"""A function aliased in a class body through staticmethod()/classmethod(), called through self."""


def concat_all(parts):
    return "".join(parts)


def make_from(cls, text):
    return text.upper()


class Joiner:
    concat = staticmethod(concat_all)
    build = classmethod(make_from)

    def __init__(self, text=""):
        self.text = text

    def join(self, parts):
        return self.concat(parts)


print(Joiner().join(["a", "b"]), Joiner.build("x"))
