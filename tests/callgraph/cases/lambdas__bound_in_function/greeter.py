"""A lambda bound to a local name inside a function: qualified name greeter.greet.fmt."""


def title(name):
    return name.title()


def greet(names):
    fmt = lambda n: "Hello, " + title(n)  # noqa: E731
    return [fmt(n) for n in names]


if __name__ == "__main__":
    print(greet(["ann", "bob"]))
