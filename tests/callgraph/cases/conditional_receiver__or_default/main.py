"""A receiver bound by `x or default()`: the default's type (and the parameter's, when annotated)."""


class Output:
    def write(self, text):
        return text


def get_default_output():
    return Output()


def emit(text, out=None):
    out = out or get_default_output()
    return out.write(text)


print(emit("a"))
