"""Views."""


def render(name):
    return f"<h1>{name}</h1>"


def layout(body):
    return f"<main>{body}</main>"
